import { expect, test } from 'vitest'
import { PLACEHOLDER_IMAGE } from '#app/lib/default-images.ts'
import { createLiteratureBook, createLiteratureYear } from '#tests/factories/literature.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { listLiteratureAward, listLiteratureBooks } from './literature-books.server.ts'

for (const dialect of dialectsUnderTest()) {
	test(`lists books by year in the order set within each year, with the default caption when none was written, on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			await createLiteratureBook({ year: 2010, title: 'Kumdan Saatler', author: 'Berna Ulus', honourable_mention: true, order_index: 2 })
			await createLiteratureBook({ year: 2010, title: 'Kuleden Görünen', author: 'Deniz Aksoy', order_index: 1, caption: 'Özel yazı' })
			await createLiteratureBook({ year: 2009, title: 'Rüzgârın Unuttuğu Ev', author: 'Nilgün Aras', order_index: 1 })
			const list = await listLiteratureBooks()
			expect(list.map((b) => [b.year, b.title, b.honourableMention, b.caption])).toEqual([
				[2009, 'Rüzgârın Unuttuğu Ev', false, '2009 – Rüzgârın Unuttuğu Ev, Nilgün Aras'],
				[2010, 'Kuleden Görünen', false, 'Özel yazı'],
				[2010, 'Kumdan Saatler', true, '2010 – Kumdan Saatler, Berna Ulus'],
			])
			expect(list[0]!.cover).toEqual(PLACEHOLDER_IMAGE)
		})
	})

	test(`gives the award page its years newest first with jury, announcement and books, leaving out empty years, on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			await createLiteratureYear({
				year: 2024,
				jury: 'Sevim Aktan\n\n  Kerem Alpay  ',
				announcement: 'Birinci paragraf\nikinci satır\r\n\r\nİkinci paragraf',
			})
			await createLiteratureYear({ year: 2023 })
			await createLiteratureYear({ year: 2026, jury: 'Nermin Bayraktar' })
			await createLiteratureBook({ year: 2024, title: 'Kayıp Harita', author: 'Tarık Ozan' })
			await createLiteratureBook({ year: 2022, title: 'Mavi Kapılar', author: 'İlknur Yalın' })
			const years = await listLiteratureAward()
			expect(years.map((y) => [y.year, y.jury, y.announcement, y.books.map((b) => b.title)])).toEqual([
				[2026, ['Nermin Bayraktar'], [], []],
				[2024, ['Sevim Aktan', 'Kerem Alpay'], [['Birinci paragraf', 'ikinci satır'], ['İkinci paragraf']], ['Kayıp Harita']],
				[2022, [], [], ['Mavi Kapılar']],
			])
		})
	})
}
