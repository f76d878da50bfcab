import type { FeaturedMediaChange, FeaturedMediaKeys } from '#app/features/admin/featured-media.server.ts'
import { deleteMediaLater } from '#app/features/admin/media.server.ts'
import { recordCreate, revisedUpdate } from '#app/features/admin/revisions.server.ts'
import { moveToTrash, slugInTrash } from '#app/features/admin/trash.server.ts'
import { reindexSearchDocument, removeSearchDocument } from '#app/features/search/search.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { isUniqueViolation, nowIso, toBool, toIso } from '#app/lib/db-utils.server.ts'
import { sanitizeHtml } from '#app/lib/html.server.ts'
import type { ImageRef } from '#app/lib/media.ts'
import { imageRef } from '#app/lib/media.server.ts'
import { msg } from '#app/lib/messages.ts'
import { freeSlug } from '#app/lib/slug.ts'
import { formatDateTime, isoToIstanbulLocal } from '#app/lib/tr.ts'
import { EVENT_SLUG_MAX, type EventForm } from './events.schema.ts'
import type { EventListStatus } from './events.shared.ts'

export type EventAdminRow = {
	id: number
	slug: string
	title: string
	startsAt: string | null
	/** The start in Turkish, Istanbul time (formatted here so server and browser show the same text). */
	when: string | null
	featuredHome: boolean
	location: string | null
	/** Events have no draft: public from the moment they are saved; past once they have ended (or started, without an end). */
	status: EventListStatus
	/** Featured on the home page until a moment that has passed. */
	featuredExpired: boolean
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

export const EVENT_FOLDERS = { cover: 'events', hero: 'events/hero_bg' } as const

/** Whether a moment (the end when there is one, else the start) has passed; undated is not past. */
function isPast(start: string | null, end: string | null, now: Date) {
	const at = end ?? start
	return at !== null && Date.parse(at) <= now.getTime()
}

/** Spec §7 "Admin operations": events by starts_at descending (undated last). */
export async function listEventsForAdmin(now = new Date()): Promise<Array<EventAdminRow>> {
	const rows = await db
		.selectFrom('events')
		.select(['id', 'slug', 'title', 'starts_at', 'ends_at', 'featured_home', 'featured_until', 'location'])
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
			status: isPast(startsAt, toIso(row.ends_at), now) ? 'past' : 'published',
			featuredExpired: toBool(row.featured_home) && isPast(toIso(row.featured_until), null, now),
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

/** An event's stored cover and hero background (what a save's images replace), or null when it does not exist. */
export async function eventImages(id: number): Promise<FeaturedMediaKeys | null> {
	return (await db.selectFrom('events').select(['cover_url', 'hero_bg_url']).where('id', '=', id).executeTakeFirst()) ?? null
}

/** Another event already has the slug an edit asks for. */
export class SlugTakenError extends Error {
	override name = 'SlugTakenError'
}

function eventFields(input: EventForm, media: FeaturedMediaChange) {
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

/** Whether an event (other than `exceptId`) has the slug. */
export async function eventSlugTaken(slug: string, exceptId: number | null = null) {
	let query = db.selectFrom('events').select('id').where('slug', '=', slug)
	if (exceptId !== null) query = query.where('id', '!=', exceptId)
	// A trashed event keeps its address until the purge, so restoring it never finds its slug taken.
	return (await query.limit(1).executeTakeFirst()) !== undefined || slugInTrash(db, 'events', slug)
}

async function insertEvent(slug: string, fields: ReturnType<typeof eventFields>, media: FeaturedMediaChange) {
	const stamp = nowIso()
	return withContentWrite(db, async (trx) => {
		const { id } = await trx
			.insertInto('events')
			.values({ ...fields, slug, created_at: stamp, updated_at: stamp })
			.returning('id')
			.executeTakeFirstOrThrow()
		await recordCreate(trx, 'events', id)
		await deleteMediaLater(trx, [...media.cover.replaced, ...media.hero.replaced])
		await reindexSearchDocument('event', id, trx)
		return { id, slug }
	})
}

/**
 * Spec §5 "Events": a new event whose slug exists (here or in the trash) gets
 * `-` and four random base-36 characters; when two saves race for one slug
 * (unique violation) the loser chooses again and tries once more.
 */
export async function createEvent(input: EventForm, media: FeaturedMediaChange): Promise<{ id: number; slug: string }> {
	const fields = eventFields(input, media)
	const choose = () => freeSlug(input.slug, EVENT_SLUG_MAX, (slug) => eventSlugTaken(slug))
	try {
		return await insertEvent(await choose(), fields, media)
	} catch (error) {
		if (!isUniqueViolation(error)) throw error
		return insertEvent(await choose(), fields, media)
	}
}

/** What a calendar shows of an event (its .ics and the calendar feed): a change moves its SEQUENCE on. */
const CALENDAR_FIELDS = ['title', 'lead', 'body', 'starts_at', 'ends_at', 'location', 'slug'] as const
type CalendarFields = Partial<Record<(typeof CALENDAR_FIELDS)[number], string | Date | null>>

function calendarShowsChange(before: CalendarFields, after: CalendarFields) {
	const value = (fields: CalendarFields, name: (typeof CALENDAR_FIELDS)[number]) =>
		name.endsWith('_at') ? toIso(fields[name]) : (fields[name] ?? null)
	return CALENDAR_FIELDS.some((name) => value(before, name) !== value(after, name))
}

/** Saves an edit; a slug another event uses is refused (SlugTakenError), never silently changed. */
export async function updateEvent(id: number, input: EventForm, media: FeaturedMediaChange): Promise<{ id: number; slug: string }> {
	if (await eventSlugTaken(input.slug, id)) throw new SlugTakenError(msg.events.slugTaken)
	try {
		return await withContentWrite(db, async (trx) => {
			const fields = { ...eventFields(input, media), slug: input.slug }
			const before = await trx.selectFrom('events').select(CALENDAR_FIELDS).where('id', '=', id).executeTakeFirst()
			const changed = before !== undefined && calendarShowsChange(before, fields)
			const result = await revisedUpdate(trx, 'events', id, () =>
				trx
					.updateTable('events')
					.set({ ...fields, updated_at: nowIso(), ...(changed ? { sequence: (eb) => eb('sequence', '+', 1) } : {}) })
					.where('id', '=', id)
					.executeTakeFirst(),
			)
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

/** Moves an event to the trash (restorable for 30 days, its files kept until the purge); its search entry goes at once. */
export async function deleteEvent(id: number) {
	await withContentWrite(db, async (trx) => {
		await moveToTrash(trx, 'events', id)
		await removeSearchDocument('event', id, trx)
	})
}
