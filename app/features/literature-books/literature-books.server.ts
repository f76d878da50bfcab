import { db } from '#app/lib/db.server.ts'
import { toBool } from '#app/lib/db-utils.server.ts'
import { PLACEHOLDER_IMAGE } from '#app/lib/default-images.ts'
import type { ImageRef } from '#app/lib/media.ts'
import { imageRef } from '#app/lib/media.server.ts'
import { defaultCaption, juryLines, paragraphs } from './literature.shared.ts'

export type LiteratureBook = {
	id: number
	year: number
	title: string
	author: string
	caption: string
	cover: ImageRef
	honourableMention: boolean
}

export type LiteratureAwardYear = {
	year: number
	/** One name a line. */
	jury: Array<string>
	/** The announcement of the winners, in paragraphs of lines. */
	announcement: Array<Array<string>>
	books: Array<LiteratureBook>
}

/** Every book: by year, then the order set in the admin within the year. */
export async function listLiteratureBooks(): Promise<Array<LiteratureBook>> {
	const rows = await db
		.selectFrom('literature_books')
		.select(['id', 'year', 'title', 'author', 'caption', 'image_url', 'honourable_mention', 'order_index'])
		.orderBy('year', 'asc')
		.orderBy('order_index', 'asc')
		.orderBy('id', 'asc')
		.execute()
	return rows.map((row) => ({
		id: row.id,
		year: row.year,
		title: row.title,
		author: row.author,
		caption: row.caption.trim() || defaultCaption(row),
		cover: imageRef(row.image_url) ?? PLACEHOLDER_IMAGE,
		honourableMention: toBool(row.honourable_mention),
	}))
}

/**
 * The award page: every year, newest first, with its jury, announcement and
 * books. A year with neither books nor a jury nor an announcement is left out.
 */
export async function listLiteratureAward(): Promise<Array<LiteratureAwardYear>> {
	const [years, books] = await Promise.all([
		db.selectFrom('literature_award_years').select(['year', 'jury', 'announcement']).execute(),
		listLiteratureBooks(),
	])
	const byYear = new Map<number, LiteratureAwardYear>()
	const entry = (year: number) => {
		let found = byYear.get(year)
		if (!found) {
			found = { year, jury: [], announcement: [], books: [] }
			byYear.set(year, found)
		}
		return found
	}
	for (const row of years) Object.assign(entry(row.year), { jury: juryLines(row.jury), announcement: paragraphs(row.announcement) })
	for (const book of books) entry(book.year).books.push(book)
	return [...byYear.values()]
		.filter((year) => year.books.length > 0 || year.jury.length > 0 || year.announcement.length > 0)
		.toSorted((a, b) => b.year - a.year)
}
