import { sql, type SelectQueryBuilder } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import type { Database } from '#app/lib/db-types.ts'
import { toIso } from '#app/lib/db-utils.server.ts'
import { parseGallery } from '#app/lib/gallery.ts'
import { excerpt, htmlToText, sanitizeHtml } from '#app/lib/html.server.ts'
import type { ImageRef } from '#app/lib/media.ts'
import { imageRef } from '#app/lib/media.server.ts'
import { pageInfo, type PageInfo } from '#app/lib/pagination.ts'
import { preparedQuery } from '#app/lib/prepared-query.server.ts'
import { formatDateTime, formatTime, istanbulLocalToIso, istanbulToday } from '#app/lib/tr.ts'
import { shareCardFor } from '#app/features/share-cards/share-card-ref.server.ts'
import type { ShareCard } from '#app/features/share-cards/share-cards.shared.ts'
import { eventPath } from './events.shared.ts'

/** Spec §9: event excerpts are cut at 160 characters. */
export const EVENT_EXCERPT_LENGTH = 160
/** Spec §7: the home carousel reads 24 events. */
export const HOME_EVENT_LIMIT = 24
export const EVENTS_PER_PAGE = 50
const MAX_ID = 2_147_483_647

export type EventSummary = {
	id: number
	slug: string
	title: string
	excerpt: string
	image: ImageRef | null
	href: string
	startsAt: string | null
	/** `13 Aralık 2026 Pazar 11:00–18:00`, in Istanbul. */
	when: string | null
	location: string | null
}

export type EventDetail = EventSummary & {
	lead: string | null
	bodyHtml: string
	cover: ImageRef | null
	hero: ImageRef | null
	gallery: Array<ImageRef>
	endsAt: string | null
	updatedAt: string | null
	/** Its drawn share card (og:image), null until drawn. */
	shareCard: ShareCard | null
}

/**
 * The date and time of an event in Turkish, Istanbul time: the end time
 * only when it ends the same day, the full end otherwise.
 */
export function formatEventWhen(startsAt: string | null, endsAt: string | null): string | null {
	if (!startsAt) return null
	const start = formatDateTime(startsAt)
	if (!endsAt || Date.parse(endsAt) <= Date.parse(startsAt)) return start
	if (istanbulToday(new Date(startsAt)) === istanbulToday(new Date(endsAt))) return `${start}–${formatTime(endsAt)}`
	return `${start} – ${formatDateTime(endsAt)}`
}

const SUMMARY_COLUMNS = ['id', 'slug', 'title', 'body', 'cover_url', 'starts_at', 'ends_at', 'location', 'created_at'] as const

type SummaryRow = {
	id: number
	slug: string
	title: string
	body: string | null
	cover_url: string | null
	starts_at: string | null
	ends_at: string | null
	location: string | null
}

function toSummary(row: SummaryRow): EventSummary {
	const startsAt = toIso(row.starts_at)
	return {
		id: row.id,
		slug: row.slug,
		title: row.title,
		excerpt: excerpt(htmlToText(row.body), EVENT_EXCERPT_LENGTH),
		image: imageRef(row.cover_url),
		href: eventPath(row.slug),
		startsAt,
		when: formatEventWhen(startsAt, toIso(row.ends_at)),
		location: row.location?.trim() || null,
	}
}

/**
 * The first instant of today in Istanbul. An event is past once its end (its
 * start when it has none) is before it: an event of today stays upcoming all
 * day. Undated events are never past.
 */
export function pastBefore(now = new Date()): string {
	return istanbulLocalToIso(istanbulToday(now)) ?? now.toISOString()
}

const eventEnd = sql<string>`coalesce(ends_at, starts_at)`

/**
 * Events that have not ended (today's included) and undated ones: `starts_at is null or
 * coalesce(ends_at, starts_at) >= cutoff`, written with each alternative on one column so that each
 * reads an index (events_starts_at_idx, events_ends_at_idx). Written with coalesce, every event was
 * read to find them: at ×100 content 0.47 ms for the first page and 0.15 ms for their count.
 */
export function upcomingEvents(cutoff: string) {
	return db
		.selectFrom('events')
		.where((eb) =>
			eb.or([eb('starts_at', 'is', null), eb('ends_at', '>=', cutoff), eb.and([eb('ends_at', 'is', null), eb('starts_at', '>=', cutoff)])]),
		)
}

/** The next one first, undated ones last. */
export function inUpcomingOrder<O>(query: SelectQueryBuilder<Database, 'events', O>) {
	return query
		.orderBy('starts_at', (ob) => ob.asc().nullsLast())
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
}

/** Events that have ended. */
function pastEvents(cutoff: string) {
	return db.selectFrom('events').where('starts_at', 'is not', null).where(eventEnd, '<', cutoff)
}

/** The latest first. */
function inPastOrder<O>(query: SelectQueryBuilder<Database, 'events', O>) {
	return query.orderBy('starts_at', 'desc').orderBy('created_at', 'desc').orderBy('id', 'desc')
}

/**
 * The home carousel: upcoming events only, the next one first (starts_at
 * ascending, undated ones last, then created_at descending); 24.
 */
export async function listHomeEvents({ now = new Date(), limit = HOME_EVENT_LIMIT } = {}): Promise<Array<EventSummary>> {
	const rows = await homeEvents({ cutoff: pastBefore(now), limit })
	return rows.map(toSummary)
}

const homeEvents = preparedQuery(
	({ cutoff, limit }: { cutoff: string; limit: number }) => inUpcomingOrder(upcomingEvents(cutoff).select(SUMMARY_COLUMNS)).limit(limit),
	{ shape: ['limit'] },
)

const total = sql<number>`count(*)`.as('total')
const upcomingCountQuery = preparedQuery(({ cutoff }: { cutoff: string }) => upcomingEvents(cutoff).select(total))
const pastCountQuery = preparedQuery(({ cutoff }: { cutoff: string }) => pastEvents(cutoff).select(total))
type PageArgs = { cutoff: string; limit: number; offset: number }
const upcomingPage = preparedQuery(
	({ cutoff, limit, offset }: PageArgs) => inUpcomingOrder(upcomingEvents(cutoff).select(SUMMARY_COLUMNS)).limit(limit).offset(offset),
	{ shape: ['limit'] },
)
const pastPage = preparedQuery(
	({ cutoff, limit, offset }: PageArgs) => inPastOrder(pastEvents(cutoff).select(SUMMARY_COLUMNS)).limit(limit).offset(offset),
	{ shape: ['limit'] },
)

/**
 * One page of the public events list: the upcoming events (the next one
 * first, undated ones last) and after them the ones that have ended (the
 * latest first), as one list of `perPage` cards a page. A page holds the
 * upcoming events that fall on it and then, once they run out, past ones,
 * so page 1 costs the same with 10 events or with 10 000.
 */
export async function listEventsPage({ now = new Date(), page = 1, perPage = EVENTS_PER_PAGE } = {}): Promise<{
	upcoming: Array<EventSummary>
	past: Array<EventSummary>
	page: PageInfo
}> {
	const cutoff = pastBefore(now)
	const [[upcomingCount], [pastCount]] = await Promise.all([upcomingCountQuery({ cutoff }), pastCountQuery({ cutoff })])
	const upcomingTotal = Number(upcomingCount?.total ?? 0)
	const info = pageInfo(upcomingTotal + Number(pastCount?.total ?? 0), page, perPage)
	const from = (info.page - 1) * perPage
	const upcomingOnPage = Math.max(0, Math.min(from + perPage, upcomingTotal) - from)
	const pastOnPage = perPage - upcomingOnPage
	const [upcoming, past] = await Promise.all([
		upcomingOnPage === 0 ? [] : upcomingPage({ cutoff, limit: upcomingOnPage, offset: from }),
		pastOnPage === 0 ? [] : pastPage({ cutoff, limit: pastOnPage, offset: Math.max(0, from - upcomingTotal) }),
	])
	return { upcoming: upcoming.map(toSummary), past: past.map(toSummary), page: info }
}

/** Every event, starts_at descending with undated ones last, then created_at descending; 50 a page. */
export async function listEvents({ page = 1, perPage = EVENTS_PER_PAGE } = {}): Promise<{ items: Array<EventSummary>; page: PageInfo }> {
	const { total } = await db
		.selectFrom('events')
		.select(sql<number>`count(*)`.as('total'))
		.executeTakeFirstOrThrow()
	const info = pageInfo(Number(total), page, perPage)
	const rows = await db
		.selectFrom('events')
		.select(SUMMARY_COLUMNS)
		.orderBy('starts_at', (ob) => ob.desc().nullsLast())
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.limit(perPage)
		.offset((info.page - 1) * perPage)
		.execute()
	return { items: rows.map(toSummary), page: info }
}

/**
 * Events for the public calendar, soonest first: those starting from `from`
 * (inclusive) to `to` (exclusive; open-ended when null), both instants.
 */
export async function listEventsStartingBetween(
	from: string,
	to: string | null,
	limit?: number,
): Promise<Array<{ title: string; startsAt: string; href: string }>> {
	const rows = await (to === null
		? eventsStartingFrom({ from, limit: limit ?? -1 })
		: eventsStartingBetween({ from, to, limit: limit ?? -1 }))
	return rows.flatMap((row) => {
		const startsAt = toIso(row.starts_at)
		return startsAt ? [{ title: row.title, startsAt, href: eventPath(row.slug) }] : []
	})
}

const startingFrom = (from: string, limit: number) =>
	db
		.selectFrom('events')
		.select(['id', 'slug', 'title', 'starts_at'])
		.where('starts_at', '>=', from)
		.orderBy('starts_at', 'asc')
		.orderBy('id', 'asc')
		.$if(limit >= 0, (query) => query.limit(limit))
const eventsStartingFrom = preparedQuery(({ from, limit }: { from: string; limit: number }) => startingFrom(from, limit), {
	shape: ['limit'],
})
const eventsStartingBetween = preparedQuery(
	({ from, to, limit }: { from: string; to: string; limit: number }) => startingFrom(from, limit).where('starts_at', '<', to),
	{ shape: ['limit'] },
)

/** Spec §7 "Event detail": by slug; when none has it and the slug is a number, by id. */
export async function getEventBySlug(slug: string): Promise<EventDetail | null> {
	const columns = [...SUMMARY_COLUMNS, 'lead', 'excerpt', 'hero_bg_url', 'gallery', 'updated_at', 'share_card_key'] as const
	let row = await db.selectFrom('events').select(columns).where('slug', '=', slug).limit(1).executeTakeFirst()
	if (!row && /^\d{1,12}$/.test(slug) && Number(slug) <= MAX_ID) {
		row = await db.selectFrom('events').select(columns).where('id', '=', Number(slug)).limit(1).executeTakeFirst()
	}
	if (!row) return null
	const summary = toSummary(row)
	return {
		...summary,
		lead: row.lead?.trim() || row.excerpt?.trim() || null,
		bodyHtml: sanitizeHtml(row.body),
		cover: summary.image,
		hero: imageRef(row.hero_bg_url) ?? summary.image,
		gallery: parseGallery(row.gallery)
			.map((value) => imageRef(value))
			.filter((ref): ref is ImageRef => ref !== null),
		endsAt: toIso(row.ends_at),
		updatedAt: toIso(row.updated_at),
		shareCard: shareCardFor(row.share_card_key),
	}
}
