import crypto from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { deleteMediaLater, discardStored } from '#app/features/admin/media.server.ts'
import { getSettings } from '#app/features/settings/settings.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import type { Database } from '#app/lib/db-types.ts'
import { toIso } from '#app/lib/db-utils.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { msg } from '#app/lib/messages.ts'
import { getStorage } from '#app/lib/storage.server.ts'
import { formatDate, formatDateTime } from '#app/lib/tr.ts'
import type { ShareCardText } from './card-image.server.ts'

/**
 * Share cards: each published announcement, event and alumni news item has
 * a 1200×630 image for og:image, kept with the item (`share_card_key`) with
 * a fingerprint of what it shows (`share_card_fingerprint`). `drawShareCards`
 * draws the missing and outdated ones (a new item, an edited title, date or
 * cover, a new site name, a new design) and takes a draft's card away; it
 * runs in a child process the server starts after content writes, at start
 * and every hour (share-cards.jobs.server.ts), and from
 * `node scripts/share-cards.ts`.
 */

/** Moving it on redraws every card (at the next start): raise it when the layout, colours or logo change. */
export const SHARE_CARD_DESIGN = 1

export const SHARE_CARD_KINDS = ['announcements', 'events', 'alumni_news'] as const
export type ShareCardKind = (typeof SHARE_CARD_KINDS)[number]

/** Under the kind's own media folder (spec §3 "Files"). */
export const SHARE_CARD_FOLDERS: Record<ShareCardKind, string> = {
	announcements: 'announcements/og',
	events: 'events/og',
	alumni_news: 'alumni_news/og',
}

type Executor = Kysely<Database> | Transaction<Database>

/** One item as its card would show it now, and the card it has. */
export type ShareCardItem = {
	kind: ShareCardKind
	id: number
	/** Drafts have no card; events and alumni news are public once saved. */
	public: boolean
	text: ShareCardText
	/** The stored cover the card contains, or null (none, or an outside address the server does not fetch). */
	coverKey: string | null
	fingerprint: string
	storedKey: string | null
	storedFingerprint: string | null
}

const isStoredKey = (value: string | null | undefined): value is string =>
	Boolean(value && !/^(https?:)?\/\//i.test(value) && !value.startsWith('/'))

export function shareCardFingerprint(kind: ShareCardKind, text: ShareCardText, coverKey: string | null) {
	const shown = [SHARE_CARD_DESIGN, kind, text.kindLabel, text.title, text.date, coverKey, text.siteName]
	return crypto.createHash('sha256').update(JSON.stringify(shown)).digest('hex').slice(0, 32)
}

type Shown = { text: ShareCardText; coverKey: string | null; fingerprint: string }

/**
 * What a card shows, by the raw values it comes from: the check after every
 * content write reads every item, and formatting dates and hashing thousands
 * of them each time would cost more than reading them.
 */
const shownMemo = new Map<string, Shown>()
const SHOWN_MEMO_MAX = 20_000

function shownOf(
	kind: ShareCardKind,
	title: string,
	when: unknown,
	formatWhen: (iso: string) => string,
	covers: Array<string | null>,
	siteName: string,
): Shown {
	const memoKey = JSON.stringify([kind, title, when instanceof Date ? when.getTime() : when, covers, siteName])
	const known = shownMemo.get(memoKey)
	if (known) return known
	const iso = toIso(when)
	const text: ShareCardText = {
		kindLabel: msg.shareCards.kinds[kind],
		title: title.replace(/\s+/g, ' ').trim(),
		date: iso ? formatWhen(iso) : null,
		siteName,
	}
	const coverKey = covers.find(isStoredKey) ?? null
	const shown = { text, coverKey, fingerprint: shareCardFingerprint(kind, text, coverKey) }
	if (shownMemo.size >= SHOWN_MEMO_MAX) shownMemo.clear()
	shownMemo.set(memoKey, shown)
	return shown
}

type CardRow = { id: number; title: string; share_card_key: string | null; share_card_fingerprint: string | null }

function item(kind: ShareCardKind, row: CardRow, isPublic: boolean, shown: Shown): ShareCardItem {
	return {
		kind,
		id: row.id,
		public: isPublic,
		...shown,
		storedKey: row.share_card_key,
		storedFingerprint: row.share_card_fingerprint,
	}
}

const CARD_COLUMNS = ['id', 'title', 'share_card_key', 'share_card_fingerprint'] as const

/** Every item of the three kinds (or one), with what its card shows now: the dates as the pages print them, in Istanbul. */
export async function readShareCardItems(
	executor: Executor,
	siteName: string,
	only: { kind: ShareCardKind; id: number } | null = null,
): Promise<Array<ShareCardItem>> {
	const items: Array<ShareCardItem> = []
	if (!only || only.kind === 'announcements') {
		let query = executor.selectFrom('announcements').select([...CARD_COLUMNS, 'published_at', 'cover_url', 'hero_bg_url'])
		if (only) query = query.where('id', '=', only.id)
		for (const row of await query.execute()) {
			// A scheduled announcement gets its card now, so the page has it the moment it goes public.
			const shown = shownOf('announcements', row.title, row.published_at, formatDate, [row.cover_url, row.hero_bg_url], siteName)
			items.push(item('announcements', row, row.published_at !== null, shown))
		}
	}
	if (!only || only.kind === 'events') {
		let query = executor.selectFrom('events').select([...CARD_COLUMNS, 'starts_at', 'cover_url', 'hero_bg_url'])
		if (only) query = query.where('id', '=', only.id)
		for (const row of await query.execute()) {
			const shown = shownOf('events', row.title, row.starts_at, formatDateTime, [row.cover_url, row.hero_bg_url], siteName)
			items.push(item('events', row, true, shown))
		}
	}
	if (!only || only.kind === 'alumni_news') {
		let query = executor.selectFrom('alumni_news').select([...CARD_COLUMNS, 'created_at', 'cover_url', 'image_url'])
		if (only) query = query.where('id', '=', only.id)
		for (const row of await query.execute()) {
			// The detail page shows the cover first, else the image (alumni-news.server.ts).
			const shown = shownOf('alumni_news', row.title, row.created_at, formatDate, [row.cover_url, row.image_url], siteName)
			items.push(item('alumni_news', row, true, shown))
		}
	}
	return items
}

const needsDrawing = (entry: ShareCardItem) => entry.public && (!entry.storedKey || entry.storedFingerprint !== entry.fingerprint)
const needsRemoving = (entry: ShareCardItem) => !entry.public && entry.storedKey !== null

async function siteName() {
	return (await getSettings()).association.shortName
}

/** Whether any card is missing, outdated or on a draft: the server's cheap check before it starts a drawing process. */
export async function shareCardsNeedWork(): Promise<boolean> {
	const items = await readShareCardItems(db, await siteName())
	return items.some((entry) => needsDrawing(entry) || needsRemoving(entry))
}

/** The item changed (or its card did) while its card was drawn: the next round draws it again. */
class Superseded extends Error {
	override name = 'Superseded'
}

/** Reads the item again inside the write: its card is stored only if it still shows exactly this. */
async function stillAsPlanned(trx: Transaction<Database>, planned: ShareCardItem) {
	const [now] = await readShareCardItems(trx, planned.text.siteName, { kind: planned.kind, id: planned.id })
	return (
		now !== undefined && now.public === planned.public && now.fingerprint === planned.fingerprint && now.storedKey === planned.storedKey
	)
}

async function readCover(key: string): Promise<Buffer | null> {
	// A missing file draws the card without it; a storage error throws, and the card is tried again later.
	return (await getStorage().get(key))?.body ?? null
}

function cardKey(kind: ShareCardKind, id: number, ext: string) {
	// Never `-<w>x<h>.jpg` (that names an upload with WebP variants, see app/lib/media.ts).
	return `${SHARE_CARD_FOLDERS[kind]}/${id}-${Date.now().toString(36)}-${crypto.randomBytes(4).toString('hex')}-card.${ext}`
}

/** A card drawn and stored, not yet pointed at by its item. */
type DrawnCard = { planned: ShareCardItem; key: string }

/** Draws one item's card and stores the image; the item points at it once its batch is stored (`storeCards`). */
async function drawCard(planned: ShareCardItem): Promise<DrawnCard> {
	const { renderShareCard } = await import('./card-image.server.ts')
	const cover = planned.coverKey ? await readCover(planned.coverKey) : null
	const image = await renderShareCard(planned.text, cover)
	const key = cardKey(planned.kind, planned.id, image.ext)
	await getStorage().put(key, image.body, { contentType: image.contentType })
	return { planned, key }
}

/**
 * Points each item of a batch at its new card in one content write, so pages
 * show them at their next request and the render cache is renewed once per
 * batch, not once per card (drawing the cards of a few thousand imported
 * items renewed it ten times a second for minutes). The cards they replace go
 * through the deferred deletion. An item that changed meanwhile keeps what it
 * has and its new image is discarded (the next round draws it again).
 * Returns how many items now point at their new card; throws, with every
 * image of the batch discarded, when the write fails.
 */
async function storeCards(batch: Array<DrawnCard>): Promise<number> {
	if (batch.length === 0) return 0
	let superseded: Array<DrawnCard>
	try {
		superseded = await withContentWrite(db, async (trx) => {
			const changed: Array<DrawnCard> = []
			for (const drawn of batch) {
				if (!(await stillAsPlanned(trx, drawn.planned))) {
					changed.push(drawn)
					continue
				}
				await trx
					.updateTable(drawn.planned.kind)
					.set({ share_card_key: drawn.key, share_card_fingerprint: drawn.planned.fingerprint })
					.where('id', '=', drawn.planned.id)
					.execute()
				await deleteMediaLater(trx, [drawn.planned.storedKey])
			}
			return changed
		})
	} catch (error) {
		await discardStored(batch.map((drawn) => drawn.key))
		throw error
	}
	await discardStored(superseded.map((drawn) => drawn.key))
	return batch.length - superseded.length
}

/** A draft keeps no card: the page is not public, so neither is its image (deleted after the usual grace period). */
async function removeCard(planned: ShareCardItem): Promise<boolean> {
	try {
		await withContentWrite(db, async (trx) => {
			if (!(await stillAsPlanned(trx, planned))) throw new Superseded()
			await trx.updateTable(planned.kind).set({ share_card_key: null, share_card_fingerprint: null }).where('id', '=', planned.id).execute()
			await deleteMediaLater(trx, [planned.storedKey])
		})
		return true
	} catch (error) {
		if (error instanceof Superseded) return false
		throw error
	}
}

/** One drawing process at a time across workers and instances: a lease row in app_meta, renewed card by card. */
const LEASE_KEY = 'share-cards:lease'
const LEASE_MS = 2 * 60 * 1000

async function takeLease(owner: string, now = Date.now()): Promise<boolean> {
	const value = `${new Date(now + LEASE_MS).toISOString()} ${owner}`
	await db
		.insertInto('app_meta')
		.values({ key: LEASE_KEY, value })
		.onConflict((oc) =>
			oc
				.column('key')
				.doUpdateSet({ value })
				// ISO instants compare as text: an expired lease, or our own, is taken over.
				.where((eb) => eb.or([eb('app_meta.value', '<', new Date(now).toISOString()), eb('app_meta.value', 'like', `% ${owner}`)])),
		)
		.execute()
	const held = await db.selectFrom('app_meta').select('value').where('key', '=', LEASE_KEY).executeTakeFirst()
	return held?.value === value
}

async function releaseLease(owner: string) {
	await db.deleteFrom('app_meta').where('key', '=', LEASE_KEY).where('value', 'like', `% ${owner}`).execute()
}

/** `scripts/share-cards.ts` exits with this when another process holds the drawing lease (EX_TEMPFAIL). */
export const SHARE_CARDS_BUSY_EXIT = 75

export type ShareCardRun = {
	drawn: number
	removed: number
	failed: number
	/** Another process holds the lease: nothing was done. */
	busy: boolean
}

/** Rounds of re-reading: writes that land while cards are drawn are picked up before the lease goes. */
const MAX_ROUNDS = 20
/** Drawn cards are stored (one content write) at the end of each round, or sooner after this many cards or milliseconds. */
const BATCH_CARDS = 100
const BATCH_MS = 10_000

/**
 * Draws every missing or outdated card (`all`: every card once, e.g. after
 * changing the design) and removes drafts' cards. Re-reads the items until
 * nothing is left, so an edit saved meanwhile is drawn too. A card that
 * fails is logged and left for the next run.
 */
export async function drawShareCards({ all = false }: { all?: boolean } = {}): Promise<ShareCardRun> {
	const run: ShareCardRun = { drawn: 0, removed: 0, failed: 0, busy: false }
	const owner = `${process.pid}-${crypto.randomBytes(6).toString('hex')}`
	if (!(await takeLease(owner))) return { ...run, busy: true }
	const failed = new Set<string>()
	const forced = new Set<string>()
	const tag = (entry: ShareCardItem) => `${entry.kind}:${entry.id}`
	let batch: Array<DrawnCard> = []
	let batchStarted = 0
	const storeBatch = async () => {
		const drawn = batch
		batch = []
		try {
			run.drawn += await storeCards(drawn)
		} catch (error) {
			for (const { planned } of drawn) failed.add(`${tag(planned)}:${planned.fingerprint}`)
			run.failed += drawn.length
			logger.warn({ err: error, cards: drawn.length }, 'could not store share cards; will retry')
		}
	}
	try {
		for (let round = 0; round < MAX_ROUNDS; round++) {
			const items = await readShareCardItems(db, await siteName())
			const toRemove = items.filter(needsRemoving)
			const toDraw = items.filter(
				(entry) =>
					entry.public && !failed.has(`${tag(entry)}:${entry.fingerprint}`) && (needsDrawing(entry) || (all && !forced.has(tag(entry)))),
			)
			if (toRemove.length === 0 && toDraw.length === 0) break
			for (const entry of toRemove) if (await removeCard(entry)) run.removed++
			for (const entry of toDraw) {
				if (!(await takeLease(owner))) return run
				forced.add(tag(entry))
				try {
					if (batch.length === 0) batchStarted = Date.now()
					batch.push(await drawCard(entry))
				} catch (error) {
					failed.add(`${tag(entry)}:${entry.fingerprint}`)
					run.failed++
					logger.warn({ err: error, kind: entry.kind, id: entry.id }, 'could not draw a share card; will retry')
				}
				if (batch.length >= BATCH_CARDS || Date.now() - batchStarted >= BATCH_MS) await storeBatch()
			}
			await storeBatch()
		}
	} finally {
		// Cards drawn before an error or a lost lease are still stored (each is checked against its item).
		await storeBatch()
		await releaseLease(owner)
	}
	return run
}
