import { db } from '#app/lib/db.server.ts'
import { toBool } from '#app/lib/db-utils.server.ts'
import { PLACEHOLDER_IMAGE } from '#app/lib/default-images.ts'
import type { ImageRef } from '#app/lib/media.ts'
import { imageRef } from '#app/lib/media.server.ts'

export type LiteratureBook = {
	id: number
	year: number
	title: string
	author: string
	caption: string
	cover: ImageRef
	honourableMention: boolean
}

/** The winning books and honourable mentions, oldest year first, winner before mentions. */
export async function listLiteratureBooks(): Promise<Array<LiteratureBook>> {
	const rows = await db
		.selectFrom('literature_books')
		.select(['id', 'year', 'title', 'author', 'caption', 'image_url', 'honourable_mention', 'order_index'])
		.orderBy('year', 'asc')
		.orderBy('honourable_mention', 'asc')
		.orderBy('order_index', 'asc')
		.orderBy('id', 'asc')
		.execute()
	return rows.map((row) => ({
		id: row.id,
		year: row.year,
		title: row.title,
		author: row.author,
		caption: row.caption,
		cover: imageRef(row.image_url) ?? PLACEHOLDER_IMAGE,
		honourableMention: toBool(row.honourable_mention),
	}))
}
