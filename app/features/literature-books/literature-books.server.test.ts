import { expect, test } from 'vitest'
import { db } from '#app/lib/db.server.ts'
import { PLACEHOLDER_IMAGE } from '#app/lib/default-images.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'
import { listLiteratureBooks } from './literature-books.server.ts'

for (const dialect of dialectsUnderTest()) {
	test(`lists winning books by year with the winner before honourable mentions on ${dialect}`, async () => {
		const tdb = await createTestDatabase(dialect)
		try {
			await migrateToLatest(tdb.handle.db)
			const books = [
				{ year: 2010, title: 'Kumdan Saatler', honourable_mention: true, order_index: 2 },
				{ year: 2010, title: 'Kuleden Görünen', honourable_mention: false, order_index: 3 },
				{ year: 2009, title: 'Rüzgârın Unuttuğu Ev', honourable_mention: false, order_index: 1 },
			]
			for (const book of books) {
				await db
					.insertInto('literature_books')
					.values({ ...book, author: 'Yazar', caption: `${book.year} – ${book.title}`, image_url: null })
					.execute()
			}
			const list = await listLiteratureBooks()
			expect(list.map((b) => [b.year, b.title, b.honourableMention])).toEqual([
				[2009, 'Rüzgârın Unuttuğu Ev', false],
				[2010, 'Kuleden Görünen', false],
				[2010, 'Kumdan Saatler', true],
			])
			expect(list[0]!.cover).toEqual(PLACEHOLDER_IMAGE)
		} finally {
			await tdb.cleanup()
		}
	})
}
