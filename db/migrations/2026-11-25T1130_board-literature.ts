import { sql } from 'kysely'
import { createdAt, type MigrationDb, nowDefault, timestampType, withIdColumn } from './helpers.ts'

/**
 * The board page's three lists and the literature award's years.
 *
 * - `board_members.group`: `board` (yönetim kurulu), `audit` (denetim
 *   kurulu) or `past_president` (geçmiş dönem başkanları); every existing
 *   member was on the board. `term` is the period served, e.g. `2024–2026`.
 *   order_index now counts within a group.
 * - `literature_award_years`: one row per award year with its jury (one name
 *   a line) and the announcement of the winners. Every year that has books
 *   gets its row; order_index of the books now counts within their year, in
 *   the order the page showed them (winner, then honourable mentions).
 * - A jury list the literature award page's text carried (the seeded
 *   "## Seçici Kurul" section) moves to its year's row, out of the page.
 */
export async function up(db: MigrationDb) {
	await db.schema
		.alterTable('board_members')
		.addColumn('group', 'text', (c) => c.notNull().defaultTo('board'))
		.execute()
	await db.schema.alterTable('board_members').addColumn('term', 'text').execute()
	await db.schema.createIndex('board_members_group_order_idx').on('board_members').columns(['group', 'order_index']).execute()

	const ts = timestampType(db)
	await withIdColumn(db, db.schema.createTable('literature_award_years'))
		.addColumn('year', 'integer', (c) => c.notNull())
		.addColumn('jury', 'text')
		.addColumn('announcement', 'text')
		.addColumn('created_at', ts, createdAt(db))
		.addColumn('updated_at', ts, createdAt(db))
		.addUniqueConstraint('literature_award_years_year_key', ['year'])
		.execute()
	await db.schema.createIndex('literature_books_year_order_idx').on('literature_books').columns(['year', 'order_index']).execute()

	const books = await db
		.selectFrom('literature_books')
		.select(['id', 'year'])
		.orderBy('year')
		.orderBy('honourable_mention')
		.orderBy('order_index')
		.orderBy('id')
		.execute()
	const counters = new Map<number, number>()
	for (const book of books as Array<{ id: number; year: number }>) {
		const next = (counters.get(book.year) ?? 0) + 1
		counters.set(book.year, next)
		await db.updateTable('literature_books').set({ order_index: next }).where('id', '=', book.id).execute()
	}

	const moved = await moveJuryOutOfPage(db)
	for (const year of counters.keys()) {
		await db
			.insertInto('literature_award_years')
			.values({ year, jury: moved?.year === year ? moved.jury : null })
			.execute()
	}
	if (moved && !counters.has(moved.year)) {
		await db.insertInto('literature_award_years').values({ year: moved.year, jury: moved.jury }).execute()
	}
}

const JURY_HEADING = /^## Seçici Kurul[ \t]*$/m

/**
 * The seeded page text ended with "## Seçici Kurul", a line naming the
 * year ("2025 yılı seçici kurulu şu isimlerden oluştu:") and a list. When
 * the stored page still has that shape, the section leaves the page and
 * its names are returned; an edited section is left alone.
 */
async function moveJuryOutOfPage(db: MigrationDb): Promise<{ year: number; jury: string } | null> {
	const page = (await db.selectFrom('pages').select(['body']).where('slug', '=', 'nds-edebiyat-odulu').executeTakeFirst()) as
		{ body: string } | undefined
	if (!page) return null
	const start = page.body.search(JURY_HEADING)
	if (start < 0) return null
	const rest = page.body.slice(start).replace(JURY_HEADING, '')
	const nextHeading = rest.search(/^#{1,2} /m)
	const section = nextHeading < 0 ? rest : rest.slice(0, nextHeading)
	const lines = section
		.split('\n')
		.map((line) => line.trim())
		.filter(Boolean)
	const yearLine = /^(\d{4}) yılı seçici kurulu şu isimlerden oluştu:$/.exec(lines[0] ?? '')
	const names = lines.slice(1)
	if (!yearLine || names.length === 0 || !names.every((line) => line.startsWith('- '))) return null
	const body = `${page.body.slice(0, start).trimEnd()}\n${nextHeading < 0 ? '' : `\n${rest.slice(nextHeading)}`}`
	await db
		.updateTable('pages')
		.set({ body, updated_at: nowDefault(db) })
		.where('slug', '=', 'nds-edebiyat-odulu')
		.execute()
	await db
		.insertInto('app_meta')
		.values({ key: 'content:version', value: '1' })
		.onConflict((oc) => oc.column('key').doUpdateSet({ value: sql`cast(cast(app_meta.value as integer) + 1 as text)` }))
		.execute()
	return { year: Number(yearLine[1]), jury: names.map((line) => line.slice(2).trim()).join('\n') }
}

export async function down(db: MigrationDb) {
	await db.schema.dropIndex('literature_books_year_order_idx').execute()
	await db.schema.dropTable('literature_award_years').execute()
	await db.schema.dropIndex('board_members_group_order_idx').execute()
	await db.schema.alterTable('board_members').dropColumn('term').execute()
	await db.schema.alterTable('board_members').dropColumn('group').execute()
}
