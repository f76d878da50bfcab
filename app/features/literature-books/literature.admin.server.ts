import { echoValues, failure, firstIssues, type ActionResult } from '#app/features/admin/admin-result.ts'
import {
	type AdminContext,
	type AdminTabServer,
	deleteIntent,
	editingRow,
	formId,
	guarded,
	loadOrError,
	orderIntent,
	unknownIntent,
} from '#app/features/admin/admin-tab.server.ts'
import { saveWithImage } from '#app/features/admin/image-save.server.ts'
import { revertIntent, revisionsForEditing, type RevisionList } from '#app/features/admin/revisions.server.ts'
import { formFields } from '#app/features/admin/schema-fields.ts'
import { isUniqueViolation } from '#app/lib/db-utils.server.ts'
import { msg } from '#app/lib/messages.ts'
import { postedDirection, postedIds } from '#app/lib/ordering.ts'
import { istanbulParts } from '#app/lib/tr.ts'
import { getBookCoverKey, listLiteratureForAdmin, type LiteratureAdminBook, type LiteratureAdminYear } from './literature-books.server.ts'
import { LITERATURE_BOOK_FIELDS, LITERATURE_YEAR_FIELDS, LiteratureBookFormSchema, LiteratureYearFormSchema } from './literature.schema.ts'
import { LITERATURE_MIN_YEAR, literatureMaxYear } from './literature.shared.ts'
import {
	deleteLiteratureBook,
	deleteLiteratureYear,
	moveLiteratureBook,
	reorderLiteratureYear,
	saveLiteratureBook,
	saveLiteratureYear,
	YearTakenError,
} from './literature.write.server.ts'

export type LiteratureAdminData = {
	/** Newest year first, each with its books in page order. */
	years: Array<LiteratureAdminYear>
	editingBook: LiteratureAdminBook | null
	editingYear: LiteratureAdminYear | null
	loadError: string | null
	/** The edited book's earlier versions ("Sürümler"). */
	bookRevisions: RevisionList | null
	/** The edited year's earlier versions. */
	yearRevisions: RevisionList | null
	minYear: number
	maxYear: number
	/** The year a new year form starts with: the one after the newest, at most maxYear. */
	nextYear: number
}

/** The folder of book covers in the media store. */
export const BOOK_COVER_FOLDER = 'books'

/** `?editYear=<id>`: the year row being edited. */
export const EDIT_YEAR_PARAM = 'editYear'

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
	const cover = { file: 'cover_file', remove: 'cover_key_remove', folder: BOOK_COVER_FOLDER }
	return saveWithImage(form, ctx, msg.literature.saveFailed, cover, {
		current: getBookCoverKey,
		save: (id, change) => saveLiteratureBook(id, parsed.data, change),
	})
}

/** A year's books in the posted order; the year posted, or none (then the year of the first id). */
function reorder(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	const posted = form.get('year')
	const year = posted === null || posted === '' ? null : typeof posted === 'string' && /^\d{4}$/.test(posted) ? Number(posted) : undefined
	const ids = postedIds(form)
	return orderIntent(ctx, year === undefined || !ids ? null : () => reorderLiteratureYear(year, ids))
}

export const literatureAdmin: AdminTabServer<LiteratureAdminData> = {
	async load(ctx) {
		const { value: years, loadError } = await loadOrError(ctx, msg.literature.loadFailed, listLiteratureForAdmin, [])
		const maxYear = literatureMaxYear(istanbulParts().year)
		const yearParam = ctx.url.searchParams.get(EDIT_YEAR_PARAM)
		const yearId = yearParam && /^\d{1,12}$/.test(yearParam) ? Number(yearParam) : null
		const newest = years[0]?.year
		const editingBook = editingRow(
			ctx.url,
			years.flatMap((year) => year.books),
		)
		const editingYear = yearId === null ? null : (years.find((year) => year.id === yearId) ?? null)
		return {
			years,
			editingBook,
			editingYear,
			loadError,
			bookRevisions: await revisionsForEditing(ctx, 'literature_books', editingBook?.id),
			yearRevisions: await revisionsForEditing(ctx, 'literature_award_years', editingYear?.id),
			minYear: LITERATURE_MIN_YEAR,
			maxYear,
			nextYear: Math.min(newest === undefined ? istanbulParts().year : newest + 1, maxYear),
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
				return orderIntent(ctx, id === null || !direction ? null : () => moveLiteratureBook(id, direction))
			}
			case 'reorder': {
				return reorder(form, ctx)
			}
			case 'save-year': {
				return saveYear(form, ctx)
			}
			case 'delete-year': {
				return deleteIntent(form, ctx, msg.literature.deleteFailed, deleteLiteratureYear)
			}
			case 'revert': {
				return revertIntent(ctx, ['literature_books', 'literature_award_years'], form)
			}
			default:
				return unknownIntent(intent)
		}
	},
}
