import { expect, test } from 'vitest'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'
import { MAX_HITS, searchAdmin } from './admin-search.server.ts'

for (const dialect of dialectsUnderTest()) {
	test(`searches every admin list and links each hit to its edit dialog (${dialect})`, async () => {
		const tdb = await createTestDatabase(dialect)
		try {
			const db = tdb.handle.db
			await migrateToLatest(db)
			const id = async <T extends { id: number }>(row: Promise<T>) => (await row).id
			const announcement = await id(
				db.insertInto('announcements').values({ title: 'Şişli Kermesi', featured_home: false }).returning('id').executeTakeFirstOrThrow(),
			)
			const event = await id(
				db
					.insertInto('events')
					.values({ slug: 'bahar', title: 'Bahar Şenliği', location: 'Şişli', featured_home: false })
					.returning('id')
					.executeTakeFirstOrThrow(),
			)
			const entry = await id(
				db
					.insertInto('calendar_entries')
					.values({ title: 'Kermes hazırlık toplantısı', date: '2026-12-03' })
					.returning('id')
					.executeTakeFirstOrThrow(),
			)
			const bulletin = await id(
				db.insertInto('bulletins').values({ year: 2026, month: 11, pdf_url: '/media/b.pdf' }).returning('id').executeTakeFirstOrThrow(),
			)
			const news = await id(
				db.insertInto('alumni_news').values({ slug: 'odul', title: 'İlkay Işık ödül aldı' }).returning('id').executeTakeFirstOrThrow(),
			)
			const perk = await id(
				db
					.insertInto('member_perks')
					.values({ business_name: 'Kitapçı Çınar', category: 'Kitap', idx: 1 })
					.returning('id')
					.executeTakeFirstOrThrow(),
			)
			await db.insertInto('pages').values({ slug: 'tarihce', title: 'Tarihçe', description: null, body: 'Kermes geleneği' }).execute()
			const slide = await id(
				db.insertInto('hero_slides').values({ title: 'Kermese davetlisiniz', order_index: 1 }).returning('id').executeTakeFirstOrThrow(),
			)
			const member = await id(
				db
					.insertInto('board_members')
					.values({ name: 'Ayşe Öztürk', role: 'Başkan', order_index: 1 })
					.returning('id')
					.executeTakeFirstOrThrow(),
			)
			const award = await id(
				db
					.insertInto('awards')
					.values({ first_name: 'İlkay', last_name: 'Işık', nds_year: 1990, profession: 'Mimar' })
					.returning('id')
					.executeTakeFirstOrThrow(),
			)
			await db.insertInto('literature_award_years').values({ year: 2025 }).execute()
			const book = await id(
				db
					.insertInto('literature_books')
					.values({ year: 2025, title: 'Kermes Günü', author: 'Deniz Çelik', caption: '', honourable_mention: false, order_index: 1 })
					.returning('id')
					.executeTakeFirstOrThrow(),
			)

			expect(await searchAdmin('')).toEqual({ status: 'empty', query: '', hits: [] })
			expect(await searchAdmin('  k ')).toEqual({ status: 'too-short', query: 'k', hits: [] })

			// Turkish folding, every list, in the sidebar's order; a record's own fields only (a page's body is not searched).
			const kermes = await searchAdmin('KERMES')
			expect(kermes.status).toBe('done')
			expect(kermes.hits.map((hit) => [hit.sectionLabel, hit.title, hit.href])).toEqual([
				['Duyurular', 'Şişli Kermesi', `/admin/duyurular?edit=${announcement}`],
				['Takvim', 'Kermes hazırlık toplantısı', `/admin/takvim?edit=${entry}`],
				['Ana sayfa', 'Kermese davetlisiniz', `/admin/ana-sayfa?edit=${slide}`],
				['Edebiyat Ödülü', 'Kermes Günü', `/admin/edebiyat-odulu?edit=${book}`],
			])
			expect((await searchAdmin('sisli')).hits.map((hit) => hit.href)).toEqual([
				`/admin/duyurular?edit=${announcement}`,
				`/admin/etkinlikler?edit=${event}`,
			])
			// Every word must match; one-letter words are left out.
			expect((await searchAdmin('ilkay isik a')).hits.map((hit) => hit.href)).toEqual([
				`/admin/mezun-haberleri?edit=${news}`,
				`/admin/oduller?edit=${award}`,
			])
			expect((await searchAdmin('mimar')).hits).toMatchObject([{ section: 'oduller', title: 'İlkay Işık', detail: 'NDS 1990' }])
			expect((await searchAdmin('kasım 2026')).hits).toMatchObject([
				{ section: 'bultenler', title: 'Kasım 2026', href: `/admin/bultenler?edit=${bulletin}` },
			])
			expect((await searchAdmin('kitap')).hits.map((hit) => hit.href)).toEqual([`/admin/uye-avantajlari?edit=${perk}`])
			expect((await searchAdmin('tarihçe')).hits.map((hit) => hit.href)).toEqual(['/admin/sayfalar?edit=tarihce'])
			expect((await searchAdmin('başkan')).hits.map((hit) => hit.href)).toEqual([`/admin/yonetim-kurulu?edit=${member}`])
			expect(await searchAdmin('yokböyle')).toEqual({ status: 'done', query: 'yokböyle', hits: [], more: false })

			await db
				.insertInto('calendar_entries')
				.values(Array.from({ length: MAX_HITS + 5 }, (_, n) => ({ title: `Nöbet ${n}`, date: '2027-01-01' })))
				.execute()
			const many = await searchAdmin('nöbet')
			expect(many).toMatchObject({ status: 'done', more: true })
			expect(many.hits).toHaveLength(MAX_HITS)
		} finally {
			await tdb.cleanup()
		}
	})
}
