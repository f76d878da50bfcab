import { sql, type Kysely, type Transaction } from 'kysely'
import { reindexSearchDocument, type SearchKind } from '#app/features/search/search.server.ts'
import { currentAuditActor, recordAudit } from '#app/lib/audit.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import type { Database } from '#app/lib/db-types.ts'
import { nowIso, toBool, toIso } from '#app/lib/db-utils.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { msg } from '#app/lib/messages.ts'
import { formatDateTime } from '#app/lib/tr.ts'
import { UserFacingError } from '#app/lib/user-message.server.ts'
import { failure, type ActionResult } from './admin-result.ts'
import { type AdminContext, formId, guarded } from './admin-tab.server.ts'
import { diffSummary, type FieldFormat, type FieldSpec } from './change-summary.server.ts'
import { REVERTED_PARAM } from './revisions.shared.ts'

/**
 * Revisions of every content item but pages (which keep their own,
 * page_revisions): each save keeps the text the item had before it in
 * `content_revisions` (the newest REVISIONS_KEPT per item), and "Bu sürüme
 * dön" writes such a text back. Only text goes back: images and files stay
 * as they are now, since a replaced file is deleted after its grace period.
 *
 * Every create, update, revert and reorder also gets its audit entry
 * (kind `content`, itemKind = the table) in the same transaction, with a
 * short before/after summary of what changed.
 */

/** Earlier versions kept per item; the oldest beyond this go on the next save. */
export const REVISIONS_KEPT = 50

type Row = Record<string, unknown>

type KindSpec = {
	/** Text fields: kept in a revision and written back by a revert. */
	text: Readonly<Record<string, 'text' | 'long' | 'bool'>>
	/** Other fields a save may change, named in the audit summary only (status, dates, media, the list it is in). */
	other?: Readonly<Record<string, FieldFormat>>
	/** The item's name in the audit log. */
	title: (row: Row) => string
	/** The table has an `updated_at` a revert moves on. */
	updatedAt: boolean
	/** The table has a calendar `sequence` a revert moves on (the text it brings back is what a calendar shows). */
	sequence?: boolean
	/** The item's search entry, rebuilt after a revert. */
	search?: SearchKind
}

const str = (value: unknown) => (value === null || value === undefined ? '' : String(value))

const KINDS = {
	announcements: {
		text: { title: 'text', lead: 'long', excerpt: 'long', body: 'long', href: 'text' },
		other: {
			published_at: 'status',
			featured_home: 'bool',
			featured_until: 'instant',
			cover_url: 'media',
			hero_bg_url: 'media',
			gallery: 'media',
		},
		title: (row) => str(row.title),
		updatedAt: true,
		search: 'announcement',
	},
	events: {
		// The address stays what it is now (links point to it; another item may have taken the old one).
		text: { title: 'text', lead: 'long', excerpt: 'long', body: 'long', location: 'text' },
		other: {
			slug: 'text',
			starts_at: 'instant',
			ends_at: 'instant',
			featured_home: 'bool',
			featured_until: 'instant',
			cover_url: 'media',
			hero_bg_url: 'media',
			gallery: 'media',
		},
		title: (row) => str(row.title),
		updatedAt: true,
		sequence: true,
		search: 'event',
	},
	calendar_entries: {
		text: { title: 'text', date: 'text' },
		title: (row) => str(row.title),
		updatedAt: true,
		sequence: true,
	},
	bulletins: {
		// A bulletin is its month and its files, no text: its saves are audited, no revision is kept.
		text: {},
		other: { year: 'text', month: 'text', pdf_url: 'media', cover_url: 'media' },
		title: (row) => `${String(row.month).padStart(2, '0')}/${str(row.year)}`,
		updatedAt: true,
		search: 'bulletin',
	},
	alumni_news: {
		text: { title: 'text', link: 'text', description: 'long' },
		other: { slug: 'text', image_url: 'media', cover_url: 'media' },
		title: (row) => str(row.title),
		updatedAt: true,
		search: 'alumni_news',
	},
	member_perks: {
		text: {
			business_name: 'text',
			category: 'text',
			discount: 'text',
			discount_code: 'text',
			contact_phone: 'text',
			contact_email: 'text',
			contact_web: 'text',
			contact_address: 'text',
			alumnus_name: 'text',
		},
		other: { logo_url: 'media' },
		title: (row) => str(row.business_name),
		updatedAt: true,
		search: 'member_perk',
	},
	hero_slides: {
		text: { title: 'text', text: 'long', link_url: 'text', link_label: 'text' },
		other: { image_key: 'media', image_asset: 'text' },
		title: (row) => str(row.title),
		updatedAt: true,
	},
	board_members: {
		// The group is a list with its own order: a revert leaves the person where they are now.
		text: { name: 'text', role: 'text', term: 'text' },
		other: { group: 'text', photo_url: 'media' },
		title: (row) => str(row.name),
		updatedAt: true,
	},
	awards: {
		text: {
			first_name: 'text',
			last_name: 'text',
			nds_surname: 'text',
			nds_year: 'text',
			title: 'text',
			profession: 'text',
			award_year: 'text',
		},
		title: (row) => `${str(row.first_name)} ${str(row.last_name)}`.trim(),
		updatedAt: false,
		search: 'award',
	},
	literature_award_years: {
		// The year number carries the year's books: a revert leaves it.
		text: { jury: 'long', announcement: 'long' },
		other: { year: 'text' },
		title: (row) => str(row.year),
		updatedAt: true,
	},
	literature_books: {
		// The year is the list the book is ordered in: a revert leaves it.
		text: { title: 'text', author: 'text', caption: 'long', honourable_mention: 'bool' },
		other: { year: 'text', image_url: 'media' },
		title: (row) => str(row.title),
		updatedAt: false,
	},
} as const satisfies Record<string, KindSpec>

/** The tables whose items keep revisions (the audit log's itemKind). */
export type RevisionKind = keyof typeof KINDS

export function isRevisionKind(value: unknown): value is RevisionKind {
	return typeof value === 'string' && Object.hasOwn(KINDS, value)
}

const specOf = (kind: RevisionKind): KindSpec => KINDS[kind]

/** Every field a summary names, text first, with its Turkish label. */
function summaryFields(kind: RevisionKind): Array<FieldSpec> {
	const spec = specOf(kind)
	const label = (name: string) => (name === 'published_at' ? msg.revisions.fields.status : msg.revisions.fields[name]) ?? name
	return [
		...Object.entries(spec.text).map(([name, format]) => ({ name, label: label(name), format })),
		...Object.entries(spec.other ?? {}).map(([name, format]) => ({ name, label: label(name), format })),
	]
}

type Executor = Kysely<Database> | Transaction<Database>
/** The content tables seen without their column types: the kind names the table at run time. */
type LooseDatabase = Record<RevisionKind, Row & { id: number }>
const loose = (executor: Executor) => executor as unknown as Kysely<LooseDatabase>

async function readRow(executor: Executor, kind: RevisionKind, id: number): Promise<Row | undefined> {
	return loose(executor).selectFrom(kind).selectAll().where('id', '=', id).executeTakeFirst()
}

/** The text fields of a row, as a revision keeps them (booleans as booleans whatever the dialect). */
function snapshotOf(kind: RevisionKind, row: Row): Row {
	const snapshot: Row = {}
	for (const [name, format] of Object.entries(specOf(kind).text)) {
		const value = row[name] ?? null
		snapshot[name] = format === 'bool' ? toBool(value) : typeof value === 'bigint' ? Number(value) : value
	}
	return snapshot
}

/** What a save is about to replace: taken by keepRevision, finished by finishRevision after the write. */
export type KeptRevision = { kind: RevisionKind; id: number; before: Row; revisionId: number }

/**
 * Keeps the item's current text as a revision, in the save's transaction,
 * before the row changes; only the newest REVISIONS_KEPT stay. Null when
 * the item does not exist (the save then refuses as it always did).
 * Call finishRevision after the write.
 */
export async function keepRevision(trx: Transaction<Database>, kind: RevisionKind, id: number): Promise<KeptRevision | null> {
	const before = await readRow(trx, kind, id)
	if (!before) return null
	const { id: revisionId } = await trx
		.insertInto('content_revisions')
		.values({
			item_kind: kind,
			item_id: String(id),
			snapshot: JSON.stringify(snapshotOf(kind, before)),
			summary: '',
			saved_at: nowIso(),
			saved_by_user_id: currentAuditActor().userId,
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	// Both dialects take a LIMIT inside IN only from a derived table.
	const newest = trx
		.selectFrom('content_revisions')
		.select('id')
		.where('item_kind', '=', kind)
		.where('item_id', '=', String(id))
		.orderBy('id', 'desc')
		.limit(REVISIONS_KEPT)
	await trx
		.deleteFrom('content_revisions')
		.where('item_kind', '=', kind)
		.where('item_id', '=', String(id))
		.where('id', 'not in', trx.selectFrom(newest.as('kept')).select('kept.id'))
		.execute()
	return { kind, id, before, revisionId }
}

/**
 * After the write: the revision gets the summary of what the save changed
 * (or goes, when the text did not change: it would bring back nothing), and
 * the audit log gets its entry (none for a save that changed nothing).
 */
export async function finishRevision(trx: Transaction<Database>, kept: KeptRevision, action: 'update' | 'revert' = 'update') {
	const after = await readRow(trx, kept.kind, kept.id)
	if (!after) return
	const summary = diffSummary(summaryFields(kept.kind), kept.before, after)
	const textChanged = JSON.stringify(snapshotOf(kept.kind, kept.before)) !== JSON.stringify(snapshotOf(kept.kind, after))
	if (textChanged) {
		await trx.updateTable('content_revisions').set({ summary }).where('id', '=', kept.revisionId).execute()
	} else {
		await trx.deleteFrom('content_revisions').where('id', '=', kept.revisionId).execute()
	}
	if (!summary && action === 'update') return
	await recordAudit(
		{
			kind: 'content',
			action,
			itemKind: kept.kind,
			itemId: kept.id,
			itemTitle: specOf(kept.kind).title(after),
			summary: summary || msg.revisions.noChange,
		},
		trx,
	)
}

/** An update with its revision and audit entry: keepRevision, the write, finishRevision. */
export async function revisedUpdate<T>(trx: Transaction<Database>, kind: RevisionKind, id: number, write: () => Promise<T>): Promise<T> {
	const kept = await keepRevision(trx, kind, id)
	const result = await write()
	if (kept) await finishRevision(trx, kept)
	return result
}

/** The audit entry of a new item, in its transaction. */
export async function recordCreate(trx: Transaction<Database>, kind: RevisionKind, id: number) {
	const row = await readRow(trx, kind, id)
	await recordAudit(
		{
			kind: 'content',
			action: 'create',
			itemKind: kind,
			itemId: id,
			itemTitle: row ? specOf(kind).title(row) : null,
			summary: msg.revisions.created,
		},
		trx,
	)
}

/**
 * The audit entry of a new order: the item moved (with its new place) or,
 * for a whole list, no item. `table` is any ordered content table.
 */
export async function recordReorder(trx: Transaction<Database>, table: string, movedId: number | null, order: ReadonlyArray<number>) {
	let itemTitle: string | null = null
	if (movedId !== null && isRevisionKind(table)) {
		const row = await readRow(trx, table, movedId)
		itemTitle = row ? specOf(table).title(row) : null
	}
	const position = movedId === null ? -1 : order.indexOf(movedId)
	await recordAudit(
		{
			kind: 'content',
			action: 'reorder',
			itemKind: table,
			itemId: movedId,
			itemTitle,
			summary: position >= 0 ? msg.revisions.movedTo(position + 1) : msg.revisions.reordered,
		},
		trx,
	)
}

/** Drops an item's revisions (when it is deleted for good). */
export async function forgetRevisions(executor: Executor, kind: RevisionKind, id: number) {
	await executor.deleteFrom('content_revisions').where('item_kind', '=', kind).where('item_id', '=', String(id)).execute()
}

export type RevisionRow = {
	id: number
	/** When the save that replaced this version happened, Istanbul time ("25.11.2026 14:05"). */
	savedLabel: string
	savedAt: string | null
	/** Who made that save; null for an unnamed one (CLI) or a removed account. */
	savedBy: string | null
	/** What that save changed. */
	summary: string
	/** The item's name in that version (its title, business or person), when the text holds it. */
	title: string | null
}

/** The "Sürümler" of one item, for its edit dialog. */
export type RevisionList = { kind: RevisionKind; itemId: number; items: Array<RevisionRow> }

/** An item's revisions, newest first. */
export async function listRevisions(kind: RevisionKind, id: number): Promise<Array<RevisionRow>> {
	const rows = await db
		.selectFrom('content_revisions')
		.leftJoin('users', 'users.id', 'content_revisions.saved_by_user_id')
		.select([
			'content_revisions.id',
			'content_revisions.snapshot',
			'content_revisions.summary',
			'content_revisions.saved_at',
			'users.full_name',
			'users.email',
		])
		.where('content_revisions.item_kind', '=', kind)
		.where('content_revisions.item_id', '=', String(id))
		.orderBy('content_revisions.id', 'desc')
		.execute()
	return rows.map((row) => {
		const savedAt = toIso(row.saved_at)
		let snapshot: Row = {}
		try {
			snapshot = JSON.parse(row.snapshot) as Row
		} catch {
			// A damaged snapshot still lists; a revert refuses it.
		}
		// The version's name (title, business or person) when its text holds it.
		const title = specOf(kind).title(snapshot).trim() || null
		return {
			id: row.id,
			savedAt,
			savedLabel: savedAt ? formatDateTime(savedAt) : '—',
			savedBy: row.full_name?.trim() || row.email || null,
			summary: row.summary,
			title,
		}
	})
}

/** The revisions for the edit dialog of `id` (null: no dialog open); a failed read is logged and shows none. */
export async function revisionsForEditing(
	ctx: Pick<AdminContext, 'requestId'>,
	kind: RevisionKind,
	id: number | null | undefined,
): Promise<RevisionList | null> {
	if (id === null || id === undefined) return null
	try {
		return { kind, itemId: id, items: await listRevisions(kind, id) }
	} catch (error) {
		logger.error({ err: error, requestId: ctx.requestId }, 'admin revisions list failed')
		return null
	}
}

/**
 * Writes an earlier version's text back ("Bu sürüme dön") in one content
 * write: the current text is kept as a revision first, so the revert can be
 * undone too; images and files stay as they are. Refused (Turkish) when the
 * item no longer exists or the revision is not this item's.
 */
export async function revertRevision(kind: RevisionKind, id: number, revisionId: number): Promise<void> {
	await withContentWrite(db, async (trx) => {
		if (!(await readRow(trx, kind, id))) throw new UserFacingError(msg.revisions.itemGone)
		const revision = await trx
			.selectFrom('content_revisions')
			.select('snapshot')
			.where('id', '=', revisionId)
			.where('item_kind', '=', kind)
			.where('item_id', '=', String(id))
			.executeTakeFirst()
		if (!revision) throw new UserFacingError(msg.revisions.notFound)
		let snapshot: Row
		try {
			snapshot = JSON.parse(revision.snapshot) as Row
		} catch {
			throw new UserFacingError(msg.revisions.notFound)
		}
		const spec = specOf(kind)
		const values: Row = {}
		for (const [name, format] of Object.entries(spec.text)) {
			if (!Object.hasOwn(snapshot, name)) continue
			values[name] = format === 'bool' ? toBool(snapshot[name]) : (snapshot[name] ?? null)
		}
		if (spec.updatedAt) values.updated_at = nowIso()
		if (spec.sequence) values.sequence = sql`sequence + 1`
		const kept = await keepRevision(trx, kind, id)
		await loose(trx).updateTable(kind).set(values).where('id', '=', id).execute()
		if (kept) await finishRevision(trx, kept, 'revert')
		if (spec.search) await reindexSearchDocument(spec.search, id, trx)
	})
}

/**
 * The `revert` intent of a section's door: the posted kind (one of
 * `kinds`, which the section edits), item and revision; back to the item's
 * edit dialog with the restored text, or refused as "Önceki sürüme dönülemedi: …".
 */
export async function revertIntent(
	ctx: AdminContext,
	kinds: RevisionKind | ReadonlyArray<RevisionKind>,
	form: FormData,
): Promise<ActionResult> {
	const allowed: ReadonlyArray<RevisionKind> = typeof kinds === 'string' ? [kinds] : kinds
	const posted = form.get('kind')
	const kind = allowed.find((candidate) => candidate === posted) ?? (posted === null && allowed.length === 1 ? allowed[0] : undefined)
	const id = formId(form)
	const revisionId = formId(form, 'revision')
	const prefix = msg.revisions.revertFailed
	if (!kind || id === null || revisionId === null) return failure(400, `${prefix}${msg.revisions.notFound}`)
	return guarded(ctx, prefix, async () => {
		await revertRevision(kind, id, revisionId)
		// Back to the dialog the form was posted from (its address), saying the text came back.
		const params = new URLSearchParams(ctx.url.search)
		params.delete('_routes')
		params.delete('index')
		params.set('surum', REVERTED_PARAM)
		return { ok: true, id, message: msg.revisions.reverted, location: `${ctx.url.pathname.replace(/\.data$/, '')}?${params}` }
	})
}
