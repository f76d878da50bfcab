import { echoValues, failure, type ActionResult } from '#app/features/admin/admin-result.ts'
import { pdfFieldChange, withStoredFiles, type MediaChange } from '#app/features/admin/form-media.server.ts'
import { deleteMediaLater } from '#app/features/admin/media.server.ts'
import { moveToTrash } from '#app/features/admin/trash.server.ts'
import { recordCreate, revisedUpdate } from '#app/features/admin/revisions.server.ts'
import { reindexSearchDocument, removeSearchDocument } from '#app/features/search/search.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { isUniqueViolation, nowIso, toIso } from '#app/lib/db-utils.server.ts'
import { fileUrl } from '#app/lib/media.server.ts'
import { msg } from '#app/lib/messages.ts'
import { getStorage } from '#app/lib/storage.server.ts'
import { UploadError } from '#app/lib/uploads.server.ts'
import { extractBulletinText, forgetBulletinText, recordBulletinText, TEXT_PUT_OFF } from './bulletin-text.server.ts'
import { createBulletinCover } from './bulletins.server.ts'

export type BulletinAdminRow = {
	id: number
	year: number
	month: number
	pdfKey: string
	/** Where the PDF opens (new tab). */
	pdfHref: string | null
	createdAt: string | null
}

/** Spec §7: every bulletin, year descending then month descending. */
export async function listBulletinsForAdmin(): Promise<Array<BulletinAdminRow>> {
	const rows = await db
		.selectFrom('bulletins')
		.select(['id', 'year', 'month', 'pdf_url', 'created_at'])
		.orderBy('year', 'desc')
		.orderBy('month', 'desc')
		.execute()
	return rows.map((row) => ({
		id: row.id,
		year: row.year,
		month: row.month,
		pdfKey: row.pdf_url,
		pdfHref: fileUrl(row.pdf_url),
		createdAt: toIso(row.created_at),
	}))
}

type SaveInput = { id: number | null; year: number; month: number }

const pad = (n: number) => String(n).padStart(2, '0')

let lastStamp = 0
/** Spec §5 names bulletin files `YYYY-MM-<timestamp>`; two saves in one millisecond get distinct stamps. */
function uniqueStamp() {
	lastStamp = Math.max(Date.now(), lastStamp + 1)
	return lastStamp
}

/** The cover for a bulletin kept without a new PDF but still lacking one (e.g. imported rows). */
async function coverFromStoredPdf(key: string, year: number, month: number) {
	if (/^(https?:)?\//i.test(key)) return null
	const stored = await getStorage().get(key)
	return stored ? createBulletinCover(stored.body, { year, month, stamp: uniqueStamp() }) : null
}

/**
 * Saves a bulletin from the admin form. Spec §4: a year+month that already
 * has a bulletin is replaced (upsert on year+month), and editing replaces
 * the file. An edit that moves a bulletin onto a month another bulletin
 * holds replaces that one too: the edited bulletin stays, the other is
 * removed with its files, so one record remains per month.
 */
export async function saveBulletin(form: FormData, input: SaveInput): Promise<ActionResult> {
	const own =
		input.id === null
			? null
			: await db.selectFrom('bulletins').select(['id', 'pdf_url', 'cover_url']).where('id', '=', input.id).executeTakeFirst()
	if (input.id !== null && !own) throw new Error(msg.validation.notFound)

	const stamp = uniqueStamp()
	let pdf: Awaited<ReturnType<typeof pdfFieldChange>>
	try {
		pdf = await pdfFieldChange(
			form,
			{ file: 'pdf_file' },
			{
				folder: 'bulletins',
				current: own?.pdf_url ?? null,
				stem: `${input.year}-${pad(input.month)}-${stamp}`,
				required: msg.bulletins.pdfRequired,
			},
		)
	} catch (error) {
		if (!(error instanceof UploadError)) throw error
		return failure(400, error.message, { fieldErrors: { pdf_file: error.message }, values: echoValues(form) })
	}

	const changes: Array<MediaChange> = [pdf]
	const id = await withStoredFiles(changes, async () => {
		const cover = pdf.bytes
			? await createBulletinCover(pdf.bytes, { ...input, stamp })
			: own && !own.cover_url
				? await coverFromStoredPdf(own.pdf_url, input.year, input.month)
				: null
		if (cover) changes.push({ key: cover.key, stored: [cover.key], replaced: [] })
		// The new PDF's text for the search, read while the bytes are at hand. A PDF whose first
		// page could not even be drawn in time is not read again now: the background pass does it later.
		const text = pdf.bytes ? (cover?.rendered ? await extractBulletinText(pdf.bytes) : TEXT_PUT_OFF) : null

		const write = () =>
			withContentWrite(db, async (trx) => {
				const now = nowIso()
				const mine =
					input.id === null
						? null
						: await trx.selectFrom('bulletins').select(['id', 'pdf_url', 'cover_url']).where('id', '=', input.id).executeTakeFirst()
				if (input.id !== null && !mine) throw new Error(msg.validation.notFound)

				const pdfKey = pdf.stored.length > 0 ? pdf.key : (mine?.pdf_url ?? pdf.key)
				if (!pdfKey) throw new UploadError(msg.bulletins.pdfRequired)
				const coverKey = cover?.key ?? mine?.cover_url ?? null
				const fields = { year: input.year, month: input.month, pdf_url: pdfKey, cover_url: coverKey, updated_at: now }
				const unused: Array<string | null> = [...pdf.replaced]
				const slotQuery = trx
					.selectFrom('bulletins')
					.select(['id', 'pdf_url', 'cover_url'])
					.where('year', '=', input.year)
					.where('month', '=', input.month)
				let savedId: number

				if (mine) {
					const slot = await slotQuery.where('id', '!=', mine.id).executeTakeFirst()
					if (slot) {
						await trx.deleteFrom('bulletins').where('id', '=', slot.id).execute()
						await forgetBulletinText(trx, slot.id)
						await removeSearchDocument('bulletin', slot.id, trx)
						unused.push(slot.pdf_url, slot.cover_url)
					}
					await revisedUpdate(trx, 'bulletins', mine.id, () => trx.updateTable('bulletins').set(fields).where('id', '=', mine.id).execute())
					unused.push(mine.pdf_url, mine.cover_url)
					savedId = mine.id
				} else {
					// Spec §7: upsert with year+month as the conflict key. DO NOTHING waits for a
					// concurrent insert of the same month to commit, so the update below replaces it.
					const inserted = await trx
						.insertInto('bulletins')
						.values({ ...fields, created_at: now })
						.onConflict((oc) => oc.columns(['year', 'month']).doNothing())
						.returning('id')
						.executeTakeFirst()
					if (inserted) {
						savedId = inserted.id
						await recordCreate(trx, 'bulletins', savedId)
					} else {
						const slot = await slotQuery.executeTakeFirstOrThrow()
						await revisedUpdate(trx, 'bulletins', slot.id, () =>
							trx.updateTable('bulletins').set(fields).where('id', '=', slot.id).execute(),
						)
						unused.push(slot.pdf_url, slot.cover_url)
						savedId = slot.id
					}
				}
				await deleteMediaLater(
					trx,
					unused.filter((key) => key !== pdfKey && key !== coverKey),
				)
				if (text) await recordBulletinText(trx, { id: savedId, year: input.year, month: input.month, pdfKey }, text)
				await reindexSearchDocument('bulletin', savedId, trx)
				return savedId
			})

		try {
			return await write()
		} catch (error) {
			// An edit moved onto a month while another save created it: try once more, it replaces that one.
			if (isUniqueViolation(error)) return write()
			throw error
		}
	})
	return { ok: true, id }
}

/** Moves a bulletin to the trash (restorable for 30 days, its PDF and cover kept until the purge). */
export async function deleteBulletin(id: number) {
	await withContentWrite(db, async (trx) => {
		await moveToTrash(trx, 'bulletins', id)
		await removeSearchDocument('bulletin', id, trx)
	})
}
