import type { Kysely, Transaction } from 'kysely'
import { forgetBulletinText } from '#app/features/bulletins/bulletin-text.server.ts'
import { reindexSearchDocument, type SearchKind } from '#app/features/search/search.server.ts'
import { currentAuditActor, recordAudit } from '#app/lib/audit.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import type { Database } from '#app/lib/db-types.ts'
import { isUniqueViolation, toIso } from '#app/lib/db-utils.server.ts'
import { parseGallery } from '#app/lib/gallery.ts'
import { msg } from '#app/lib/messages.ts'
import { formatDateTime } from '#app/lib/tr.ts'
import { UserFacingError } from '#app/lib/user-message.server.ts'
import { deleteMediaLater } from './media.server.ts'
import { forgetRevisions, isRevisionKind } from './revisions.server.ts'
import { sectionHref, type AdminSectionSlug } from './sections.ts'

/**
 * Çöp kutusu. A deleted content item leaves its table inside the delete's
 * own transaction (so every public query, the search index, the sitemap and
 * the feeds lose it at once, by construction) and its row(s) wait here as
 * JSON for TRASH_DAYS days: restorable with the same id, slug and media,
 * then purged for good, which is when its media is scheduled for deletion.
 * While it waits, its slug stays taken (see `slugInTrash`).
 */
export const TRASH_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000

type Executor = Kysely<Database> | Transaction<Database>
type Row = Record<string, unknown>
// oxlint-disable-next-line typescript/no-explicit-any -- the trash moves rows of ten tables by name; each row goes back exactly as it was read
type LooseExecutor = Kysely<any>
const loose = (executor: Executor) => executor as unknown as LooseExecutor

const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value))
const keyOf = (value: unknown) => (typeof value === 'string' && value ? value : null)

type KindConfig = {
	section: AdminSectionSlug
	/** Whether the section opens an item with `?edit=<id>`. */
	editable: boolean
	search: SearchKind | null
	title(row: Row): string
	slug(row: Row): string | null
	media(row: Row): Array<string | null>
	/** A unique rule the row would break if it came back now: the Turkish reason, or null. */
	conflict?(trx: LooseExecutor, row: Row): Promise<string | null>
	/** Puts the row back where it can go now (the end of its ordered list; a calendar item above its cancellation). */
	place?(trx: LooseExecutor, row: Row): Promise<Row>
	/** Removes, at the purge, what the item keeps outside its table (a bulletin's PDF text). */
	purge?(trx: Transaction<Database>, id: number): Promise<void>
}

async function slugConflict(trx: LooseExecutor, table: string, row: Row) {
	const slug = keyOf(row.slug)
	if (!slug) return null
	const other = await trx.selectFrom(table).select('id').where('slug', '=', slug).executeTakeFirst()
	return other ? msg.trash.slugTaken(slug) : null
}

async function endOf(trx: LooseExecutor, table: string, where: [string, unknown] | null): Promise<number> {
	let query = trx.selectFrom(table).select((eb) => eb.fn.max('order_index').as('last'))
	if (where) query = query.where(where[0], '=', where[1])
	const found = (await query.executeTakeFirst()) as { last: number | string | null } | undefined
	return Number(found?.last ?? 0) + 1
}

/**
 * While an event or calendar entry is in the trash, the calendar feed shows
 * it cancelled one SEQUENCE above its own; when it comes back it must be
 * above that again, or subscribed calendars would keep it cancelled.
 */
const afterCancellation = async (_trx: LooseExecutor, row: Row): Promise<Row> => ({ ...row, sequence: Number(row.sequence ?? 0) + 2 })

const ANNOUNCEMENT_LIKE = {
	slug: (row: Row) => keyOf(row.slug),
	media: (row: Row) => [keyOf(row.cover_url), keyOf(row.hero_bg_url), ...parseGallery(keyOf(row.gallery)), keyOf(row.share_card_key)],
	title: (row: Row) => text(row.title),
}

export const TRASH_KINDS = {
	announcements: {
		section: 'duyurular',
		editable: true,
		search: 'announcement',
		...ANNOUNCEMENT_LIKE,
		conflict: (trx, row) => slugConflict(trx, 'announcements', row),
	},
	events: {
		section: 'etkinlikler',
		editable: true,
		search: 'event',
		...ANNOUNCEMENT_LIKE,
		conflict: (trx, row) => slugConflict(trx, 'events', row),
		place: afterCancellation,
	},
	calendar_entries: {
		section: 'takvim',
		editable: true,
		search: null,
		title: (row) => text(row.title),
		slug: () => null,
		media: () => [],
		place: afterCancellation,
	},
	bulletins: {
		section: 'bultenler',
		editable: false,
		search: 'bulletin',
		title: (row) => msg.trash.bulletinTitle(Number(row.year), Number(row.month)),
		slug: () => null,
		media: (row) => [keyOf(row.pdf_url), keyOf(row.cover_url)],
		purge: (trx, id) => forgetBulletinText(trx, id),
		async conflict(trx, row) {
			const other = await trx
				.selectFrom('bulletins')
				.select('id')
				.where('year', '=', row.year)
				.where('month', '=', row.month)
				.executeTakeFirst()
			return other ? msg.trash.bulletinTaken(msg.trash.bulletinTitle(Number(row.year), Number(row.month))) : null
		},
	},
	alumni_news: {
		section: 'mezun-haberleri',
		editable: true,
		search: 'alumni_news',
		title: (row) => text(row.title),
		slug: (row) => keyOf(row.slug),
		media: (row) => [keyOf(row.image_url), keyOf(row.cover_url), keyOf(row.share_card_key)],
		conflict: (trx, row) => slugConflict(trx, 'alumni_news', row),
	},
	member_perks: {
		section: 'uye-avantajlari',
		editable: true,
		search: 'member_perk',
		title: (row) => text(row.business_name),
		slug: () => null,
		media: (row) => [keyOf(row.logo_url)],
	},
	hero_slides: {
		section: 'ana-sayfa',
		editable: true,
		search: null,
		title: (row) => text(row.title),
		slug: () => null,
		media: (row) => [keyOf(row.image_key)],
		place: async (trx, row) => ({ ...row, order_index: await endOf(trx, 'hero_slides', null) }),
	},
	board_members: {
		section: 'yonetim-kurulu',
		editable: true,
		search: null,
		title: (row) => text(row.name),
		slug: () => null,
		media: (row) => [keyOf(row.photo_url)],
		place: async (trx, row) => ({ ...row, order_index: await endOf(trx, 'board_members', ['group', row.group]) }),
	},
	awards: {
		section: 'oduller',
		editable: true,
		search: 'award',
		title: (row) => `${text(row.first_name)} ${text(row.last_name)}`.trim(),
		slug: () => null,
		media: () => [],
	},
	literature_award_years: {
		section: 'edebiyat-odulu',
		editable: false,
		search: null,
		title: (row) => msg.trash.literatureYearTitle(Number(row.year)),
		slug: () => null,
		media: () => [],
		async conflict(trx, row) {
			const other = await trx.selectFrom('literature_award_years').select('id').where('year', '=', row.year).executeTakeFirst()
			return other ? msg.trash.literatureYearTaken(Number(row.year)) : null
		},
	},
	literature_books: {
		section: 'edebiyat-odulu',
		editable: false,
		search: null,
		title: (row) => text(row.title),
		slug: () => null,
		media: (row) => [keyOf(row.image_url)],
		place: async (trx, row) => ({ ...row, order_index: await endOf(trx, 'literature_books', ['year', row.year]) }),
	},
} as const satisfies Record<string, KindConfig>

export type TrashKind = keyof typeof TRASH_KINDS

export function isTrashKind(value: string): value is TrashKind {
	return Object.hasOwn(TRASH_KINDS, value)
}

type Snapshot = { rows: Record<string, Array<Row>> }

/**
 * Moves one content item into the trash, inside the caller's content write
 * (`withContentWrite`): reads its row, deletes it from its table, keeps it
 * here with its media keys and slug, and writes the audit entry `delete`.
 * Its media is not scheduled for deletion: that happens at the purge. The
 * caller removes the search document as before. Returns the trash entry's id.
 */
export async function moveToTrash(trx: Transaction<Database>, kind: TrashKind, id: number, now = new Date()): Promise<number> {
	const config: KindConfig = TRASH_KINDS[kind]
	const row = (await loose(trx).selectFrom(kind).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined
	if (!row) throw new Error(msg.validation.notFound)
	await loose(trx).deleteFrom(kind).where('id', '=', id).execute()
	const snapshot: Snapshot = { rows: { [kind]: [{ ...row }] } }
	const title = config.title(row)
	const media = [...new Set(config.media(row).filter((key): key is string => key !== null))]
	const entry = await trx
		.insertInto('trash')
		.values({
			item_kind: kind,
			item_id: String(id),
			title,
			slug: config.slug(row),
			snapshot: JSON.stringify(snapshot),
			media_keys: JSON.stringify(media),
			deleted_at: now.toISOString(),
			deleted_by_user_id: currentAuditActor().userId,
			purge_after: new Date(now.getTime() + TRASH_DAYS * DAY_MS).toISOString(),
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	await recordAudit(
		{ kind: 'content', action: 'delete', itemKind: kind, itemId: id, itemTitle: title, summary: msg.trash.auditDeleted },
		trx,
	)
	return entry.id
}

/** Whether a trashed item of `kind` still holds `slug` (not free for a new item until the purge). */
export async function slugInTrash(executor: Executor, kind: TrashKind, slug: string): Promise<boolean> {
	const found = await executor
		.selectFrom('trash')
		.select('id')
		.where('item_kind', '=', kind)
		.where('slug', '=', slug)
		.limit(1)
		.executeTakeFirst()
	return found !== undefined
}

export type RestoredItem = { kind: TrashKind; id: number; title: string; href: string }

/**
 * Puts a trashed item back with its original id (identity and autoincrement
 * columns never hand out an id twice, so the id is still free and later
 * inserts do not collide), its slug and its media, and indexes it for the
 * search again. Refuses with a Turkish reason and changes nothing when the
 * item's place was taken meanwhile (its slug, its bulletin month, its
 * literature year).
 */
export async function restoreFromTrash(trashId: number): Promise<RestoredItem> {
	return withContentWrite(db, async (typedTrx) => {
		const entry = await typedTrx.selectFrom('trash').selectAll().where('id', '=', trashId).executeTakeFirst()
		if (!entry || !isTrashKind(entry.item_kind)) throw new UserFacingError(msg.trash.notFound)
		const kind = entry.item_kind
		const config: KindConfig = TRASH_KINDS[kind]
		const snapshot = JSON.parse(entry.snapshot) as Snapshot
		const id = Number(entry.item_id)
		const trx = loose(typedTrx)
		for (const [table, rows] of Object.entries(snapshot.rows)) {
			if (!isTrashKind(table)) throw new Error(`unknown table in trash snapshot: ${table}`)
			const tableConfig: KindConfig = TRASH_KINDS[table]
			for (const stored of rows) {
				const taken = await trx.selectFrom(table).select('id').where('id', '=', stored.id).executeTakeFirst()
				if (taken) throw new UserFacingError(msg.trash.idTaken)
				const reason = tableConfig.conflict ? await tableConfig.conflict(trx, stored) : null
				if (reason) throw new UserFacingError(reason)
				if (table === 'literature_books') {
					// A book needs its year's row (the year may have been deleted meanwhile): it gets one, as a new book would.
					const stamp = new Date().toISOString()
					await trx
						.insertInto('literature_award_years')
						.values({ year: stored.year, created_at: stamp, updated_at: stamp })
						.onConflict((oc) => oc.column('year').doNothing())
						.execute()
				}
				const row = tableConfig.place ? await tableConfig.place(trx, stored) : stored
				try {
					await trx.insertInto(table).values(row).execute()
				} catch (error) {
					if (isUniqueViolation(error)) throw new UserFacingError(msg.trash.restoreConflict)
					throw error
				}
			}
		}
		if (config.search) await reindexSearchDocument(config.search, id, typedTrx)
		await typedTrx.deleteFrom('trash').where('id', '=', trashId).execute()
		await recordAudit(
			{ kind: 'content', action: 'restore', itemKind: kind, itemId: id, itemTitle: entry.title, summary: msg.trash.auditRestored },
			typedTrx,
		)
		return { kind, id, title: entry.title, href: itemHref(kind, id) }
	})
}

/** A restored item as it is now (for the notice after a restore), or null when it is not in its table. */
export async function findRestoredItem(kind: TrashKind, id: number): Promise<{ title: string; href: string } | null> {
	const config: KindConfig = TRASH_KINDS[kind]
	const row = (await loose(db).selectFrom(kind).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined
	return row ? { title: config.title(row), href: itemHref(kind, id) } : null
}

/** Where a restored item is found in the admin. */
export function itemHref(kind: TrashKind, id: number) {
	const config: KindConfig = TRASH_KINDS[kind]
	return config.editable ? sectionHref(config.section, { edit: id }) : sectionHref(config.section)
}

async function purgeEntry(
	trx: Transaction<Database>,
	entry: { id: number; item_kind: string; item_id: string; title: string; media_keys: string },
	now: Date,
) {
	await trx.deleteFrom('trash').where('id', '=', entry.id).execute()
	await deleteMediaLater(trx, JSON.parse(entry.media_keys) as Array<string>, now.getTime())
	if (isTrashKind(entry.item_kind)) {
		const config: KindConfig = TRASH_KINDS[entry.item_kind]
		await config.purge?.(trx, Number(entry.item_id))
	}
	// Its earlier versions go with it: nothing could be reverted any more.
	if (isRevisionKind(entry.item_kind)) await forgetRevisions(trx, entry.item_kind, Number(entry.item_id))
	await recordAudit(
		{
			kind: 'content',
			action: 'purge',
			itemKind: entry.item_kind,
			itemId: entry.item_id,
			itemTitle: entry.title,
			summary: msg.trash.auditPurged,
		},
		trx,
	)
}

const PURGE_COLUMNS = ['id', 'item_kind', 'item_id', 'title', 'media_keys'] as const

// A purge changes no page (the item left its table at the delete), so it takes no content version: a plain transaction.

/** Deletes one trashed item for good; its media files go after the usual grace period. */
export async function purgeTrashEntry(trashId: number, now = new Date()) {
	await db.transaction().execute(async (trx) => {
		const entry = await trx.selectFrom('trash').select(PURGE_COLUMNS).where('id', '=', trashId).executeTakeFirst()
		if (!entry) throw new UserFacingError(msg.trash.notFound)
		await purgeEntry(trx, entry, now)
	})
}

/** Çöp kutusunu boşalt: every trashed item deleted for good. Returns how many. */
export async function emptyTrash(now = new Date()): Promise<number> {
	return db.transaction().execute(async (trx) => {
		const entries = await trx.selectFrom('trash').select(PURGE_COLUMNS).execute()
		for (const entry of entries) await purgeEntry(trx, entry, now)
		return entries.length
	})
}

/** Purges the items whose TRASH_DAYS have passed (run at start and by the background jobs). Returns how many. */
export async function purgeExpiredTrash(now = new Date()): Promise<number> {
	return db.transaction().execute(async (trx) => {
		const entries = await trx.selectFrom('trash').select(PURGE_COLUMNS).where('purge_after', '<=', now.toISOString()).limit(500).execute()
		for (const entry of entries) await purgeEntry(trx, entry, now)
		return entries.length
	})
}

export type TrashListRow = {
	id: number
	kind: TrashKind
	kindLabel: string
	title: string
	deletedBy: string | null
	deletedAt: string
	/** Whole days until the purge, at least 0. */
	daysLeft: number
}

/** The Çöp kutusu list, newest first, optionally one kind only. */
export async function listTrash(kind: TrashKind | null = null, now = new Date()): Promise<Array<TrashListRow>> {
	let query = db
		.selectFrom('trash')
		.leftJoin('users', 'users.id', 'trash.deleted_by_user_id')
		.select(['trash.id', 'trash.item_kind', 'trash.title', 'trash.deleted_at', 'trash.purge_after', 'users.full_name', 'users.email'])
		.orderBy('trash.deleted_at', 'desc')
		.orderBy('trash.id', 'desc')
	if (kind) query = query.where('trash.item_kind', '=', kind)
	const rows = await query.execute()
	return rows.flatMap((row) => {
		if (!isTrashKind(row.item_kind)) return []
		const purgeAt = Date.parse(toIso(row.purge_after) ?? '')
		return [
			{
				id: row.id,
				kind: row.item_kind,
				kindLabel: msg.trash.kinds[row.item_kind],
				title: row.title,
				deletedBy: row.full_name || row.email || null,
				deletedAt: formatDateTime(toIso(row.deleted_at) ?? ''),
				daysLeft: Math.max(0, Math.ceil((purgeAt - now.getTime()) / DAY_MS)),
			},
		]
	})
}
