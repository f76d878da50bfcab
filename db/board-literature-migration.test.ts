import { Migrator } from 'kysely/migration'
import { expect, test } from 'vitest'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'
import { migrations } from './migrations/index.ts'

const PAGE_WITH_JURY = `NDS Edebiyat Ödülü, derneğimizin okulumuzla birlikte **2009 yılından bu yana** düzenlediği bir edebiyat ödülüdür.

## Ödülün Koşulları

- Ödüle roman ve öykü kitapları aday olabilir.

## Seçici Kurul

2025 yılı seçici kurulu şu isimlerden oluştu:

- Prof. Dr. Sevim Aktan – Edebiyat tarihçisi (seçici kurul başkanı)
- Nermin Bayraktar – Yazar
`

async function migratedFrom(dialect: 'sqlite' | 'postgres', page: string | null) {
	const tdb = await createTestDatabase(dialect)
	const { db } = tdb.handle
	const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
	const { error } = await migrator.migrateTo('2026-11-25T1120_awards-columns')
	if (error) throw error
	const stamp = '2026-01-01T09:00:00.000Z'
	for (const [name, order] of [
		['Ayşe Nur Karaca', 1],
		['Leyla Ertürk', 2],
	] as const) {
		await db.insertInto('board_members').values({ name, role: 'Üye', order_index: order, created_at: stamp, updated_at: stamp }).execute()
	}
	for (const [year, title, mention, order] of [
		[2009, 'Rüzgârın Unuttuğu Ev', false, 1],
		[2010, 'Kumdan Saatler', true, 2],
		[2010, 'Kuleden Görünen', false, 3],
		[2011, 'Ağustos Sıcağında Bir Sokak', false, 4],
	] as const) {
		await db
			.insertInto('literature_books')
			.values({
				year,
				title,
				author: 'Yazar',
				caption: '',
				image_url: null,
				honourable_mention: mention,
				order_index: order,
				created_at: stamp,
			})
			.execute()
	}
	if (page !== null) {
		await db
			.insertInto('pages')
			.values({ slug: 'nds-edebiyat-odulu', title: 'NDS Edebiyat Ödülü', description: null, body: page, updated_at: stamp })
			.execute()
	}
	await db.insertInto('app_meta').values({ key: 'content:version', value: '7' }).execute()
	await migrateToLatest(db)
	return tdb
}

for (const dialect of dialectsUnderTest()) {
	test(`puts existing board members on the board, numbers books within their year and moves the seeded jury out of the page (${dialect})`, async () => {
		const tdb = await migratedFrom(dialect, PAGE_WITH_JURY)
		try {
			const { db } = tdb.handle
			expect(await db.selectFrom('board_members').select(['name', 'group', 'term', 'order_index']).orderBy('id').execute()).toEqual([
				{ name: 'Ayşe Nur Karaca', group: 'board', term: null, order_index: 1 },
				{ name: 'Leyla Ertürk', group: 'board', term: null, order_index: 2 },
			])
			expect(
				await db.selectFrom('literature_books').select(['year', 'title', 'order_index']).orderBy('year').orderBy('order_index').execute(),
			).toEqual([
				{ year: 2009, title: 'Rüzgârın Unuttuğu Ev', order_index: 1 },
				{ year: 2010, title: 'Kuleden Görünen', order_index: 1 },
				{ year: 2010, title: 'Kumdan Saatler', order_index: 2 },
				{ year: 2011, title: 'Ağustos Sıcağında Bir Sokak', order_index: 1 },
			])
			expect(await db.selectFrom('literature_award_years').select(['year', 'jury', 'announcement']).orderBy('year').execute()).toEqual([
				{ year: 2009, jury: null, announcement: null },
				{ year: 2010, jury: null, announcement: null },
				{ year: 2011, jury: null, announcement: null },
				{
					year: 2025,
					jury: 'Prof. Dr. Sevim Aktan – Edebiyat tarihçisi (seçici kurul başkanı)\nNermin Bayraktar – Yazar',
					announcement: null,
				},
			])
			const page = await db.selectFrom('pages').select(['body', 'updated_at']).executeTakeFirstOrThrow()
			expect(page.body).toBe(PAGE_WITH_JURY.slice(0, PAGE_WITH_JURY.indexOf('\n\n## Seçici Kurul') + 1))
			expect(String(page.updated_at)).not.toContain('2026-01-01')
			expect(await db.selectFrom('app_meta').select('value').where('key', '=', 'content:version').executeTakeFirstOrThrow()).toEqual({
				value: '8',
			})
		} finally {
			await tdb.cleanup()
		}
	})

	test(`leaves a page whose jury section was edited alone (${dialect})`, async () => {
		const edited = PAGE_WITH_JURY.replace('- Nermin Bayraktar – Yazar\n', 'Nermin Bayraktar da kurulda yer aldı.\n')
		const tdb = await migratedFrom(dialect, edited)
		try {
			const { db } = tdb.handle
			expect(await db.selectFrom('pages').select('body').executeTakeFirstOrThrow()).toEqual({ body: edited })
			expect(await db.selectFrom('literature_award_years').select('year').orderBy('year').execute()).toEqual([
				{ year: 2009 },
				{ year: 2010 },
				{ year: 2011 },
			])
			expect(await db.selectFrom('app_meta').select('value').where('key', '=', 'content:version').executeTakeFirstOrThrow()).toEqual({
				value: '7',
			})
		} finally {
			await tdb.cleanup()
		}
	})
}
