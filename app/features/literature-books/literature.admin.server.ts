import { sql, type Transaction } from 'kysely'
import { echoValues, failure, firstIssues, type ActionResult } from '#app/features/admin/admin-result.ts'
import {
	type AdminContext,
	type AdminTabServer,
	deleteIntent,
	describeError,
	editId,
	formId,
	guarded,
	unknownIntent,
	orderIntent,
} from '#app/features/admin/admin-tab.server.ts'
import { storeImageFields, withStoredFiles, type MediaChange } from '#app/features/admin/form-media.server.ts'
import { deleteMediaLater } from '#app/features/admin/media.server.ts'
import { formFields } from '#app/features/admin/schema-fields.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import type { Database } from '#app/lib/db-types.ts'
import { isUniqueViolation, nowIso, toBool } from '#app/lib/db-utils.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import type { ImageRef } from '#app/lib/media.ts'
import { imageRef } from '#app/lib/media.server.ts'
import { msg } from '#app/lib/messages.ts'
import { checkedOrder, movedOrder, OrderMismatchError, orderIndexCase, postedDirection, postedIds } from '#app/lib/ordering.ts'
import { istanbulParts } from '#app/lib/tr.ts'
import { UserFacingError } from '#app/lib/user-message.server.ts'
import {
	LITERATURE_BOOK_FIELDS,
	LITERATURE_YEAR_FIELDS,
	LiteratureBookFormSchema,
	LiteratureYearFormSchema,
	type LiteratureBookForm,
	type LiteratureYearForm,
} from './literature.schema.ts'
import { defaultCaption, LITERATURE_MIN_YEAR, literatureMaxYear } from './literature.shared.ts'

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

export type LiteratureAdminData = {
	/** Newest year first, each with its books in page order. */
	years: Array<LiteratureAdminYear>
	editingBook: LiteratureAdminBook | null
	editingYear: LiteratureAdminYear | null
	loadError: string | null
	minYear: number
	maxYear: number
	/** The year a new year form starts with: the one after the newest, at most maxYear. */
	nextYear: number
}

/** The folder of book covers in the media store. */
export const BOOK_COVER_FOLDER = 'books'

/** `?editYear=<id>`: the year row being edited. */
export const EDIT_YEAR_PARAM = 'editYear'

type Trx = Transaction<Database>

/** A year number another award year already has. */
export class YearTakenError extends UserFacingError {
	override name = 'YearTakenError'
	constructor(year: number) {
		super(msg.literature.yearTaken(year))
	}
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
			return row.id
		}
		const current = await trx.selectFrom('literature_award_years').select('year').where('id', '=', id).executeTakeFirst()
		if (!current) throw new Error(msg.validation.notFound)
		await trx.updateTable('literature_award_years').set(fields).where('id', '=', id).execute()
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
		await trx.deleteFrom('literature_award_years').where('id', '=', id).execute()
	})
}

async function yearOrder(trx: Trx, year: number) {
	const rows = await trx
		.selectFrom('literature_books')
		.select('id')
		.where('year', '=', year)
		.orderBy('order_index', 'asc')
		.orderBy('id', 'asc')
		.execute()
	return rows.map((row) => row.id)
}

/**
 * Creates (id null) or updates a book. A new book, or one moved to another
 * year, goes to the end of its year; a year without a row gets one.
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
		const last = sql<number>`(select coalesce(max(order_index), 0) + 1 from literature_books where year = ${input.year})`
		let savedId: number
		if (id === null) {
			const row = await trx
				.insertInto('literature_books')
				.values({ ...fields, order_index: last, created_at: stamp })
				.returning('id')
				.executeTakeFirstOrThrow()
			savedId = row.id
		} else {
			const current = await trx.selectFrom('literature_books').select('year').where('id', '=', id).executeTakeFirst()
			if (!current) throw new Error(msg.validation.notFound)
			const moved = current.year !== input.year
			await trx
				.updateTable('literature_books')
				.set({ ...fields, ...(moved ? { order_index: last } : {}) })
				.where('id', '=', id)
				.execute()
			const rest = moved ? await yearOrder(trx, current.year) : []
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

/** Deletes a book; its cover goes after the grace period, the rest of its year closes up. */
export async function deleteLiteratureBook(id: number) {
	await withContentWrite(db, async (trx) => {
		const row = await trx.deleteFrom('literature_books').where('id', '=', id).returning(['image_url', 'year']).executeTakeFirst()
		if (!row) throw new Error(msg.validation.notFound)
		await deleteMediaLater(trx, [row.image_url])
		const rest = await yearOrder(trx, row.year)
		if (rest.length > 0) {
			await trx
				.updateTable('literature_books')
				.set({ order_index: orderIndexCase(rest) })
				.where('id', 'in', rest)
				.execute()
		}
	})
}

/** One step up or down within the book's year; the year is renumbered 1..n. */
export async function moveLiteratureBook(id: number, direction: 'up' | 'down') {
	await withContentWrite(db, async (trx) => {
		const row = await trx.selectFrom('literature_books').select('year').where('id', '=', id).executeTakeFirst()
		if (!row) throw new OrderMismatchError(msg.validation.notFound)
		const order = movedOrder(await yearOrder(trx, row.year), id, direction)
		await trx
			.updateTable('literature_books')
			.set({ order_index: orderIndexCase(order) })
			.where('id', 'in', order)
			.execute()
	})
}

/**
 * A year's books in a new order: `ids` must be exactly that year's books,
 * each once. Without a year, it is the year of the first id.
 */
export async function reorderLiteratureYear(year: number | null, ids: ReadonlyArray<number>) {
	await withContentWrite(db, async (trx) => {
		let scope = year
		if (scope === null) {
			const first = await trx
				.selectFrom('literature_books')
				.select('year')
				.where('id', '=', ids[0] ?? 0)
				.executeTakeFirst()
			if (!first) throw new OrderMismatchError(msg.validation.notFound)
			scope = first.year
		}
		const order = checkedOrder(await yearOrder(trx, scope), ids)
		await trx
			.updateTable('literature_books')
			.set({ order_index: orderIndexCase(order) })
			.where('id', 'in', order)
			.execute()
	})
}

function refused(form: FormData, issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>, fallback: string) {
	const fieldErrors = firstIssues(issues)
	return failure(400, Object.values(fieldErrors)[0] ?? fallback, { fieldErrors, values: echoValues(form) })
}

async function saveYear(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	const parsed = LiteratureYearFormSchema.safeParse(formFields(form, LITERATURE_YEAR_FIELDS))
	if (!parsed.success) return refused(form, parsed.error.issues, msg.bulletins.yearInvalid)
	return guarded(ctx, msg.literature.yearSaveFailed, async () => {
		try {
			return { ok: true, id: await saveLiteratureYear(formId(form), parsed.data) }
		} catch (error) {
			if (!(error instanceof YearTakenError) && !isUniqueViolation(error)) throw error
			const message = msg.literature.yearTaken(parsed.data.year)
			return failure(409, message, { fieldErrors: { year: message }, values: echoValues(form) })
		}
	})
}

async function saveBook(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	const parsed = LiteratureBookFormSchema.safeParse({
		...formFields(form, LITERATURE_BOOK_FIELDS),
		honourable_mention: form.get('honourable_mention') === 'on',
	})
	if (!parsed.success) return refused(form, parsed.error.issues, msg.literature.titleRequired)
	const id = formId(form)
	let current: string | null = null
	if (id !== null) {
		const row = await db.selectFrom('literature_books').select('image_url').where('id', '=', id).executeTakeFirst()
		if (!row) return failure(404, `${msg.literature.saveFailed}${msg.validation.notFound}`, { values: echoValues(form) })
		current = row.image_url
	}
	const stored = await storeImageFields(
		form,
		[{ file: 'cover_file', remove: 'cover_key_remove', folder: BOOK_COVER_FOLDER, current }],
		ctx,
		msg.literature.saveFailed,
	)
	if (!stored.ok) return stored.result
	const [cover] = stored.changes as [MediaChange]
	return guarded(ctx, msg.literature.saveFailed, async () => {
		const savedId = await withStoredFiles([cover], () => saveLiteratureBook(id, parsed.data, cover))
		return { ok: true, id: savedId }
	})
}

export const literatureAdmin: AdminTabServer<LiteratureAdminData> = {
	async load({ url, requestId }) {
		let years: Array<LiteratureAdminYear> = []
		let loadError: string | null = null
		try {
			years = await listLiteratureForAdmin()
		} catch (error) {
			logger.error({ err: error, requestId }, 'admin literature list failed')
			loadError = `${msg.literature.loadFailed}${describeError(error, requestId)}`
		}
		const maxYear = literatureMaxYear(istanbulParts().year)
		const bookId = editId(url)
		const yearParam = url.searchParams.get(EDIT_YEAR_PARAM)
		const yearId = yearParam && /^\d{1,12}$/.test(yearParam) ? Number(yearParam) : null
		const newest = years[0]?.year
		return {
			years,
			editingBook: bookId === null ? null : (years.flatMap((year) => year.books).find((book) => book.id === bookId) ?? null),
			editingYear: yearId === null ? null : (years.find((year) => year.id === yearId) ?? null),
			loadError,
			minYear: LITERATURE_MIN_YEAR,
			maxYear,
			nextYear: newest === undefined ? Math.min(istanbulParts().year, maxYear) : Math.min(newest + 1, maxYear),
		}
	},
	async act(intent, form, ctx): Promise<ActionResult> {
		switch (intent) {
			case 'save': {
				return saveBook(form, ctx)
			}
			case 'delete': {
				return deleteIntent(form, ctx, msg.literature.deleteFailed, deleteLiteratureBook)
			}
			case 'move': {
				const id = formId(form)
				const direction = postedDirection(form)
				if (id === null || !direction) return failure(400, msg.admin.reorderFailed)
				return orderIntent(ctx, () => moveLiteratureBook(id, direction))
			}
			case 'reorder': {
				const posted = form.get('year')
				const year =
					posted === null || posted === '' ? null : typeof posted === 'string' && /^\d{4}$/.test(posted) ? Number(posted) : undefined
				const ids = postedIds(form)
				if (year === undefined || !ids) return failure(400, msg.admin.reorderFailed)
				return orderIntent(ctx, () => reorderLiteratureYear(year, ids))
			}
			case 'save-year': {
				return saveYear(form, ctx)
			}
			case 'delete-year': {
				return deleteIntent(form, ctx, msg.literature.deleteFailed, deleteLiteratureYear)
			}
			default:
				return unknownIntent(intent)
		}
	},
}
