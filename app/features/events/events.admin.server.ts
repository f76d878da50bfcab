import { echoValues, failure, firstIssues, type ActionResult } from '#app/features/admin/admin-result.ts'
import {
	type AdminContext,
	type AdminTabServer,
	deleteIntent,
	describeError,
	editId,
	formId,
	guarded,
	unknownIntent,
} from '#app/features/admin/admin-tab.server.ts'
import { storeImageFields, withStoredFiles, type MediaChange } from '#app/features/admin/form-media.server.ts'
import { deleteMediaLater } from '#app/features/admin/media.server.ts'
import { formFields } from '#app/features/admin/schema-fields.ts'
import { reindexSearchDocument, removeSearchDocument } from '#app/features/search/search.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { isUniqueViolation, nowIso, toBool, toIso } from '#app/lib/db-utils.server.ts'
import { parseGallery } from '#app/lib/gallery.ts'
import { sanitizeHtml } from '#app/lib/html.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import type { ImageRef } from '#app/lib/media.ts'
import { imageRef } from '#app/lib/media.server.ts'
import { msg } from '#app/lib/messages.ts'
import { withSuffix } from '#app/lib/slug.ts'
import { formatDateTime, isoToIstanbulLocal } from '#app/lib/tr.ts'
import { EVENT_FIELDS, EVENT_SLUG_MAX, EventFormSchema, type EventForm } from './events.schema.ts'

export type EventAdminRow = {
	id: number
	slug: string
	title: string
	startsAt: string | null
	/** The start in Turkish, Istanbul time (formatted here so server and browser show the same text). */
	when: string | null
	featuredHome: boolean
	location: string | null
}

export type EventEditing = {
	id: number
	slug: string
	title: string
	lead: string
	body: string
	/** datetime-local values, Istanbul time. */
	startsAt: string
	endsAt: string
	location: string
	coverKey: string | null
	cover: ImageRef | null
	heroKey: string | null
	hero: ImageRef | null
	featuredHome: boolean
	featuredUntil: string
}

export type EventsAdminData = {
	rows: Array<EventAdminRow>
	editing: EventEditing | null
	/** Spec §8: a failed events list load is shown as an alert. */
	loadError: string | null
}

export const EVENT_FOLDERS = { cover: 'events', hero: 'events/hero_bg' } as const

/** Spec §7 "Admin operations": events by starts_at descending (undated last). */
export async function listEventsForAdmin(): Promise<Array<EventAdminRow>> {
	const rows = await db
		.selectFrom('events')
		.select(['id', 'slug', 'title', 'starts_at', 'featured_home', 'location'])
		.orderBy('starts_at', (ob) => ob.desc().nullsLast())
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.execute()
	return rows.map((row) => {
		const startsAt = toIso(row.starts_at)
		return {
			id: row.id,
			slug: row.slug,
			title: row.title,
			startsAt,
			when: startsAt ? formatDateTime(startsAt) : null,
			featuredHome: toBool(row.featured_home),
			location: row.location,
		}
	})
}

export async function getEventForEditing(id: number): Promise<EventEditing | null> {
	const row = await db
		.selectFrom('events')
		.select([
			'id',
			'slug',
			'title',
			'lead',
			'body',
			'starts_at',
			'ends_at',
			'location',
			'cover_url',
			'hero_bg_url',
			'featured_home',
			'featured_until',
		])
		.where('id', '=', id)
		.executeTakeFirst()
	if (!row) return null
	return {
		id: row.id,
		slug: row.slug,
		title: row.title,
		lead: row.lead ?? '',
		body: sanitizeHtml(row.body),
		startsAt: isoToIstanbulLocal(toIso(row.starts_at)),
		endsAt: isoToIstanbulLocal(toIso(row.ends_at)),
		location: row.location ?? '',
		coverKey: row.cover_url,
		cover: imageRef(row.cover_url),
		heroKey: row.hero_bg_url,
		hero: imageRef(row.hero_bg_url),
		featuredHome: toBool(row.featured_home),
		featuredUntil: isoToIstanbulLocal(toIso(row.featured_until)),
	}
}

/** Another event already has the slug an edit asks for. */
export class SlugTakenError extends Error {
	override name = 'SlugTakenError'
}

type SaveMedia = { cover: MediaChange; hero: MediaChange }

function eventFields(input: EventForm, media: SaveMedia) {
	return {
		title: input.title,
		lead: input.lead,
		body: sanitizeHtml(input.body).trim() || null,
		starts_at: input.starts_at,
		ends_at: input.ends_at,
		location: input.location,
		cover_url: media.cover.key,
		hero_bg_url: media.hero.key,
		featured_home: input.featured_home,
		featured_until: input.featured_until,
	}
}

async function slugTaken(slug: string, exceptId: number | null = null) {
	let query = db.selectFrom('events').select('id').where('slug', '=', slug)
	if (exceptId !== null) query = query.where('id', '!=', exceptId)
	return (await query.limit(1).executeTakeFirst()) !== undefined
}

async function insertEvent(slug: string, fields: ReturnType<typeof eventFields>, media: SaveMedia) {
	const stamp = nowIso()
	return withContentWrite(db, async (trx) => {
		const { id } = await trx
			.insertInto('events')
			.values({ ...fields, slug, created_at: stamp, updated_at: stamp })
			.returning('id')
			.executeTakeFirstOrThrow()
		await deleteMediaLater(trx, [...media.cover.replaced, ...media.hero.replaced])
		await reindexSearchDocument('event', id, trx)
		return { id, slug }
	})
}

/**
 * Spec §5 "Events": a new event whose slug exists gets `-` and four random
 * base-36 characters; when two saves race for one slug (unique violation)
 * the loser draws a new suffix and tries once more.
 */
export async function createEvent(input: EventForm, media: SaveMedia): Promise<{ id: number; slug: string }> {
	const fields = eventFields(input, media)
	const first = (await slugTaken(input.slug)) ? withSuffix(input.slug, EVENT_SLUG_MAX) : input.slug
	try {
		return await insertEvent(first, fields, media)
	} catch (error) {
		if (!isUniqueViolation(error)) throw error
		return insertEvent(withSuffix(input.slug, EVENT_SLUG_MAX), fields, media)
	}
}

/** Saves an edit; a slug another event uses is refused (SlugTakenError), never silently changed. */
export async function updateEvent(id: number, input: EventForm, media: SaveMedia): Promise<{ id: number; slug: string }> {
	if (await slugTaken(input.slug, id)) throw new SlugTakenError(msg.events.slugTaken)
	try {
		return await withContentWrite(db, async (trx) => {
			const result = await trx
				.updateTable('events')
				.set({ ...eventFields(input, media), slug: input.slug, updated_at: nowIso() })
				.where('id', '=', id)
				.executeTakeFirst()
			if (Number(result.numUpdatedRows) === 0) throw new Error(msg.validation.notFound)
			await deleteMediaLater(trx, [...media.cover.replaced, ...media.hero.replaced])
			await reindexSearchDocument('event', id, trx)
			return { id, slug: input.slug }
		})
	} catch (error) {
		if (isUniqueViolation(error)) throw new SlugTakenError(msg.events.slugTaken)
		throw error
	}
}

/** Deletes an event; its files go after the grace period, its search entry at once. */
export async function deleteEvent(id: number) {
	await withContentWrite(db, async (trx) => {
		const row = await trx.selectFrom('events').select(['cover_url', 'hero_bg_url', 'gallery']).where('id', '=', id).executeTakeFirst()
		if (!row) throw new Error(msg.validation.notFound)
		await trx.deleteFrom('events').where('id', '=', id).execute()
		await deleteMediaLater(trx, [row.cover_url, row.hero_bg_url, ...parseGallery(row.gallery)])
		await removeSearchDocument('event', id, trx)
	})
}

async function save(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	const parsed = EventFormSchema.safeParse({ ...formFields(form, EVENT_FIELDS), featured_home: form.get('featured_home') === 'on' })
	if (!parsed.success) {
		const fieldErrors = firstIssues(parsed.error.issues)
		return failure(400, Object.values(fieldErrors)[0] ?? msg.events.titleRequired, { fieldErrors, values: echoValues(form) })
	}
	const input = parsed.data
	const id = formId(form)
	let current = { cover_url: null as string | null, hero_bg_url: null as string | null }
	if (id !== null) {
		const row = await db.selectFrom('events').select(['cover_url', 'hero_bg_url']).where('id', '=', id).executeTakeFirst()
		if (!row) return failure(404, `${msg.events.saveFailed}${msg.validation.notFound}`, { values: echoValues(form) })
		if (await slugTaken(input.slug, id)) {
			return failure(409, msg.events.slugTaken, { fieldErrors: { slug: msg.events.slugTaken }, values: echoValues(form) })
		}
		current = row
	}
	const stored = await storeImageFields(
		form,
		[
			{ file: 'cover_file', remove: 'cover_key_remove', folder: EVENT_FOLDERS.cover, current: current.cover_url },
			{ file: 'hero_file', remove: 'hero_key_remove', folder: EVENT_FOLDERS.hero, current: current.hero_bg_url },
		],
		ctx,
		msg.events.saveFailed,
	)
	if (!stored.ok) return stored.result
	const [cover, hero] = stored.changes as [MediaChange, MediaChange]
	const media = { cover, hero }
	return guarded(ctx, msg.events.saveFailed, async () => {
		try {
			const saved = await withStoredFiles([media.cover, media.hero], () =>
				id === null ? createEvent(input, media) : updateEvent(id, input, media),
			)
			return { ok: true, id: saved.id }
		} catch (error) {
			if (!(error instanceof SlugTakenError)) throw error
			return failure(409, msg.events.slugTaken, { fieldErrors: { slug: msg.events.slugTaken }, values: echoValues(form) })
		}
	})
}

export const eventsAdmin: AdminTabServer<EventsAdminData> = {
	async load({ url, requestId }) {
		try {
			const rows = await listEventsForAdmin()
			const id = editId(url)
			return { rows, editing: id === null ? null : await getEventForEditing(id), loadError: null }
		} catch (error) {
			logger.error({ err: error, requestId }, 'admin events list failed')
			return { rows: [], editing: null, loadError: `${msg.events.loadFailed}${describeError(error)}` }
		}
	},
	async act(intent, form, ctx): Promise<ActionResult> {
		switch (intent) {
			case 'save': {
				return save(form, ctx)
			}
			case 'delete': {
				return deleteIntent(form, ctx, msg.events.deleteFailed, deleteEvent)
			}
			default:
				return unknownIntent(intent)
		}
	},
}
