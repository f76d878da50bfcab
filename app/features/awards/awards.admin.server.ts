import type { Kysely, Transaction } from 'kysely'
import {
	echoValues,
	failure,
	firstIssues,
	type ActionFailure,
	type ActionResult,
	type ActionSuccess,
} from '#app/features/admin/admin-result.ts'
import {
	type AdminContext,
	type AdminTabServer,
	deleteIntent,
	describeError,
	editId,
	formId,
	guarded,
	unknownIntent,
} from '#app/features/admin/admin-tab.server.ts'
import { sectionHref } from '#app/features/admin/sections.ts'
import { reindexSearchDocument, removeSearchDocument } from '#app/features/search/search.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import type { Database } from '#app/lib/db-types.ts'
import { logger } from '#app/lib/logger.server.ts'
import { msg } from '#app/lib/messages.ts'
import { foldTr, istanbulToday } from '#app/lib/tr.ts'
import { fileFrom } from '#app/lib/uploads.server.ts'
import { awardSearchText } from './awards.shared.ts'
import { AWARD_CSV_COLUMNS, awardsToCsv, decodeCsvBytes, readAwardsCsv, type AwardCsvValues } from './awards-csv.ts'
import { AWARD_FIELD_LABELS, AWARD_FORM_FIELDS, AwardFormSchema, type AwardField, type AwardForm } from './awards.schema.ts'
import { compareAwards } from './awards.server.ts'

type Executor = Kysely<Database> | Transaction<Database>

export type AwardAdminRow = {
	id: number
	award_year: number | null
	first_name: string
	last_name: string
	nds_surname: string | null
	nds_year: number
	title: string | null
	profession: string | null
	/** Every value folded the Turkish way (awardSearchText plus the award year), for the table's search. */
	searchText: string
}

export type AwardsAdminData = {
	/** Sorted like the public page. */
	rows: Array<AwardAdminRow>
	editing: AwardAdminRow | null
	loadError: string | null
	/** How many rows the last import added (`?eklendi=`), for the line that says so. */
	imported: number | null
}

/** One CSV row in the import preview, with what will happen to it. */
export type AwardImportRow = {
	/** The row's number as a spreadsheet shows it (the header is row 1). */
	row: number
	values: AwardCsvValues
	status: 'new' | 'invalid' | 'duplicate'
	/** Field label (e.g. "NDS yılı") and Turkish reason; a duplicate has one with the field "Ad Soyad". */
	errors: Array<{ field: string; message: string }>
}

/** The import preview an `import-preview` (or a refused `import-confirm`) answers with, as its `view`. */
export type AwardsImportView = {
	kind: 'awards-import'
	fileName: string
	/** The file's text, base64 of UTF-8, carried in a hidden field to `import-confirm` (which checks it all again). */
	csv: string
	rows: Array<AwardImportRow>
	counts: { total: number; new: number; invalid: number; duplicate: number }
	skipInvalid: boolean
}

/** The section's address segment: /admin/oduller. */
export const AWARDS_SECTION = 'oduller'
/** After an import the list opens with `?eklendi=<n>` and says how many rows were added. */
const IMPORTED_PARAM = 'eklendi'

/** The largest CSV file an import takes. */
export const MAX_CSV_BYTES = 2 * 1024 * 1024
/** The most rows one import adds (each is indexed for site search in the same transaction). */
export const MAX_IMPORT_ROWS = 1000

/** The admin list, sorted like the public page. */
export async function listAwardsForAdmin(executor: Executor = db): Promise<Array<AwardAdminRow>> {
	const rows = await executor
		.selectFrom('awards')
		.select(['id', 'award_year', 'first_name', 'last_name', 'nds_surname', 'nds_year', 'title', 'profession'])
		.execute()
	return rows
		.map((row) => {
			const award = {
				...row,
				nds_year: Number(row.nds_year),
				award_year: row.award_year === null ? null : Number(row.award_year),
			}
			const searchText = award.award_year === null ? awardSearchText(award) : `${awardSearchText(award)}\n${award.award_year}`
			return { ...award, searchText }
		})
		.toSorted(compareAwards)
}

/** Same person, same award: the names folded the Turkish way (case, ı/i, spacing) and the NDS year. */
function awardKey(award: { first_name: string; last_name: string; nds_year: number }) {
	const name = (text: string) => foldTr(text).replace(/\s+/g, ' ').trim()
	return `${name(award.first_name)}\u0000${name(award.last_name)}\u0000${award.nds_year}`
}

async function findDuplicate(executor: Executor, award: AwardForm, exceptId: number | null) {
	const rows = await executor
		.selectFrom('awards')
		.select(['id', 'first_name', 'last_name', 'nds_year'])
		.where('nds_year', '=', award.nds_year)
		.execute()
	const key = awardKey(award)
	return rows.some((row) => row.id !== exceptId && awardKey({ ...row, nds_year: Number(row.nds_year) }) === key)
}

/** Creates (id null) or updates an award; refuses a second copy of an existing one. */
export async function saveAward(id: number | null, award: AwardForm): Promise<ActionResult> {
	const duplicate = await findDuplicate(db, award, id)
	if (duplicate) return failure(400, msg.awards.duplicate, { fieldErrors: { first_name: msg.awards.duplicate } })
	const savedId = await withContentWrite(db, async (trx) => {
		let rowId: number
		if (id !== null) {
			const result = await trx.updateTable('awards').set(award).where('id', '=', id).executeTakeFirst()
			if (Number(result.numUpdatedRows) === 0) throw new Error(msg.validation.notFound)
			rowId = id
		} else {
			rowId = (await trx.insertInto('awards').values(award).returning('id').executeTakeFirstOrThrow()).id
		}
		await reindexSearchDocument('award', rowId, trx)
		return rowId
	})
	return { ok: true, id: savedId }
}

export async function deleteAward(id: number) {
	await withContentWrite(db, async (trx) => {
		const row = await trx.deleteFrom('awards').where('id', '=', id).returning('id').executeTakeFirst()
		if (!row) throw new Error(msg.validation.notFound)
		await removeSearchDocument('award', id, trx)
	})
}

/** The posted award fields, checked; field errors in Turkish. */
export function parseAwardForm(form: FormData) {
	const input: Record<string, string> = {}
	for (const name of AWARD_FORM_FIELDS) {
		const value = form.get(name)
		input[name] = typeof value === 'string' ? value : ''
	}
	return AwardFormSchema.safeParse(input)
}

async function save(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	const parsed = parseAwardForm(form)
	if (!parsed.success) {
		const fieldErrors = firstIssues(parsed.error.issues)
		const first = AWARD_FORM_FIELDS.map((field) => fieldErrors[field]).find(Boolean)
		return failure(400, first ?? msg.awards.firstNameRequired, { fieldErrors, values: echoValues(form) })
	}
	const result = await guarded(ctx, msg.awards.saveFailed, () => saveAward(formId(form), parsed.data))
	return result.ok ? result : { ...result, values: echoValues(form) }
}

// ---------------------------------------------------------------------------
// CSV export and import

/** The file name of an export: the list's name and the day in Istanbul. */
export function awardsCsvFileName(today = istanbulToday()) {
	return `basari-onur-odulleri-${today}.csv`
}

/** The whole list as the CSV a volunteer downloads (see awardsToCsv), sorted like the public page. */
export async function exportAwardsCsv(): Promise<string> {
	return awardsToCsv(await listAwardsForAdmin())
}

/**
 * The download for the route that serves the export: the CSV as an
 * attachment, never cached (it is the association's member data). The
 * caller must have checked that the request comes from an admin.
 */
export async function awardsCsvResponse(): Promise<Response> {
	const body = await exportAwardsCsv()
	return new Response(body, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="${awardsCsvFileName()}"`,
			'Cache-Control': 'no-store',
			'X-Content-Type-Options': 'nosniff',
		},
	})
}

type TextResult = { ok: true; text: string } | { ok: false; message: string }

const SAVE_AS_UTF8 = () => msg.awards.csv.saveAsUtf8

function decodeMessage(problem: 'empty' | 'not-text' | 'spreadsheet' | 'encoding') {
	switch (problem) {
		case 'empty':
			return msg.awards.csv.empty
		case 'not-text':
			return msg.awards.csv.notText
		case 'spreadsheet':
			return `${msg.awards.csv.spreadsheet} ${SAVE_AS_UTF8()}`
		case 'encoding':
			return `${msg.awards.csv.encoding} ${SAVE_AS_UTF8()}`
	}
}

/** An uploaded CSV's text: at most 2 MB, judged by its content (text, UTF-8 with or without BOM). */
export async function readCsvUpload(value: FormDataEntryValue | null): Promise<TextResult> {
	const file = fileFrom(value)
	if (!file) return { ok: false, message: msg.awards.csv.fileRequired }
	if (file.size > MAX_CSV_BYTES) return { ok: false, message: msg.awards.csv.tooLarge(MAX_CSV_BYTES / 1024 / 1024) }
	return decodeText(new Uint8Array(await file.arrayBuffer()))
}

function decodeText(bytes: Uint8Array): TextResult {
	if (bytes.length > MAX_CSV_BYTES) return { ok: false, message: msg.awards.csv.tooLarge(MAX_CSV_BYTES / 1024 / 1024) }
	const decoded = decodeCsvBytes(bytes)
	return decoded.ok ? decoded : { ok: false, message: decodeMessage(decoded.problem) }
}

const quoteList = (names: Array<string>) => names.map((name) => `“${name}”`).join(', ')

/**
 * What an import would do with a CSV text, checked against `executor`'s
 * awards: each row validated like the form, rows equal to a stored award
 * (or to an earlier row of the file) marked as duplicates. A file that
 * cannot be read as the award list (columns, quotes, size) is refused whole.
 */
export async function previewAwardsImport(
	text: string,
	executor: Executor = db,
): Promise<{ ok: true; rows: Array<AwardImportRow> } | { ok: false; message: string }> {
	const read = readAwardsCsv(text)
	if (!read.ok) {
		switch (read.problem) {
			case 'empty':
				return { ok: false, message: msg.awards.csv.empty }
			case 'unclosed-quote':
				return { ok: false, message: msg.awards.csv.unclosedQuote(read.line) }
			case 'columns': {
				const parts: Array<string> = [msg.awards.csv.columnsWrong]
				if (read.missing.length > 0) parts.push(msg.awards.csv.columnsMissing(quoteList(read.missing)))
				if (read.unknown.length > 0) parts.push(msg.awards.csv.columnsUnknown(quoteList(read.unknown.map((name) => name.slice(0, 60)))))
				if (read.repeated.length > 0) parts.push(msg.awards.csv.columnsRepeated(quoteList(read.repeated)))
				parts.push(msg.awards.csv.columnsExpected(AWARD_CSV_COLUMNS.map((column) => column.label).join('; ')))
				return { ok: false, message: parts.join(' ') }
			}
		}
	}
	if (read.rows.length === 0) return { ok: false, message: msg.awards.csv.noRows }
	if (read.rows.length > MAX_IMPORT_ROWS) return { ok: false, message: msg.awards.csv.tooManyRows(MAX_IMPORT_ROWS) }

	const stored = new Set(
		(await executor.selectFrom('awards').select(['first_name', 'last_name', 'nds_year']).execute()).map((row) =>
			awardKey({ ...row, nds_year: Number(row.nds_year) }),
		),
	)
	const inFile = new Map<string, number>()
	return {
		ok: true,
		rows: read.rows.map(({ row, values }): AwardImportRow => {
			const parsed = AwardFormSchema.safeParse(values)
			if (!parsed.success) {
				const issues = firstIssues(parsed.error.issues)
				const errors = AWARD_FORM_FIELDS.flatMap((field: AwardField) =>
					issues[field] ? [{ field: AWARD_FIELD_LABELS[field], message: issues[field] }] : [],
				)
				return { row, values, status: 'invalid', errors }
			}
			const key = awardKey(parsed.data)
			const earlier = inFile.get(key)
			const duplicate = stored.has(key) ? msg.awards.duplicate : earlier !== undefined ? msg.awards.duplicateInFile(earlier) : null
			if (duplicate) return { row, values, status: 'duplicate', errors: [{ field: DUPLICATE_FIELD, message: duplicate }] }
			inFile.set(key, row)
			return { row, values, status: 'new', errors: [] }
		}),
	}
}

const DUPLICATE_FIELD = `${AWARD_FIELD_LABELS.first_name} ${AWARD_FIELD_LABELS.last_name}`

function importView(fileName: string, text: string, rows: Array<AwardImportRow>, skipInvalid: boolean): AwardsImportView {
	const count = (status: AwardImportRow['status']) => rows.filter((row) => row.status === status).length
	return {
		kind: 'awards-import',
		fileName,
		csv: Buffer.from(text, 'utf8').toString('base64'),
		rows,
		counts: { total: rows.length, new: count('new'), invalid: count('invalid'), duplicate: count('duplicate') },
		skipInvalid,
	}
}

const fileNameOf = (value: FormDataEntryValue | null) =>
	(value && typeof value !== 'string' ? value.name : typeof value === 'string' ? value : '').replace(/[\p{Cc}]/gu, '').slice(0, 200)

/** A refusal that still shows the preview (`view`), so the person sees which rows to fix. */
function refusedWithView(status: number, message: string, view: AwardsImportView): ActionFailure & { view: AwardsImportView } {
	return { ...failure(status, message), view }
}

async function importPreview(form: FormData): Promise<ActionResult> {
	const upload = await readCsvUpload(form.get('file'))
	if (!upload.ok) return failure(400, upload.message, { fieldErrors: { file: upload.message } })
	const preview = await previewAwardsImport(upload.text)
	if (!preview.ok) return failure(400, preview.message, { fieldErrors: { file: preview.message } })
	const shown: ActionSuccess & { view: AwardsImportView } = {
		ok: true,
		view: importView(fileNameOf(form.get('file')), upload.text, preview.rows, false),
	}
	return shown
}

/** The CSV text carried from the preview, or null when it is missing or damaged. */
function carriedText(form: FormData): TextResult {
	const value = form.get('csv')
	const limit = Math.ceil(MAX_CSV_BYTES / 3) * 4
	if (typeof value !== 'string' || !value || value.length > limit || !/^[A-Za-z0-9+/]*={0,2}$/.test(value))
		return { ok: false, message: msg.awards.csv.previewLost }
	return decodeText(new Uint8Array(Buffer.from(value, 'base64')))
}

class ImportRefused extends Error {
	readonly result: ActionFailure
	constructor(result: ActionFailure) {
		super(result.message)
		this.result = result
	}
}

/**
 * Adds the previewed rows, all in one content write: the file is read and
 * checked again inside the transaction (the list may have changed since the
 * preview). Any invalid row refuses the whole import unless "Hatalı
 * satırları atla" is ticked; duplicates are always left out.
 */
export async function importAwards(text: string, options: { skipInvalid: boolean; fileName: string }): Promise<ActionResult> {
	try {
		const added = await withContentWrite(db, async (trx) => {
			const preview = await previewAwardsImport(text, trx)
			if (!preview.ok) throw new ImportRefused(failure(400, preview.message))
			const view = importView(options.fileName, text, preview.rows, options.skipInvalid)
			if (view.counts.invalid > 0 && !options.skipInvalid)
				throw new ImportRefused(refusedWithView(400, msg.awards.csv.invalidRows(view.counts.invalid), view))
			if (view.counts.new === 0) throw new ImportRefused(refusedWithView(400, msg.awards.csv.nothingToImport, view))
			let count = 0
			for (const { values, status } of preview.rows) {
				if (status !== 'new') continue
				const parsed = AwardFormSchema.parse(values)
				const { id } = await trx.insertInto('awards').values(parsed).returning('id').executeTakeFirstOrThrow()
				await reindexSearchDocument('award', id, trx)
				count++
			}
			return count
		})
		return { ok: true, message: msg.awards.csv.imported(added), location: sectionHref(AWARDS_SECTION, { [IMPORTED_PARAM]: added }) }
	} catch (error) {
		if (error instanceof ImportRefused) return error.result
		throw error
	}
}

async function importConfirm(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	const carried = carriedText(form)
	if (!carried.ok) return failure(400, carried.message)
	const skipInvalid = form.get('skip_invalid') === 'on'
	return guarded(ctx, msg.awards.csv.importFailed, () =>
		importAwards(carried.text, { skipInvalid, fileName: fileNameOf(form.get('file_name')) }),
	)
}

export const awardsAdmin: AdminTabServer<AwardsAdminData> = {
	async load({ url, requestId }) {
		let rows: Array<AwardAdminRow> = []
		let loadError: string | null = null
		try {
			rows = await listAwardsForAdmin()
		} catch (error) {
			logger.error({ err: error, requestId }, 'admin awards list failed')
			loadError = `${msg.awards.loadFailed}${describeError(error)}`
		}
		const id = editId(url)
		const imported = url.searchParams.get(IMPORTED_PARAM)
		return {
			rows,
			editing: id === null ? null : (rows.find((row) => row.id === id) ?? null),
			loadError,
			imported: imported && /^\d{1,4}$/.test(imported) ? Number(imported) : null,
		}
	},
	async act(intent, form, ctx): Promise<ActionResult> {
		switch (intent) {
			case 'save': {
				return save(form, ctx)
			}
			case 'delete': {
				return deleteIntent(form, ctx, msg.awards.deleteFailed, deleteAward)
			}
			case 'import-preview': {
				return guarded(ctx, msg.awards.csv.importFailed, () => importPreview(form))
			}
			case 'import-confirm': {
				return importConfirm(form, ctx)
			}
			default:
				return unknownIntent(intent)
		}
	},
}
