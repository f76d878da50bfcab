import { sql } from 'kysely'
import type { MediaChange } from '#app/features/admin/form-media.server.ts'
import { deleteMediaLater } from '#app/features/admin/media.server.ts'
import { recordCreate, revisedUpdate } from '#app/features/admin/revisions.server.ts'
import { moveToTrash } from '#app/features/admin/trash.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { nowIso } from '#app/lib/db-utils.server.ts'
import { msg } from '#app/lib/messages.ts'
import type { MoveDirection } from '#app/lib/ordering.ts'
import { endOfList, listOrder, moveInList, orderIndexCase, reorderList, type OrderedLists } from '#app/lib/ordering.server.ts'
import { UserFacingError } from '#app/lib/user-message.server.ts'
import type { LiteratureBookForm, LiteratureYearForm } from './literature.schema.ts'

/** A year number another award year already has. */
export class YearTakenError extends UserFacingError {
	override name = 'YearTakenError'
	constructor(year: number) {
		super(msg.literature.yearTaken(year))
	}
}

/** The books of each year are an ordered list. */
const YEARS: OrderedLists<number> = {
	table: 'literature_books',
	column: 'year',
	isList: (value): value is number => typeof value === 'number',
	titleColumn: 'title',
}

/**
 * Creates (id null) or updates an award year. Changing a year's number
 * moves its books with it; a number another year already has is refused.
 */
export async function saveLiteratureYear(id: number | null, input: LiteratureYearForm): Promise<number> {
	return withContentWrite(db, async (trx) => {
		const stamp = nowIso()
		const taken = await trx.selectFrom('literature_award_years').select('id').where('year', '=', input.year).executeTakeFirst()
		if (taken && taken.id !== id) throw new YearTakenError(input.year)
		const fields = { year: input.year, jury: input.jury, announcement: input.announcement, updated_at: stamp }
		if (id === null) {
			const row = await trx
				.insertInto('literature_award_years')
				.values({ ...fields, created_at: stamp })
				.returning('id')
				.executeTakeFirstOrThrow()
			await recordCreate(trx, 'literature_award_years', row.id)
			return row.id
		}
		const current = await trx.selectFrom('literature_award_years').select('year').where('id', '=', id).executeTakeFirst()
		if (!current) throw new Error(msg.validation.notFound)
		await revisedUpdate(trx, 'literature_award_years', id, () =>
			trx.updateTable('literature_award_years').set(fields).where('id', '=', id).execute(),
		)
		if (current.year !== input.year) {
			await trx.updateTable('literature_books').set({ year: input.year }).where('year', '=', current.year).execute()
		}
		return id
	})
}

/**
 * Deletes an award year that has no books. A year with books is refused
 * (Turkish reason): deleting a year should never take its books and covers
 * with it by surprise, so the books are deleted or moved first.
 */
export async function deleteLiteratureYear(id: number) {
	await withContentWrite(db, async (trx) => {
		const row = await trx.selectFrom('literature_award_years').select('year').where('id', '=', id).executeTakeFirst()
		if (!row) throw new Error(msg.validation.notFound)
		const books = await trx
			.selectFrom('literature_books')
			.select(sql<number | string>`count(*)`.as('n'))
			.where('year', '=', row.year)
			.executeTakeFirstOrThrow()
		if (Number(books.n) > 0) throw new UserFacingError(msg.literature.yearHasBooks(row.year, Number(books.n)))
		await moveToTrash(trx, 'literature_award_years', id)
	})
}

/**
 * Creates (id null) or updates a book. A new book, or one moved to another
 * year, goes to the end of its year (the year left closes up); a year
 * without a row gets one.
 */
export async function saveLiteratureBook(id: number | null, input: LiteratureBookForm, cover: MediaChange): Promise<number> {
	return withContentWrite(db, async (trx) => {
		const stamp = nowIso()
		// A book may name a year not added yet: the year gets its row.
		await trx
			.insertInto('literature_award_years')
			.values({ year: input.year, created_at: stamp, updated_at: stamp })
			.onConflict((oc) => oc.column('year').doNothing())
			.execute()
		const fields = {
			year: input.year,
			title: input.title,
			author: input.author,
			caption: input.caption,
			honourable_mention: input.honourable_mention,
			image_url: cover.key,
		}
		const last = endOfList(YEARS, input.year)
		let savedId: number
		if (id === null) {
			const row = await trx
				.insertInto('literature_books')
				.values({ ...fields, order_index: last, created_at: stamp })
				.returning('id')
				.executeTakeFirstOrThrow()
			savedId = row.id
			await recordCreate(trx, 'literature_books', savedId)
		} else {
			const current = await trx.selectFrom('literature_books').select('year').where('id', '=', id).executeTakeFirst()
			if (!current) throw new Error(msg.validation.notFound)
			const moved = current.year !== input.year
			await revisedUpdate(trx, 'literature_books', id, () =>
				trx
					.updateTable('literature_books')
					.set({ ...fields, ...(moved ? { order_index: last } : {}) })
					.where('id', '=', id)
					.execute(),
			)
			const rest = moved ? await listOrder(trx, YEARS, current.year) : []
			if (rest.length > 0) {
				await trx
					.updateTable('literature_books')
					.set({ order_index: orderIndexCase(rest) })
					.where('id', 'in', rest)
					.execute()
			}
			savedId = id
		}
		await trx.updateTable('literature_award_years').set({ updated_at: stamp }).where('year', '=', input.year).execute()
		await deleteMediaLater(trx, cover.replaced)
		return savedId
	})
}

/** Moves a book to the trash (restorable for 30 days, its cover kept until the purge); the rest of its year closes up. */
export async function deleteLiteratureBook(id: number) {
	await withContentWrite(db, async (trx) => {
		const row = await trx.selectFrom('literature_books').select('year').where('id', '=', id).executeTakeFirst()
		if (!row) throw new Error(msg.validation.notFound)
		await moveToTrash(trx, 'literature_books', id)
		const rest = await listOrder(trx, YEARS, row.year)
		if (rest.length > 0) {
			await trx
				.updateTable('literature_books')
				.set({ order_index: orderIndexCase(rest) })
				.where('id', 'in', rest)
				.execute()
		}
	})
}

/** One step up or down, or to the top or the bottom, within the book's year; the year is renumbered 1..n. */
export function moveLiteratureBook(id: number, direction: MoveDirection) {
	return moveInList(YEARS, id, direction)
}

/**
 * A year's books in a new order: `ids` must be exactly that year's books,
 * each once. Without a year, it is the year of the first id.
 */
export function reorderLiteratureYear(year: number | null, ids: ReadonlyArray<number>) {
	return reorderList(YEARS, year, ids)
}
