import type { Insertable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import type { LiteratureAwardYearsTable, LiteratureBooksTable } from '#app/lib/db-types.ts'

let counter = 0

/** Inserts a literature award year (override anything) and returns the stored row. */
export async function createLiteratureYear(overrides: Partial<Insertable<LiteratureAwardYearsTable>> & { year: number }) {
	return db
		.insertInto('literature_award_years')
		.values({
			jury: null,
			announcement: null,
			created_at: '2026-01-01T09:00:00.000Z',
			updated_at: '2026-01-01T09:00:00.000Z',
			...overrides,
		})
		.returningAll()
		.executeTakeFirstOrThrow()
}

/** Inserts a literature award book (override anything) and returns the stored row; its year row is not made. */
export async function createLiteratureBook(overrides: Partial<Insertable<LiteratureBooksTable>> = {}) {
	counter++
	return db
		.insertInto('literature_books')
		.values({
			year: 2020,
			title: `Kitap ${counter}`,
			author: `Yazar ${counter}`,
			caption: '',
			image_url: null,
			honourable_mention: false,
			order_index: counter,
			created_at: '2026-01-01T09:00:00.000Z',
			...overrides,
		})
		.returningAll()
		.executeTakeFirstOrThrow()
}
