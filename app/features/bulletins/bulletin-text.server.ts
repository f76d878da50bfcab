import crypto from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { reindexSearchDocument } from '#app/features/search/search.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { getDatabase } from '#app/lib/db.server.ts'
import type { Database } from '#app/lib/db-types.ts'
import { logger } from '#app/lib/logger.server.ts'
import { extractPdfPages, looksLikePdf, PDF_DEADLINE_MS, PdfError } from '#app/lib/pdf.server.ts'
import type { PdfProblem } from '#app/lib/pdf-worker.server.ts'
import { assertSafeKey, type StorageDriver } from '#app/lib/storage-driver.server.ts'
import { getStorage } from '#app/lib/storage.server.ts'
import { MAX_PDF_BYTES } from '#app/lib/uploads.server.ts'

/**
 * The text of the bulletin PDFs, for the site search.
 *
 * A bulletin's PDF is read page by page (mupdf, in the PDF worker with its
 * usual limits) when it is uploaded, and the text of each page is kept in
 * `bulletin_pages`; the search indexes one document per page
 * (search.server.ts). `bulletin_texts` records which stored PDF the text
 * came from, so a restart never reads a PDF twice, and a PDF that cannot be
 * read is marked and not tried again until it is replaced.
 *
 * Bulletins whose text is missing (an existing archive, the demo, an upload
 * whose reading ran out of time) are read by a background pass
 * (`startBulletinTextPass`) at start and every hour; a reading that failed
 * in a way that may pass (a timeout) is tried again after RETRY_AFTER_MS,
 * up to MAX_ATTEMPTS times. Each bulletin is claimed first (a token in its `bulletin_texts` row), so
 * several processes or instances share the work instead of repeating it,
 * and a result is written only while the row still carries the claim's
 * token; a claim lapses after LEASE_MS, so a process that died mid-way
 * leaves nothing stuck.
 */

/** At most this much text per page and per bulletin (what each search process holds in memory). */
export const BULLETIN_TEXT_LIMITS = { maxPageChars: 10_000, maxChars: 150_000 } as const
/**
 * The pass has nobody waiting on it: a long PDF gets twice the time it gets
 * at upload (PDF_DEADLINE_MS), but no more, since PDF jobs take turns and an
 * upload may be waiting behind it.
 */
export const PASS_DEADLINE_MS = 2 * PDF_DEADLINE_MS
const LEASE_MS = 10 * 60_000
/** After a failure that may pass (a timeout on a busy server), the PDF is tried again at a later pass, at most MAX_ATTEMPTS times. */
const RETRY_AFTER_MS = 30 * 60_000
const MAX_ATTEMPTS = 3
/** Bulletins read before their text is written in one content write (each write reloads every process's search index). */
const BATCH = 4
const EPOCH = new Date(0).toISOString()

/** Failures that reading the same PDF again would repeat. */
const PERMANENT_PROBLEMS: ReadonlySet<PdfProblem> = new Set([
	'unreadable',
	'encrypted',
	'no-pages',
	'too-many-pages',
	'page-size',
	'memory',
])

type Executor = Kysely<Database> | Transaction<Database>

export type BulletinText = { ok: true; pages: Array<string> } | { ok: false; permanent: boolean; detail: string }

/** An upload whose first page could not be drawn in time is read by a later pass, not at once. */
export const TEXT_PUT_OFF: BulletinText = {
	ok: false,
	permanent: false,
	detail: 'the first page could not be drawn in time; the text is read by a later pass',
}

const newClaim = () => crypto.randomBytes(9).toString('base64url')

/** Reads a PDF's text page by page within the limits; never throws for a PDF the engine refuses. */
export async function extractBulletinText(pdf: Uint8Array, timeoutMs = PDF_DEADLINE_MS): Promise<BulletinText> {
	try {
		const { pages } = await extractPdfPages(pdf, BULLETIN_TEXT_LIMITS, { timeoutMs })
		return { ok: true, pages }
	} catch (error) {
		if (error instanceof PdfError) return { ok: false, permanent: PERMANENT_PROBLEMS.has(error.problem), detail: error.message }
		throw error
	}
}

/**
 * Keeps the text of `pdfKey` as the bulletin's (replacing any earlier
 * text), inside the caller's content write; the caller then reindexes the
 * bulletin. Pages without text get no row.
 */
export async function storeBulletinText(trx: Transaction<Database>, bulletinId: number, pdfKey: string, pages: Array<string>) {
	await trx.deleteFrom('bulletin_pages').where('bulletin_id', '=', bulletinId).execute()
	const rows = pages.flatMap((text, i) => (text ? [{ bulletin_id: bulletinId, page: i + 1, text }] : []))
	for (let i = 0; i < rows.length; i += 100)
		await trx
			.insertInto('bulletin_pages')
			.values(rows.slice(i, i + 100))
			.execute()
	const fields = {
		pdf_url: pdfKey,
		status: 'done' as const,
		pages: rows.length,
		attempts: 0,
		detail: null,
		claim: newClaim(),
		claimed_until: null,
		updated_at: new Date().toISOString(),
	}
	await trx
		.insertInto('bulletin_texts')
		.values({ bulletin_id: bulletinId, ...fields })
		.onConflict((oc) => oc.column('bulletin_id').doUpdateSet(fields))
		.execute()
}

type Unread = Extract<BulletinText, { ok: false }>
type BulletinRef = { id: number; year: number; month: number; pdfKey: string }

/** The bulletin_texts fields after a failed reading (the `attempts`-th for this PDF): retried later, or given up. */
function unreadFields(text: Unread, attempts: number, now: Date) {
	const giveUp = text.permanent || attempts >= MAX_ATTEMPTS
	return {
		status: giveUp ? ('failed' as const) : ('retry' as const),
		attempts,
		detail: text.detail.slice(0, 500),
		claim: newClaim(),
		claimed_until: giveUp ? null : new Date(now.getTime() + RETRY_AFTER_MS).toISOString(),
		updated_at: now.toISOString(),
	}
}

function logUnread(bulletin: BulletinRef, fields: ReturnType<typeof unreadFields>) {
	const where = { bulletinId: bulletin.id, year: bulletin.year, month: bulletin.month, pdf: bulletin.pdfKey, detail: fields.detail }
	// Once per PDF: a failed PDF is not tried again until it is replaced.
	if (fields.status === 'failed')
		logger.warn(where, 'bulletin PDF text cannot be read; it stays out of the search until the PDF is replaced')
	else logger.info({ ...where, attempts: fields.attempts }, 'bulletin PDF text not read this time; tried again later')
}

/**
 * What an upload's reading gave, inside the save's content write: the text
 * of the new PDF, or a mark that it could not be read (tried again by a
 * later pass when the failure may pass). The caller then reindexes.
 */
export async function recordBulletinText(trx: Transaction<Database>, bulletin: BulletinRef, text: BulletinText, now = new Date()) {
	if (text.ok) return storeBulletinText(trx, bulletin.id, bulletin.pdfKey, text.pages)
	await trx.deleteFrom('bulletin_pages').where('bulletin_id', '=', bulletin.id).execute()
	const fields = { pdf_url: bulletin.pdfKey, pages: 0, ...unreadFields(text, 1, now) }
	await trx
		.insertInto('bulletin_texts')
		.values({ bulletin_id: bulletin.id, ...fields })
		.onConflict((oc) => oc.column('bulletin_id').doUpdateSet(fields))
		.execute()
	logUnread(bulletin, fields)
}

/** Drops a bulletin's text for good (the bulletin itself is gone: purged from the trash, or replaced by another). */
export async function forgetBulletinText(executor: Executor, bulletinId: number) {
	await executor.deleteFrom('bulletin_pages').where('bulletin_id', '=', bulletinId).execute()
	await executor.deleteFrom('bulletin_texts').where('bulletin_id', '=', bulletinId).execute()
}

/**
 * Makes the next pass read bulletins again: those marked unreadable
 * (`failed`), or every one (`all`: after PDF files were replaced in the
 * media store directly, or to read the archive with a newer PDF engine).
 * Returns how many bulletins were queued.
 */
export async function requeueBulletinTexts(database: Kysely<Database>, which: 'failed' | 'all'): Promise<number> {
	let query = database
		.updateTable('bulletin_texts')
		.set({ status: 'retry', attempts: 0, claim: newClaim(), claimed_until: EPOCH, updated_at: new Date().toISOString() })
	if (which === 'failed') query = query.where('status', '=', 'failed')
	const result = await query.executeTakeFirst()
	return Number(result.numUpdatedRows)
}

type Candidate = {
	id: number
	year: number
	month: number
	pdf_url: string
	/** Null: no bulletin_texts row yet. */
	claim: string | null
	text_pdf: string | null
	attempts: number | null
}

/** Bulletins whose current PDF has no text yet and that nobody is reading now, newest first. */
function findCandidates(database: Kysely<Database>, now: Date, skip: ReadonlyArray<number>) {
	let query = database
		.selectFrom('bulletins as b')
		.leftJoin('bulletin_texts as t', 't.bulletin_id', 'b.id')
		.select(['b.id', 'b.year', 'b.month', 'b.pdf_url', 't.claim', 't.pdf_url as text_pdf', 't.attempts'])
		.where((eb) =>
			eb.or([
				eb('t.bulletin_id', 'is', null),
				eb('t.pdf_url', '!=', eb.ref('b.pdf_url')),
				eb.and([eb('t.status', 'in', ['working', 'retry']), eb('t.claimed_until', '<', now.toISOString())]),
			]),
		)
	if (skip.length > 0) query = query.where('b.id', 'not in', skip)
	return query.orderBy('b.year', 'desc').orderBy('b.month', 'desc').orderBy('b.id', 'desc').limit(BATCH).execute()
}

type Claimed = { candidate: Candidate; claim: string; attempts: number }

/** Takes the bulletin for this process; null when another process took it first. */
async function claimBulletin(database: Kysely<Database>, candidate: Candidate, now: Date): Promise<Claimed | null> {
	const claim = newClaim()
	// A new PDF starts its count of failed attempts again.
	const attempts = candidate.text_pdf === candidate.pdf_url ? Number(candidate.attempts ?? 0) : 0
	const fields = {
		pdf_url: candidate.pdf_url,
		status: 'working' as const,
		attempts,
		claim,
		claimed_until: new Date(now.getTime() + LEASE_MS).toISOString(),
		updated_at: now.toISOString(),
	}
	if (candidate.claim === null) {
		const inserted = await database
			.insertInto('bulletin_texts')
			.values({ bulletin_id: candidate.id, ...fields })
			.onConflict((oc) => oc.column('bulletin_id').doNothing())
			.executeTakeFirst()
		return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? { candidate, claim, attempts } : null
	}
	const updated = await database
		.updateTable('bulletin_texts')
		.set(fields)
		.where('bulletin_id', '=', candidate.id)
		.where('claim', '=', candidate.claim)
		.executeTakeFirst()
	return Number(updated.numUpdatedRows) > 0 ? { candidate, claim, attempts } : null
}

/** The PDF's bytes from the media store, or why it cannot be read (permanent unless the store failed). */
async function readStoredPdf(
	storage: StorageDriver,
	key: string,
): Promise<{ ok: true; bytes: Uint8Array } | Extract<BulletinText, { ok: false }>> {
	try {
		assertSafeKey(key)
	} catch {
		return { ok: false, permanent: true, detail: 'the PDF is not in the media store' }
	}
	let stored: Awaited<ReturnType<StorageDriver['get']>>
	try {
		stored = await storage.get(key)
	} catch (error) {
		return { ok: false, permanent: false, detail: `the media store failed: ${String((error as Error)?.message ?? error)}` }
	}
	if (!stored) return { ok: false, permanent: true, detail: 'the PDF file is missing from the media store' }
	if (stored.body.length > MAX_PDF_BYTES) return { ok: false, permanent: true, detail: `the PDF is larger than ${MAX_PDF_BYTES} bytes` }
	if (!looksLikePdf(stored.body)) return { ok: false, permanent: true, detail: 'the file is not a PDF' }
	return { ok: true, bytes: stored.body }
}

type Outcome = Claimed & { text: BulletinText }

/** Writes a batch's texts (one content write: the search index and the cached pages change) and failures. */
async function writeOutcomes(database: Kysely<Database>, outcomes: Array<Outcome>, now: Date) {
	const read = outcomes.filter((o) => o.text.ok)
	let written = 0
	if (read.length > 0) {
		written = await withContentWrite(database, async (trx) => {
			let count = 0
			for (const { candidate, claim, text } of read) {
				if (!text.ok) continue
				// Someone changed the row meanwhile (a new upload stored its own text, the purge, another process): theirs stands.
				const mine = await trx
					.selectFrom('bulletin_texts')
					.select('bulletin_id')
					.where('bulletin_id', '=', candidate.id)
					.where('claim', '=', claim)
					.executeTakeFirst()
				if (!mine) continue
				await storeBulletinText(trx, candidate.id, candidate.pdf_url, text.pages)
				await reindexSearchDocument('bulletin', candidate.id, trx)
				count++
			}
			return count
		})
	}
	let failed = 0
	let retrying = 0
	for (const { candidate, claim, text, attempts } of outcomes) {
		if (text.ok) continue
		// A failure marks only a row this process still holds; the pages of an earlier PDF are invisible already.
		const fields = unreadFields(text, attempts + 1, now)
		const updated = await database
			.updateTable('bulletin_texts')
			.set(fields)
			.where('bulletin_id', '=', candidate.id)
			.where('claim', '=', claim)
			.executeTakeFirst()
		if (Number(updated.numUpdatedRows) === 0) continue
		if (fields.status === 'failed') failed++
		else retrying++
		logUnread({ id: candidate.id, year: candidate.year, month: candidate.month, pdfKey: candidate.pdf_url }, fields)
	}
	return { written, failed, retrying }
}

/** Gives claims back at once (the process is stopping), so the next start takes them up without waiting for the lease. */
async function releaseClaims(database: Kysely<Database>, claimed: Array<Claimed>) {
	for (const { candidate, claim } of claimed)
		await database
			.updateTable('bulletin_texts')
			.set({ claimed_until: EPOCH })
			.where('bulletin_id', '=', candidate.id)
			.where('claim', '=', claim)
			.where('status', '=', 'working')
			.execute()
}

export type BulletinTextPassResult = { indexed: number; failed: number; retrying: number }

/**
 * One pass over the bulletins whose current PDF has no text yet: claims a
 * few, reads them one after the other, writes their text and search
 * documents, and goes on until none is left (a PDF is tried once per pass).
 * Stops between PDFs when `signal` aborts, giving its claims back.
 */
export async function indexBulletinTexts({
	signal,
	database = getDatabase().db,
	storage = getStorage(),
	timeoutMs = PASS_DEADLINE_MS,
	clock = () => new Date(),
}: {
	signal?: AbortSignal
	database?: Kysely<Database>
	storage?: StorageDriver
	timeoutMs?: number
	clock?: () => Date
} = {}): Promise<BulletinTextPassResult> {
	const total: BulletinTextPassResult = { indexed: 0, failed: 0, retrying: 0 }
	const tried: Array<number> = []
	const stopped = new Promise<'stopped'>((resolve) => {
		if (signal?.aborted) resolve('stopped')
		signal?.addEventListener('abort', () => resolve('stopped'), { once: true })
	})
	for (;;) {
		if (signal?.aborted) break
		const candidates = await findCandidates(database, clock(), tried)
		if (candidates.length === 0) break
		const outcomes: Array<Outcome> = []
		const claimed: Array<Claimed> = []
		for (const candidate of candidates) {
			tried.push(candidate.id)
			if (signal?.aborted) break
			const claim = await claimBulletin(database, candidate, clock())
			if (!claim) continue
			claimed.push(claim)
			const text = await Promise.race([
				(async (): Promise<BulletinText> => {
					const pdf = await readStoredPdf(storage, candidate.pdf_url)
					return pdf.ok ? extractBulletinText(pdf.bytes, timeoutMs) : pdf
				})(),
				stopped,
			])
			if (text === 'stopped') break
			outcomes.push({ ...claim, text })
		}
		if (signal?.aborted) {
			await releaseClaims(database, claimed)
			break
		}
		const result = await writeOutcomes(database, outcomes, clock())
		total.indexed += result.written
		total.failed += result.failed
		total.retrying += result.retrying
	}
	return total
}

let running: { promise: Promise<void>; again: boolean; controller: AbortController } | null = null

/**
 * Runs the pass in the background of this process (at most one at a time:
 * asked while one runs, it goes round once more after it). Never throws;
 * a failure is logged and the next pass (every hour) tries again.
 */
export function startBulletinTextPass(): Promise<void> {
	if (running) {
		running.again = true
		return running.promise
	}
	const controller = new AbortController()
	const state = { again: false, controller, promise: Promise.resolve() }
	state.promise = (async () => {
		const started = performance.now()
		const total: BulletinTextPassResult = { indexed: 0, failed: 0, retrying: 0 }
		do {
			state.again = false
			const result = await indexBulletinTexts({ signal: controller.signal })
			total.indexed += result.indexed
			total.failed += result.failed
			total.retrying += result.retrying
		} while (state.again && !controller.signal.aborted)
		if (total.indexed + total.failed + total.retrying > 0)
			logger.info({ ...total, ms: Math.round(performance.now() - started) }, 'bulletin texts indexed for the search')
	})()
		.catch((error: unknown) => logger.warn({ err: error }, 'bulletin text indexing failed; the next pass tries again'))
		.finally(() => {
			if (running === state) running = null
		})
	running = state
	return state.promise
}

/** Stops this process's pass between two PDFs (at shutdown, before the database closes). */
export async function stopBulletinTextPass() {
	const current = running
	if (!current) return
	current.controller.abort()
	await current.promise
}
