import { sql } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { toIso } from '#app/lib/db-utils.server.ts'
import { parseGallery } from '#app/lib/gallery.ts'
import { excerpt, htmlToText, sanitizeHtml } from '#app/lib/html.server.ts'
import { isExternalHref, safeHref } from '#app/lib/links.ts'
import type { ImageRef } from '#app/lib/media.ts'
import { imageRef } from '#app/lib/media.server.ts'
import { pageInfo, type PageInfo } from '#app/lib/pagination.ts'
import { preparedQuery } from '#app/lib/prepared-query.server.ts'
import { shareCardFor } from '#app/features/share-cards/share-card-ref.server.ts'
import type { ShareCard } from '#app/features/share-cards/share-cards.shared.ts'
import { announcementPath } from './announcements.shared.ts'

/** Spec §9: announcement excerpts are cut at 180 characters. */
export const ANNOUNCEMENT_EXCERPT_LENGTH = 180
/** Spec §7: the home carousel reads 24 announcements. */
export const HOME_ANNOUNCEMENT_LIMIT = 24
/** Spec §9: the announcements page shows 50 a page. */
export const ANNOUNCEMENTS_PER_PAGE = 50

export type AnnouncementSummary = {
	id: number
	slug: string | null
	title: string
	excerpt: string
	image: ImageRef | null
	/** Where the card leads: the announcement's own `href`, else its detail page. */
	href: string
	external: boolean
	publishedAt: string | null
}

export type AnnouncementDetail = AnnouncementSummary & {
	lead: string | null
	bodyHtml: string
	cover: ImageRef | null
	hero: ImageRef | null
	gallery: Array<ImageRef>
	/** The announcement's own link, when it has one. */
	link: string | null
	updatedAt: string | null
	/** Its drawn share card (og:image), null until drawn. */
	shareCard: ShareCard | null
}

type AnnouncementParam = { kind: 'id'; id: number } | { kind: 'slug'; slug: string } | { kind: 'invalid' }

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
/** PostgreSQL integer columns stop here; a larger id cannot exist. */
const MAX_ID = 2_147_483_647

/**
 * Spec §2: `/duyurular/:id` (digits) and `/duyurular/:slug` are both the
 * detail page; anything else is an invalid address ('Geçersiz duyuru adresi.').
 */
export function parseAnnouncementParam(value: string | undefined): AnnouncementParam {
	const text = (value ?? '').trim()
	if (/^\d{1,12}$/.test(text)) return { kind: 'id', id: Number(text) }
	if (text.length <= 140 && SLUG_PATTERN.test(text)) return { kind: 'slug', slug: text }
	return { kind: 'invalid' }
}

const SUMMARY_COLUMNS = ['id', 'slug', 'title', 'body', 'cover_url', 'href', 'published_at', 'created_at'] as const

type SummaryRow = {
	id: number
	slug: string | null
	title: string
	body: string | null
	cover_url: string | null
	href: string | null
	published_at: string | null
}

function toSummary(row: SummaryRow): AnnouncementSummary {
	const own = safeHref(row.href)
	return {
		id: row.id,
		slug: row.slug,
		title: row.title,
		excerpt: excerpt(htmlToText(row.body), ANNOUNCEMENT_EXCERPT_LENGTH),
		image: imageRef(row.cover_url),
		href: own ?? announcementPath(row),
		external: isExternalHref(own),
		publishedAt: toIso(row.published_at),
	}
}

/** Published: published_at set and not in the future (a future date schedules it). */
function publishedAnnouncements(at: string) {
	return db.selectFrom('announcements').where('published_at', 'is not', null).where('published_at', '<=', at)
}

/**
 * Spec §7 "announcements carousel": published only, newest first
 * (published_at desc, then created_at desc), at most 24.
 */
export async function listHomeAnnouncements({ now = new Date(), limit = HOME_ANNOUNCEMENT_LIMIT } = {}): Promise<
	Array<AnnouncementSummary>
> {
	const rows = await homeAnnouncements({ at: now.toISOString(), limit })
	return rows.map(toSummary)
}

const homeAnnouncements = preparedQuery(
	({ at, limit }: { at: string; limit: number }) =>
		publishedAnnouncements(at)
			.select(SUMMARY_COLUMNS)
			.orderBy('published_at', (ob) => ob.desc().nullsLast())
			.orderBy('created_at', 'desc')
			.orderBy('id', 'desc')
			.limit(limit),
	{ shape: ['limit'] },
)

/**
 * The published ones' ids in the list's order: order_index ascending with
 * empty ones last, then published_at and created_at descending. Written as
 * announcements_order_idx holds it, so the list reads the index in order and
 * stops after its page (published_at is never empty here, so its empty-last
 * rule needs no writing).
 */
export function publishedIdsInListOrder(at: string) {
	return publishedAnnouncements(at)
		.select('id')
		.orderBy(sql`(order_index is null)`)
		.orderBy('order_index', 'asc')
		.orderBy('published_at', 'desc')
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
}

const publishedCount = preparedQuery(({ at }: { at: string }) => publishedAnnouncements(at).select(sql<number>`count(*)`.as('total')))
const publishedIdsOfPage = preparedQuery(
	({ at, limit, offset }: { at: string; limit: number; offset: number }) => publishedIdsInListOrder(at).limit(limit).offset(offset),
	{ shape: ['limit'] },
)

/**
 * Spec §7 "Announcements list": published only, by order_index ascending
 * with empty ones last, then published_at and created_at descending; 50 a page.
 */
export async function listPublishedAnnouncements({
	now = new Date(),
	page = 1,
	perPage = ANNOUNCEMENTS_PER_PAGE,
}: { now?: Date; page?: number; perPage?: number } = {}): Promise<{ items: Array<AnnouncementSummary>; page: PageInfo }> {
	const at = now.toISOString()
	const [{ total = 0 } = {}] = await publishedCount({ at })
	const info = pageInfo(Number(total), page, perPage)
	// The page's ids first, then only their rows: sorting whole rows carried every announcement's text through the sort.
	const ids = (await publishedIdsOfPage({ at, limit: perPage, offset: (info.page - 1) * perPage })).map((row) => row.id)
	const rows = ids.length === 0 ? [] : await db.selectFrom('announcements').select(SUMMARY_COLUMNS).where('id', 'in', ids).execute()
	const byId = new Map(rows.map((row) => [row.id, row]))
	// A row deleted between the two reads is left out.
	const ordered = ids.flatMap((id) => byId.get(id) ?? [])
	return { items: ordered.map(toSummary), page: info }
}

/**
 * One published announcement by id or slug (spec §7 "Detail"); drafts and
 * scheduled ones are not found.
 */
export async function getPublishedAnnouncement(
	param: { id: number } | { slug: string },
	now = new Date(),
): Promise<AnnouncementDetail | null> {
	return readAnnouncementDetail(param, now)
}

/**
 * Any announcement by id, draft and scheduled ones too, read exactly as its
 * public page will read it: the admin's preview (never for visitors).
 */
export async function getAnnouncementPreview(id: number): Promise<AnnouncementDetail | null> {
	return readAnnouncementDetail({ id }, null)
}

/** The detail of one announcement; `now` null reads unpublished ones too. */
async function readAnnouncementDetail(param: { id: number } | { slug: string }, now: Date | null): Promise<AnnouncementDetail | null> {
	if ('id' in param && (param.id < 1 || param.id > MAX_ID)) return null
	let query = db
		.selectFrom('announcements')
		.select([...SUMMARY_COLUMNS, 'lead', 'excerpt', 'hero_bg_url', 'gallery', 'updated_at', 'share_card_key'])
	// Published: published_at set and not in the future (a future date schedules it).
	if (now) query = query.where('published_at', 'is not', null).where('published_at', '<=', now.toISOString())
	query = 'id' in param ? query.where('id', '=', param.id) : query.where('slug', '=', param.slug)
	const row = await query.limit(1).executeTakeFirst()
	if (!row) return null
	const summary = toSummary(row)
	const link = safeHref(row.href)
	return {
		...summary,
		href: announcementPath(row),
		external: false,
		lead: row.lead?.trim() || row.excerpt?.trim() || null,
		bodyHtml: sanitizeHtml(row.body),
		cover: summary.image,
		hero: imageRef(row.hero_bg_url) ?? summary.image,
		gallery: parseGallery(row.gallery)
			.map((value) => imageRef(value))
			.filter((ref): ref is ImageRef => ref !== null),
		link,
		updatedAt: toIso(row.updated_at),
		shareCard: shareCardFor(row.share_card_key),
	}
}
