import { sql } from 'kysely'
import type { FeaturedMediaChange, FeaturedMediaKeys } from '#app/features/admin/featured-media.server.ts'
import { deleteMediaLater } from '#app/features/admin/media.server.ts'
import { recordCreate, recordReorder, revisedUpdate } from '#app/features/admin/revisions.server.ts'
import { moveToTrash } from '#app/features/admin/trash.server.ts'
import { reindexSearchDocument, removeSearchDocument } from '#app/features/search/search.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { nowIso, toBool, toIso } from '#app/lib/db-utils.server.ts'
import { sanitizeHtml } from '#app/lib/html.server.ts'
import type { ImageRef } from '#app/lib/media.ts'
import { imageRef } from '#app/lib/media.server.ts'
import { msg } from '#app/lib/messages.ts'
import { checkedOrder, movedOrder, type MoveDirection } from '#app/lib/ordering.ts'
import { orderIndexCase } from '#app/lib/ordering.server.ts'
import { formatDateTime, istanbulLocalToIso, istanbulToday, isoToIstanbulLocal } from '#app/lib/tr.ts'
import type { AnnouncementForm, AnnouncementStatus } from './announcements.schema.ts'
import type { AnnouncementListStatus } from './announcements.shared.ts'

export type AnnouncementAdminRow = {
	id: number
	title: string
	cover: ImageRef | null
	/** The announcement's day in Istanbul (`YYYY-MM-DD`): published_at, for a draft created_at. */
	date: string | null
	/** Taslak, Zamanlandı (published_at still ahead: its page is not public yet) or Yayında. */
	status: AnnouncementListStatus
	/** When a scheduled announcement goes public, in Turkish, Istanbul time. */
	scheduledFor: string | null
	/** Featured on the home page until a moment that has passed. */
	featuredExpired: boolean
	orderIndex: number | null
}

export type AnnouncementEditing = {
	id: number
	title: string
	lead: string
	body: string
	coverKey: string | null
	cover: ImageRef | null
	heroKey: string | null
	hero: ImageRef | null
	date: string
	status: AnnouncementStatus
	featuredHome: boolean
	/** For the datetime-local input, Istanbul time. */
	featuredUntil: string
}

export const ANNOUNCEMENT_FOLDERS = { cover: 'announcements', hero: 'announcements/hero_bg' } as const

const dayOf = (value: unknown) => {
	const iso = toIso(value)
	return iso ? istanbulToday(new Date(iso)) : null
}

/**
 * The admin list (spec §7 "Admin operations"): by order_index ascending
 * with unordered ones last, then the newest first.
 */
export async function listAnnouncementsForAdmin(now = new Date()): Promise<Array<AnnouncementAdminRow>> {
	const rows = await db
		.selectFrom('announcements')
		.select(['id', 'title', 'cover_url', 'published_at', 'created_at', 'order_index', 'featured_home', 'featured_until'])
		.orderBy('order_index', (ob) => ob.asc().nullsLast())
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.execute()
	return rows.map((row) => {
		const publishedAt = toIso(row.published_at)
		const featuredUntil = toIso(row.featured_until)
		const scheduled = publishedAt !== null && Date.parse(publishedAt) > now.getTime()
		return {
			id: row.id,
			title: row.title,
			cover: imageRef(row.cover_url),
			date: dayOf(row.published_at) ?? dayOf(row.created_at),
			status: publishedAt === null ? 'draft' : scheduled ? 'scheduled' : 'published',
			scheduledFor: scheduled ? formatDateTime(publishedAt) : null,
			featuredExpired: toBool(row.featured_home) && featuredUntil !== null && Date.parse(featuredUntil) <= now.getTime(),
			orderIndex: row.order_index,
		}
	})
}

export async function getAnnouncementForEditing(id: number, today = istanbulToday()): Promise<AnnouncementEditing | null> {
	const row = await db
		.selectFrom('announcements')
		.select(['id', 'title', 'lead', 'body', 'cover_url', 'hero_bg_url', 'published_at', 'featured_home', 'featured_until'])
		.where('id', '=', id)
		.executeTakeFirst()
	if (!row) return null
	return {
		id: row.id,
		title: row.title,
		lead: row.lead ?? '',
		body: sanitizeHtml(row.body),
		coverKey: row.cover_url,
		cover: imageRef(row.cover_url),
		heroKey: row.hero_bg_url,
		hero: imageRef(row.hero_bg_url),
		date: dayOf(row.published_at) ?? today,
		status: row.published_at ? 'published' : 'draft',
		featuredHome: toBool(row.featured_home),
		featuredUntil: isoToIstanbulLocal(toIso(row.featured_until)),
	}
}

/** An announcement's stored cover and hero background (what a save's images replace), or null when it does not exist. */
export async function announcementImages(id: number): Promise<FeaturedMediaKeys | null> {
	return (await db.selectFrom('announcements').select(['cover_url', 'hero_bg_url']).where('id', '=', id).executeTakeFirst()) ?? null
}

/**
 * Creates (id null) or updates an announcement with its stored files, in
 * one transaction with the content version and the search index.
 * Spec §4: published stores the chosen date in published_at (the start of
 * that day in Istanbul; an unchanged day keeps the stored instant), draft
 * stores null. A new one goes to the top of the list (order_index 1, the
 * others one place down), or with `newAtEnd` (spec §4, an option in Ayarlar)
 * gets the highest order_index plus one (from 1).
 */
export async function saveAnnouncement(
	id: number | null,
	input: AnnouncementForm,
	media: FeaturedMediaChange,
	userId: string,
	{ newAtEnd = false }: { newAtEnd?: boolean } = {},
): Promise<number> {
	const stamp = nowIso()
	const fields = {
		title: input.title,
		lead: input.lead,
		body: sanitizeHtml(input.body).trim() || null,
		cover_url: media.cover.key,
		hero_bg_url: media.hero.key,
		featured_home: input.featured_home,
		featured_until: input.featured_until,
	}
	// The version lock comes first, so a new row's order_index reads the others' committed rows.
	return withContentWrite(db, async (trx) => {
		let savedId: number
		if (id === null) {
			if (!newAtEnd) {
				await trx
					.updateTable('announcements')
					.set({ order_index: sql<number>`order_index + 1` })
					.where('order_index', 'is not', null)
					.execute()
			}
			const row = await trx
				.insertInto('announcements')
				.values({
					...fields,
					published_at: input.status === 'published' ? istanbulLocalToIso(input.date) : null,
					// Spec §4 (newAtEnd): the highest existing order_index plus one, starting at 1.
					order_index: newAtEnd ? sql<number>`(select coalesce(max(order_index), 0) + 1 from announcements)` : 1,
					created_by: userId,
					created_at: stamp,
					updated_at: stamp,
				})
				.returning('id')
				.executeTakeFirstOrThrow()
			savedId = row.id
			await recordCreate(trx, 'announcements', savedId)
		} else {
			const current = await trx.selectFrom('announcements').select('published_at').where('id', '=', id).executeTakeFirst()
			if (!current) throw new Error(msg.validation.notFound)
			const stored = toIso(current.published_at)
			const publishedAt = input.status === 'draft' ? null : stored && dayOf(stored) === input.date ? stored : istanbulLocalToIso(input.date)
			await revisedUpdate(trx, 'announcements', id, () =>
				trx
					.updateTable('announcements')
					.set({ ...fields, published_at: publishedAt, updated_at: stamp })
					.where('id', '=', id)
					.execute(),
			)
			savedId = id
		}
		await deleteMediaLater(trx, [...media.cover.replaced, ...media.hero.replaced])
		await reindexSearchDocument('announcement', savedId, trx)
		return savedId
	})
}

/** Reads the admin list's order and writes 1..n back in the order `change` makes of it. */
async function writeOrder(change: (current: Array<number>) => Array<number>, movedId: number | null = null) {
	// Under the version lock: no order is read before another write commits.
	await withContentWrite(db, async (trx) => {
		const current = await trx
			.selectFrom('announcements')
			.select('id')
			.orderBy('order_index', (ob) => ob.asc().nullsLast())
			.orderBy('created_at', 'desc')
			.orderBy('id', 'desc')
			.execute()
		const order = change(current.map((row) => row.id))
		await trx
			.updateTable('announcements')
			.set({ order_index: orderIndexCase(order) })
			.where('id', 'in', order)
			.execute()
		await recordReorder(trx, 'announcements', movedId, order)
	})
}

/**
 * Spec §4: after a drag every announcement gets order_index 1..n in the
 * displayed order, in one transaction. The ids must be exactly the current
 * announcements, each once.
 */
export async function reorderAnnouncements(ids: ReadonlyArray<number>) {
	await writeOrder((current) => checkedOrder(current, ids))
}

/** One step up or down, or to the top or the bottom; renumbers 1..n like a drag. */
export async function moveAnnouncement(id: number, direction: MoveDirection) {
	await writeOrder((current) => movedOrder(current, id, direction), id)
}

/** Moves an announcement to the trash (restorable for 30 days, its files kept until the purge); its search entry goes at once. */
export async function deleteAnnouncement(id: number) {
	await withContentWrite(db, async (trx) => {
		await moveToTrash(trx, 'announcements', id)
		await removeSearchDocument('announcement', id, trx)
	})
}
