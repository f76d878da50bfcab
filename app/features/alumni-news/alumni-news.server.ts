import { sql } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { toIso } from '#app/lib/db-utils.server.ts'
import { excerpt } from '#app/lib/html.server.ts'
import { isExternalHref, safeHref } from '#app/lib/links.ts'
import type { ImageRef } from '#app/lib/media.ts'
import { imageRef } from '#app/lib/media.server.ts'
import { pageInfo, type PageInfo } from '#app/lib/pagination.ts'
import { preparedQuery } from '#app/lib/prepared-query.server.ts'
import { shareCardFor } from '#app/features/share-cards/share-card-ref.server.ts'
import type { ShareCard } from '#app/features/share-cards/share-cards.shared.ts'
import { alumniNewsPath } from './alumni-news.shared.ts'

/** Spec §9: alumni news list limit 50; a title-less item previews 120 characters. */
export const ALUMNI_NEWS_PER_PAGE = 50
export const NEWS_PREVIEW_LENGTH = 120
const MAX_ID = 2_147_483_647

export type AlumniNewsSummary = {
	id: number
	slug: string | null
	/** The title, or the first 120 characters of the description. */
	text: string
	description: string
	image: ImageRef | null
	/** Spec §2: the internal page when a slug exists, else the external link, else '#'. */
	href: string
	external: boolean
	createdAt: string | null
}

export type AlumniNewsDetail = {
	id: number
	slug: string
	title: string
	description: string | null
	image: ImageRef | null
	/** 'Kaynağı aç': the external source, opened in a new tab. */
	sourceUrl: string | null
	createdAt: string | null
	updatedAt: string | null
	/** Its drawn share card (og:image), null until drawn. */
	shareCard: ShareCard | null
}

type Row = {
	id: number
	slug: string | null
	title: string | null
	link: string | null
	description: string | null
	image_url: string | null
	cover_url: string | null
	created_at: string
}

function toSummary(row: Row): AlumniNewsSummary {
	const description = (row.description ?? '').replace(/\s+/g, ' ').trim()
	const link = safeHref(row.link)
	const href = row.slug ? alumniNewsPath(row.slug) : (link ?? '#')
	return {
		id: row.id,
		slug: row.slug,
		text: row.title?.trim() || excerpt(description, NEWS_PREVIEW_LENGTH),
		description,
		image: imageRef(row.cover_url) ?? imageRef(row.image_url),
		href,
		external: !row.slug && isExternalHref(link),
		createdAt: toIso(row.created_at),
	}
}

/** Spec §7 "alumni_news list": newest first, 50 a page. */
export async function listAlumniNews({ page = 1, perPage = ALUMNI_NEWS_PER_PAGE } = {}): Promise<{
	items: Array<AlumniNewsSummary>
	page: PageInfo
}> {
	const [{ total = 0 } = {}] = await newsCount({})
	const info = pageInfo(Number(total), page, perPage)
	const rows = await newsPage({ limit: perPage, offset: (info.page - 1) * perPage })
	return { items: rows.map(toSummary), page: info }
}

const newsCount = preparedQuery(() => db.selectFrom('alumni_news').select(sql<number>`count(*)`.as('total')))
const newsPage = preparedQuery(
	({ limit, offset }: { limit: number; offset: number }) =>
		db
			.selectFrom('alumni_news')
			.select(['id', 'slug', 'title', 'link', 'description', 'image_url', 'cover_url', 'created_at'])
			.orderBy('created_at', 'desc')
			.orderBy('id', 'desc')
			.limit(limit)
			.offset(offset),
	{ shape: ['limit'] },
)

/** Spec §7 "Detail: by slug, fallback by id". */
export async function getAlumniNewsBySlug(slug: string): Promise<AlumniNewsDetail | null> {
	const columns = [
		'id',
		'slug',
		'title',
		'link',
		'description',
		'image_url',
		'cover_url',
		'created_at',
		'updated_at',
		'share_card_key',
	] as const
	let row = await db.selectFrom('alumni_news').select(columns).where('slug', '=', slug).limit(1).executeTakeFirst()
	if (!row && /^\d{1,12}$/.test(slug) && Number(slug) <= MAX_ID) {
		row = await db.selectFrom('alumni_news').select(columns).where('id', '=', Number(slug)).limit(1).executeTakeFirst()
	}
	if (!row) return null
	return {
		id: row.id,
		slug: row.slug,
		title: row.title,
		description: row.description?.trim() || null,
		image: imageRef(row.cover_url) ?? imageRef(row.image_url),
		sourceUrl: isExternalHref(row.link) ? (row.link?.trim() ?? null) : null,
		createdAt: toIso(row.created_at),
		updatedAt: toIso(row.updated_at),
		shareCard: shareCardFor(row.share_card_key),
	}
}
