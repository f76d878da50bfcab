import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { getSettings } from '#app/features/settings/settings.server.ts'
import { isUniqueViolation, toBool, toIso } from '#app/lib/db-utils.server.ts'
import { migrateToLatest, pendingMigrations } from '#app/lib/migrate.server.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'
import { migrations } from './migrations/index.ts'
import { seedDemo } from '#app/features/site/seed/demo.ts'
import { isContentEmpty, seedBase } from '#app/features/site/seed/index.ts'

const TABLES = [
	'announcements',
	'events',
	'calendar_entries',
	'bulletins',
	'alumni_news',
	'member_perks',
	'pages',
	'board_members',
	'awards',
	'literature_books',
	'literature_award_years',
	'settings',
	'app_meta',
	'users',
	'sessions',
	'accounts',
	'verifications',
	'rate_limits',
] as const

test('lists every migration file in the migration index, in order', () => {
	const files = fs
		.readdirSync(path.join(import.meta.dirname, 'migrations'))
		.filter((f) => /^\d{4}-\d{2}-\d{2}T\d{4}_.+\.ts$/.test(f))
		.map((f) => f.replace(/\.ts$/, ''))
		.toSorted()
	expect(Object.keys(migrations)).toEqual(files)
})

for (const dialect of dialectsUnderTest()) {
	test(`migrates an empty ${dialect} database and reads every table`, async () => {
		const tdb = await createTestDatabase(dialect)
		try {
			const { db } = tdb.handle
			expect(await pendingMigrations(db)).toEqual(Object.keys(migrations))
			await migrateToLatest(db)
			expect(await pendingMigrations(db)).toEqual([])
			for (const table of TABLES) {
				const row = await db
					.selectFrom(table)
					.select(sql<number>`count(*)`.as('n'))
					.executeTakeFirstOrThrow()
				expect(Number(row.n), table).toBe(0)
			}
			expect(await migrateToLatest(db)).toEqual([])
		} finally {
			await tdb.cleanup()
		}
	})

	test(`seeds base and demo content on ${dialect}, once, and never over existing content`, async () => {
		const tdb = await createTestDatabase(dialect)
		try {
			const { db } = tdb.handle
			await migrateToLatest(db)
			await seedBase(db)
			await seedBase(db)
			expect((await getSettings()).dues).toEqual({ year: 2025, entryFee: 20, annualDues: 450, serviceCutPercent: 5 })
			expect(await isContentEmpty(db)).toBe(true)

			const now = new Date('2026-11-22T09:00:00Z')
			expect(await seedDemo(db, { storage: tdb.storage, now })).toEqual({ seeded: true })
			const count = async (table: (typeof TABLES)[number]) =>
				Number(
					(
						await db
							.selectFrom(table)
							.select(sql<number>`count(*)`.as('n'))
							.executeTakeFirstOrThrow()
					).n,
				)
			const groups = await db.selectFrom('board_members').select(['group', 'order_index']).orderBy('group').orderBy('order_index').execute()
			expect(groups.filter((row) => row.group === 'board').map((row) => row.order_index)).toEqual([1, 2, 3, 4, 5, 6, 7])
			expect(groups.filter((row) => row.group === 'audit')).toHaveLength(3)
			expect(groups.filter((row) => row.group === 'past_president').length).toBeGreaterThanOrEqual(3)
			expect(await count('awards')).toBeGreaterThanOrEqual(95)
			expect(await count('announcements')).toBeGreaterThanOrEqual(10)
			expect(await count('events')).toBeGreaterThanOrEqual(6)
			expect(await count('calendar_entries')).toBeGreaterThanOrEqual(10)
			expect(await count('alumni_news')).toBeGreaterThanOrEqual(5)
			expect(await count('member_perks')).toBeGreaterThanOrEqual(8)

			const years = await db.selectFrom('literature_books').select(['year', 'honourable_mention']).execute()
			expect(Math.min(...years.map((y) => y.year))).toBe(2009)
			expect(Math.max(...years.map((y) => y.year))).toBe(2025)
			expect(years.some((y) => toBool(y.honourable_mention))).toBe(true)
			const awardYears = await db.selectFrom('literature_award_years').select(['year', 'jury']).orderBy('year').execute()
			expect(awardYears.map((y) => y.year)).toEqual([...new Set(years.map((y) => y.year))].toSorted())
			expect(awardYears.at(-1)?.jury).toContain('Sevim Aktan')

			const awards = await db.selectFrom('awards').select('nds_year').execute()
			expect(Math.min(...awards.map((a) => a.nds_year))).toBe(1938)
			expect(Math.max(...awards.map((a) => a.nds_year))).toBeLessThanOrEqual(2009)

			const bulletins = await db
				.selectFrom('bulletins')
				.select(['year', 'month', 'pdf_url', 'cover_url'])
				.orderBy('year')
				.orderBy('month')
				.execute()
			expect(bulletins[0]?.year).toBe(2009)
			expect(bulletins.at(-1)).toMatchObject({ year: 2026, month: 10 })
			const pdf = await tdb.storage.get(bulletins[0]!.pdf_url)
			expect(pdf?.contentType).toBe('application/pdf')
			expect(pdf?.body.subarray(0, 5).toString('latin1')).toBe('%PDF-')
			expect(await tdb.storage.exists(bulletins[0]!.cover_url!)).toBe(true)

			const upcoming = await db.selectFrom('calendar_entries').select('date').where('date', '>=', '2026-11-22').execute()
			expect(upcoming.length).toBeGreaterThanOrEqual(4)

			const featured = await db
				.selectFrom('announcements')
				.select(['featured_home', 'featured_until', 'published_at'])
				.where('featured_home', '=', true)
				.execute()
			expect(featured.length).toBeGreaterThan(0)
			expect(toIso(featured[0]!.featured_until)! > now.toISOString()).toBe(true)
			const drafts = await db.selectFrom('announcements').select('id').where('published_at', 'is', null).execute()
			expect(drafts).toHaveLength(1)

			expect(await seedDemo(db, { storage: tdb.storage, now })).toEqual({ seeded: false, reason: 'already seeded' })
			expect(await count('board_members')).toBe(groups.length)
		} finally {
			await tdb.cleanup()
		}
	})

	test(`leaves a ${dialect} database with content alone and reports unique violations`, async () => {
		const tdb = await createTestDatabase(dialect)
		try {
			const { db } = tdb.handle
			await migrateToLatest(db)
			const stamp = new Date().toISOString()
			await db
				.insertInto('bulletins')
				.values({ year: 2024, month: 5, pdf_url: 'bulletins/a.pdf', created_at: stamp, updated_at: stamp })
				.execute()
			expect(await seedDemo(db, { storage: tdb.storage })).toEqual({ seeded: false, reason: 'database has content' })
			const duplicate = await db
				.insertInto('bulletins')
				.values({ year: 2024, month: 5, pdf_url: 'bulletins/b.pdf', created_at: stamp, updated_at: stamp })
				.execute()
				.then(
					() => null,
					(error: unknown) => error,
				)
			expect(isUniqueViolation(duplicate)).toBe(true)
			const row = await db.selectFrom('bulletins').select(['created_at']).executeTakeFirstOrThrow()
			expect(toIso(row.created_at)).toBe(stamp)
		} finally {
			await tdb.cleanup()
		}
	})
}
