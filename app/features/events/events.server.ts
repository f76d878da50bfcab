import { sql } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { toIso } from '#app/lib/db-utils.server.ts'
import { parseGallery } from '#app/lib/gallery.ts'
import { excerpt, htmlToText, sanitizeHtml } from '#app/lib/html.server.ts'
import type { ImageRef } from '#app/lib/media.ts'
import { imageRef } from '#app/lib/media.server.ts'
import { pageInfo, type PageInfo } from '#app/lib/pagination.ts'
import { formatDateTime, formatTime, istanbulToday } from '#app/lib/tr.ts'
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

/** Spec §7 "events carousel": starts_at descending with undated ones last, then created_at descending; 24. */
export async function listHomeEvents({ limit = HOME_EVENT_LIMIT } = {}): Promise<Array<EventSummary>> {
	const rows = await db
		.selectFrom('events')
		.select(SUMMARY_COLUMNS)
		.orderBy('starts_at', (ob) => ob.desc().nullsLast())
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.limit(limit)
		.execute()
	return rows.map(toSummary)
}

/** Spec §7 "Events list": every event in the carousel's order, 50 a page. */
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

/** Spec §7 "Event detail": by slug; when none has it and the slug is a number, by id. */
export async function getEventBySlug(slug: string): Promise<EventDetail | null> {
	const columns = [...SUMMARY_COLUMNS, 'lead', 'excerpt', 'hero_bg_url', 'gallery', 'updated_at'] as const
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
	}
}
