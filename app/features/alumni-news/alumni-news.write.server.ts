import type { Kysely, Transaction } from 'kysely'
import { echoValues, failure, type ActionResult } from '#app/features/admin/admin-result.ts'
import { imageFieldChange, withStoredFiles, type MediaChange } from '#app/features/admin/form-media.server.ts'
import { deleteMediaLater, keepMedia } from '#app/features/admin/media.server.ts'
import { recordCreate, revisedUpdate } from '#app/features/admin/revisions.server.ts'
import { moveToTrash, slugInTrash } from '#app/features/admin/trash.server.ts'
import { reindexSearchDocument, removeSearchDocument } from '#app/features/search/search.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import type { Database } from '#app/lib/db-types.ts'
import { isUniqueViolation, nowIso, toIso } from '#app/lib/db-utils.server.ts'
import type { ImageRef } from '#app/lib/media.ts'
import { imageRef } from '#app/lib/media.server.ts'
import { msg } from '#app/lib/messages.ts'
import { freeSlug, slugify } from '#app/lib/slug.ts'
import { UploadError } from '#app/lib/uploads.server.ts'

/** Spec §9: alumni news slugs are at most 140 characters, 'haber' when nothing is left of the title. */
export const NEWS_SLUG_MAX = 140
const NEWS_SLUG_FALLBACK = 'haber'

export type AlumniNewsAdminRow = {
	id: number
	slug: string
	title: string
	link: string | null
	description: string | null
	image: ImageRef | null
	/** The stored image key (the form's picker shows it; the server never trusts it back). */
	imageKey: string | null
	createdAt: string | null
}

type Executor = Kysely<Database> | Transaction<Database>

export function newsSlugBase(title: string) {
	return slugify(title, { max: NEWS_SLUG_MAX, fallback: NEWS_SLUG_FALLBACK })
}

/** Spec §7: every item, newest first. */
export async function listAlumniNewsForAdmin(): Promise<Array<AlumniNewsAdminRow>> {
	const rows = await db
		.selectFrom('alumni_news')
		.select(['id', 'slug', 'title', 'link', 'description', 'image_url', 'cover_url', 'created_at'])
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.execute()
	return rows.map((row) => ({
		id: row.id,
		slug: row.slug,
		title: row.title,
		link: row.link,
		description: row.description,
		image: imageRef(row.cover_url) ?? imageRef(row.image_url),
		imageKey: row.cover_url ?? row.image_url,
		createdAt: toIso(row.created_at),
	}))
}

/**
 * Spec §5: the slug comes from the title (max 140, default 'haber'); a slug
 * another item has gets '-' and four random base-36 characters. An edit that
 * keeps the title keeps the address.
 */
export async function chooseNewsSlug(
	executor: Executor,
	title: string,
	own: { id: number; title: string; slug: string } | null,
): Promise<string> {
	if (own && own.title === title) return own.slug
	const base = newsSlugBase(title)
	if (own?.slug === base) return base
	return freeSlug(base, NEWS_SLUG_MAX, async (slug) => {
		let query = executor.selectFrom('alumni_news').select('id').where('slug', '=', slug)
		if (own) query = query.where('id', '!=', own.id)
		// A trashed item keeps its address until the purge, so restoring it never finds its slug taken.
		return (await query.executeTakeFirst()) !== undefined || slugInTrash(executor, 'alumni_news', slug)
	})
}

type SaveInput = { id: number | null; title: string; link: string | null; description: string | null }

/** A new upload's key is only ours to discard on failure when no item uses that name already. */
async function isUnusedKey(key: string) {
	const used = await db
		.selectFrom('alumni_news')
		.select('id')
		.where((eb) => eb.or([eb('image_url', '=', key), eb('cover_url', '=', key)]))
		.executeTakeFirst()
	return !used
}

export async function saveAlumniNews(form: FormData, input: SaveInput): Promise<ActionResult> {
	const own =
		input.id === null
			? null
			: await db.selectFrom('alumni_news').select(['id', 'image_url', 'cover_url']).where('id', '=', input.id).executeTakeFirst()
	if (input.id !== null && !own) throw new Error(msg.validation.notFound)
	// The public pages prefer an (imported) cover to the image; the admin edits what is shown.
	const shownImage = own?.cover_url ?? own?.image_url ?? null

	let image: MediaChange
	try {
		// Spec §5: alumni news images are named `<timestamp>-<title slug>`, overwrite allowed.
		image = await imageFieldChange(
			form,
			{ file: 'image_file', remove: 'image_key_remove' },
			{
				folder: 'alumni_news',
				current: shownImage,
				stem: `${Date.now()}-${newsSlugBase(input.title)}`,
				overwrite: true,
			},
		)
	} catch (error) {
		if (!(error instanceof UploadError)) throw error
		return failure(400, error.message, { fieldErrors: { image_file: error.message }, values: echoValues(form) })
	}
	const imageChanged = image.key !== shownImage
	if (imageChanged && image.key && (await isUnusedKey(image.key))) image = { ...image, stored: [image.key] }

	const id = await withStoredFiles([image], async () => {
		const write = () =>
			withContentWrite(db, async (trx) => {
				const stamp = nowIso()
				const mine =
					input.id === null
						? null
						: await trx
								.selectFrom('alumni_news')
								.select(['id', 'title', 'slug', 'image_url', 'cover_url'])
								.where('id', '=', input.id)
								.executeTakeFirst()
				if (input.id !== null && !mine) throw new Error(msg.validation.notFound)
				// On the retry the winner's slug is committed, so the choice falls on a free suffix.
				const slug = await chooseNewsSlug(trx, input.title, mine ?? null)
				const fields = { title: input.title, slug, link: input.link, description: input.description }
				let savedId: number
				if (mine) {
					const images = imageChanged ? { image_url: image.key, cover_url: null } : {}
					await revisedUpdate(trx, 'alumni_news', mine.id, () =>
						trx
							.updateTable('alumni_news')
							.set({ ...fields, ...images, updated_at: stamp })
							.where('id', '=', mine.id)
							.execute(),
					)
					if (imageChanged) {
						await deleteMediaLater(
							trx,
							[...image.replaced, mine.image_url, mine.cover_url].filter((key) => key !== image.key),
						)
					}
					savedId = mine.id
				} else {
					const row = await trx
						.insertInto('alumni_news')
						.values({ ...fields, image_url: image.key, cover_url: null, created_at: stamp, updated_at: stamp })
						.returning('id')
						.executeTakeFirstOrThrow()
					savedId = row.id
					await recordCreate(trx, 'alumni_news', savedId)
				}
				await keepMedia(trx, [image.key])
				await reindexSearchDocument('alumni_news', savedId, trx)
				return savedId
			})
		try {
			return await write()
		} catch (error) {
			// Spec §5: two saves racing for one slug; the loser takes a new suffix, once.
			if (isUniqueViolation(error)) return write()
			throw error
		}
	})
	return { ok: true, id }
}

/** Moves an alumni news item to the trash (restorable for 30 days; its slug stays taken until the purge). */
export async function deleteAlumniNews(id: number) {
	await withContentWrite(db, async (trx) => {
		await moveToTrash(trx, 'alumni_news', id)
		await removeSearchDocument('alumni_news', id, trx)
	})
}
