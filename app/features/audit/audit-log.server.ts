import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import { findSection, sectionHref } from '#app/features/admin/sections.ts'
import { db } from '#app/lib/db.server.ts'
import type { Database } from '#app/lib/db-types.ts'
import { toIso } from '#app/lib/db-utils.server.ts'
import { msg } from '#app/lib/messages.ts'
import { addDays, compareTr, foldTr, istanbulLocalToIso } from '#app/lib/tr.ts'
import { describeUserAgent } from '#app/lib/user-agent.ts'
import { AUDIT_PAGE_SIZE, type AuditFilters } from './audit-filters.ts'
import { actionLabel, itemKindLabel, kindLabel, SECTION_OF_ITEM_KIND } from './audit-labels.ts'

/**
 * Reading the audit log (the admin's "Kayıtlar" and its CSV) and pruning
 * entries past the retention period. Nothing here edits an entry.
 */

export type AuditRow = {
	id: number
	at: string
	userName: string | null
	userEmail: string | null
	kind: string
	kindLabel: string
	action: string
	actionLabel: string
	itemKind: string | null
	itemKindLabel: string
	itemId: string | null
	itemTitle: string | null
	/** The item's place in the admin while it still exists, or null. */
	itemHref: string | null
	summary: string
	ip: string | null
	/** "Chrome · Windows", or null for an unknown browser. */
	browser: string | null
	userAgent: string | null
}

export type AuditPage = { rows: Array<AuditRow>; total: number; page: number; pages: number }

export type AuditUserOption = { email: string; label: string }

type Eb = ExpressionBuilder<Database & { u: Database['users'] }, 'audit_log' | 'u'>

/** `%` and `_` typed by a person are meant literally; Turkish letters folded like the column (see foldedColumn). */
const likePattern = (text: string) => `%${foldTr(text).replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/** Turkish letters the SQL side folds to ASCII (SQLite's lower() leaves every non-ASCII letter alone). */
const SQL_FOLDS: ReadonlyArray<[string, string]> = [
	['Ç', 'c'],
	['ç', 'c'],
	['Ğ', 'g'],
	['ğ', 'g'],
	['İ', 'i'],
	['ı', 'i'],
	['Ö', 'o'],
	['ö', 'o'],
	['Ş', 's'],
	['ş', 's'],
	['Ü', 'u'],
	['ü', 'u'],
	['Â', 'a'],
	['â', 'a'],
	['Î', 'i'],
	['î', 'i'],
	['Û', 'u'],
	['û', 'u'],
]

/** A column folded the way foldTr folds the search text: `NOKTALI`, `noktalı` and `Noktali` meet, on both databases. */
function foldedColumn(column: string) {
	let folded = sql`coalesce(${sql.ref(column)}, '')`
	for (const [from, to] of SQL_FOLDS) folded = sql`replace(${folded}, ${sql.lit(from)}, ${sql.lit(to)})`
	return sql`lower(${folded})`
}

function containsText(column: string, pattern: string): Expression<SqlBool> {
	return sql<SqlBool>`${foldedColumn(column)} like ${pattern} escape '\\'`
}

function baseQuery(filters: Omit<AuditFilters, 'page'>) {
	let query = db.selectFrom('audit_log').leftJoin('users as u', 'u.id', 'audit_log.user_id')
	if (filters.user) {
		const email = filters.user.toLowerCase()
		query = query.where((eb: Eb) => eb.or([eb(eb.fn('lower', ['audit_log.user_email']), '=', email), eb('u.email', '=', email)]))
	}
	if (filters.kind) query = query.where('audit_log.kind', '=', filters.kind)
	const from = filters.from ? istanbulLocalToIso(filters.from) : null
	if (from) query = query.where('audit_log.created_at', '>=', from)
	const before = filters.to ? istanbulLocalToIso(addDays(filters.to, 1)) : null
	if (before) query = query.where('audit_log.created_at', '<', before)
	if (filters.text) {
		const pattern = likePattern(filters.text)
		query = query.where(
			() =>
				sql<SqlBool>`(${sql.join(
					[
						'audit_log.user_email',
						'u.full_name',
						'audit_log.action',
						'audit_log.item_title',
						'audit_log.summary',
						'audit_log.ip_address',
					].map((column) => containsText(column, pattern)),
					sql` or `,
				)})`,
		)
	}
	return query
}

const COLUMNS = [
	'audit_log.id',
	'audit_log.created_at',
	'audit_log.user_email',
	'u.full_name',
	'u.email as account_email',
	'audit_log.kind',
	'audit_log.action',
	'audit_log.item_kind',
	'audit_log.item_id',
	'audit_log.item_title',
	'audit_log.summary',
	'audit_log.ip_address',
	'audit_log.user_agent',
] as const

type RawRow = {
	id: number
	created_at: unknown
	user_email: string | null
	full_name: string | null
	account_email: string | null
	kind: string
	action: string
	item_kind: string | null
	item_id: string | null
	item_title: string | null
	summary: string
	ip_address: string | null
	user_agent: string | null
}

function toRow(row: RawRow, href: string | null): AuditRow {
	return {
		id: Number(row.id),
		at: toIso(row.created_at) ?? '',
		userName: row.full_name,
		userEmail: row.user_email ?? row.account_email,
		kind: row.kind,
		kindLabel: kindLabel(row.kind),
		action: row.action,
		actionLabel: actionLabel(row.kind, row.action),
		itemKind: row.item_kind,
		itemKindLabel: itemKindLabel(row.item_kind),
		itemId: row.item_id,
		itemTitle: row.item_title,
		itemHref: href,
		summary: row.summary,
		ip: row.ip_address,
		browser: describeUserAgent(row.user_agent),
		userAgent: row.user_agent,
	}
}

const itemKey = (kind: string | null, id: string | null) => `${kind ?? ''}\u0000${id ?? ''}`

/** Where each row's item is edited in the admin, for the items that still exist. */
async function itemLinks(rows: ReadonlyArray<RawRow>): Promise<Map<string, string>> {
	const links = new Map<string, string>()
	const wanted = new Map<string, Set<string>>()
	for (const row of rows) {
		if (!row.item_kind || !row.item_id) continue
		if (row.item_kind.startsWith('settings:')) {
			links.set(itemKey(row.item_kind, row.item_id), sectionHref('ayarlar'))
			continue
		}
		if (row.item_kind === 'users') {
			if (findSection('kullanicilar')) links.set(itemKey(row.item_kind, row.item_id), sectionHref('kullanicilar'))
			continue
		}
		if (!Object.hasOwn(SECTION_OF_ITEM_KIND, row.item_kind)) continue
		const ids = wanted.get(row.item_kind) ?? new Set<string>()
		ids.add(row.item_id)
		wanted.set(row.item_kind, ids)
	}
	for (const [kind, ids] of wanted) {
		const section = SECTION_OF_ITEM_KIND[kind]
		if (!section) continue
		let found: Array<string>
		if (section.key === 'slug') {
			const rows = await db
				.selectFrom('pages')
				.select('slug')
				.where('slug', 'in', [...ids])
				.execute()
			found = rows.map((row) => row.slug)
		} else {
			const numeric = [...ids].filter((id) => /^\d{1,12}$/.test(id)).map(Number)
			if (numeric.length === 0) continue
			// The table name comes from SECTION_OF_ITEM_KIND, never from the entry.
			const rows = await db
				.selectFrom(kind as 'announcements')
				.select('id')
				.where('id', 'in', numeric)
				.execute()
			found = rows.map((row) => String(row.id))
		}
		for (const id of found) links.set(itemKey(kind, id), sectionHref(section.slug, { edit: id }))
	}
	return links
}

/** One page of the filtered log, newest first. */
export async function listAuditPage(filters: AuditFilters, pageSize = AUDIT_PAGE_SIZE): Promise<AuditPage> {
	const counted = await baseQuery(filters)
		.select((eb) => eb.fn.countAll().as('count'))
		.executeTakeFirst()
	const total = Number(counted?.count ?? 0)
	const pages = Math.max(1, Math.ceil(total / pageSize))
	const page = Math.min(filters.page, pages)
	const raw = (await baseQuery(filters)
		.select(COLUMNS)
		.orderBy('audit_log.created_at', 'desc')
		.orderBy('audit_log.id', 'desc')
		.limit(pageSize)
		.offset((page - 1) * pageSize)
		.execute()) as Array<RawRow>
	const links = await itemLinks(raw)
	return { rows: raw.map((row) => toRow(row, links.get(itemKey(row.item_kind, row.item_id)) ?? null)), total, page, pages }
}

/** The most rows one CSV holds (a year of a busy association's log is far fewer). */
export const MAX_EXPORT_ROWS = 100_000

/** Every row of the filtered log, newest first, for the CSV. */
export async function listAuditForExport(filters: Omit<AuditFilters, 'page'>): Promise<Array<AuditRow>> {
	const raw = (await baseQuery(filters)
		.select(COLUMNS)
		.orderBy('audit_log.created_at', 'desc')
		.orderBy('audit_log.id', 'desc')
		.limit(MAX_EXPORT_ROWS)
		.execute()) as Array<RawRow>
	return raw.map((row) => toRow(row, null))
}

/** The people the filter offers: the accounts of the admin area, then any other e-mail the log names (a failed sign-in's). */
export async function listAuditUsers(): Promise<Array<AuditUserOption>> {
	const accounts = await db.selectFrom('users').select(['email', 'full_name']).where('is_admin', '=', true).execute()
	const logged = await db
		.selectFrom('audit_log')
		.select('user_email')
		.distinct()
		.where('user_email', 'is not', null)
		.orderBy('user_email')
		.limit(500)
		.execute()
	const options = new Map<string, AuditUserOption>()
	for (const account of accounts)
		options.set(account.email.toLowerCase(), { email: account.email, label: `${account.full_name} (${account.email})` })
	for (const { user_email: email } of logged) {
		if (email && !options.has(email.toLowerCase())) options.set(email.toLowerCase(), { email, label: email })
	}
	return [...options.values()].toSorted((a, b) => compareTr(a.label, b.label))
}

/** Deletes entries older than `days` days; how many. */
export async function pruneAuditLog(days: number, now = new Date()): Promise<number> {
	const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString()
	const result = await db.deleteFrom('audit_log').where('created_at', '<', cutoff).executeTakeFirst()
	return Number(result.numDeletedRows)
}

export const AUDIT_NOBODY = msg.auditLog.nobody
