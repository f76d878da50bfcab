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

export type LiteratureAdminBook = {
	id: number
	year: number
	title: string
	author: string
	/** As written; empty when the page shows the default caption. */
	caption: string
	/** What the page shows under the cover. */
	shownCaption: string
	cover: ImageRef | null
	coverKey: string | null
	honourableMention: boolean
	orderIndex: number
}

export type LiteratureAdminYear = {
	/** The year row's id; null for a year that has books but no row (not made by this admin). */
	id: number | null
	year: number
	/** One name a line. */
	jury: string
	announcement: string
	books: Array<LiteratureAdminBook>
}

/** Every year (newest first) with its books in page order. */
export async function listLiteratureForAdmin(): Promise<Array<LiteratureAdminYear>> {
	const [yearRows, bookRows] = await Promise.all([
		db.selectFrom('literature_award_years').select(['id', 'year', 'jury', 'announcement']).execute(),
		db
			.selectFrom('literature_books')
			.select(['id', 'year', 'title', 'author', 'caption', 'image_url', 'honourable_mention', 'order_index'])
			.orderBy('year', 'desc')
			.orderBy('order_index', 'asc')
			.orderBy('id', 'asc')
			.execute(),
	])
	const years = new Map<number, LiteratureAdminYear>()
	for (const row of yearRows) {
		years.set(row.year, { id: row.id, year: row.year, jury: row.jury ?? '', announcement: row.announcement ?? '', books: [] })
	}
	for (const row of bookRows) {
		let year = years.get(row.year)
		if (!year) {
			year = { id: null, year: row.year, jury: '', announcement: '', books: [] }
			years.set(row.year, year)
		}
		year.books.push({
			id: row.id,
			year: row.year,
			title: row.title,
			author: row.author,
			caption: row.caption,
			shownCaption: row.caption.trim() || defaultCaption(row),
			cover: imageRef(row.image_url),
			coverKey: row.image_url,
			honourableMention: toBool(row.honourable_mention),
			orderIndex: row.order_index,
		})
	}
	return [...years.values()].toSorted((a, b) => b.year - a.year)
}

/** A book's stored cover key (null without a cover), or undefined when there is no such book. */
export async function getBookCoverKey(id: number): Promise<string | null | undefined> {
	const row = await db.selectFrom('literature_books').select('image_url').where('id', '=', id).executeTakeFirst()
	return row?.image_url
}
