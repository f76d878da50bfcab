import type { Kysely, Transaction } from 'kysely'
import { firstIssues } from '#app/features/admin/admin-result.ts'
import { reindexSearchDocument } from '#app/features/search/search.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import type { Database } from '#app/lib/db-types.ts'
import { msg } from '#app/lib/messages.ts'
import { istanbulToday } from '#app/lib/tr.ts'
import { fileFrom } from '#app/lib/uploads.server.ts'
import { AWARD_CSV_COLUMNS, awardsToCsv, decodeCsvBytes, readAwardsCsv, type AwardCsvValues } from './awards-csv.ts'
import { AWARD_FIELD_LABELS, AWARD_FORM_FIELDS, AwardFormSchema, type AwardField } from './awards.schema.ts'
import { listAwardsForAdmin } from './awards.server.ts'
import { awardKey, listAwardKeys } from './awards.write.server.ts'

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

/** An import that wrote nothing: why, and the preview to show with it when there is one. */
export type ImportRefusal = { ok: false; message: string; view?: AwardsImportView }

type TextResult = { ok: true; text: string } | { ok: false; message: string }

/** The largest CSV file an import takes. */
export const MAX_CSV_BYTES = 2 * 1024 * 1024
/** The most rows one import adds (each is indexed for site search in the same transaction). */
export const MAX_IMPORT_ROWS = 1000

/** The file name of an export: the list's name and the day in Istanbul. */
export function awardsCsvFileName(today = istanbulToday()) {
	return `basari-onur-odulleri-${today}.csv`
}

/** The whole list as the CSV a volunteer downloads (see awardsToCsv), sorted like the public page. */
export async function exportAwardsCsv(): Promise<string> {
	return awardsToCsv(await listAwardsForAdmin())
}

function decodeMessage(problem: 'empty' | 'not-text' | 'spreadsheet' | 'encoding') {
	switch (problem) {
		case 'empty':
			return msg.awards.csv.empty
		case 'not-text':
			return msg.awards.csv.notText
		case 'spreadsheet':
			return `${msg.awards.csv.spreadsheet} ${msg.awards.csv.saveAsUtf8}`
		case 'encoding':
			return `${msg.awards.csv.encoding} ${msg.awards.csv.saveAsUtf8}`
	}
}

function decodeText(bytes: Uint8Array): TextResult {
	if (bytes.length > MAX_CSV_BYTES) return { ok: false, message: msg.awards.csv.tooLarge(MAX_CSV_BYTES / 1024 / 1024) }
	const decoded = decodeCsvBytes(bytes)
	return decoded.ok ? decoded : { ok: false, message: decodeMessage(decoded.problem) }
}

/** An uploaded CSV's text: at most 2 MB, judged by its content (text, UTF-8 with or without BOM). */
export async function readCsvUpload(value: FormDataEntryValue | null): Promise<TextResult> {
	const file = fileFrom(value)
	if (!file) return { ok: false, message: msg.awards.csv.fileRequired }
	if (file.size > MAX_CSV_BYTES) return { ok: false, message: msg.awards.csv.tooLarge(MAX_CSV_BYTES / 1024 / 1024) }
	return decodeText(new Uint8Array(await file.arrayBuffer()))
}

/** The CSV text the preview carried to the confirmation (base64), refused when it is missing or damaged. */
export function readCarriedCsv(value: FormDataEntryValue | null): TextResult {
	const limit = Math.ceil(MAX_CSV_BYTES / 3) * 4
	if (typeof value !== 'string' || !value || value.length > limit || !/^[A-Za-z0-9+/]*={0,2}$/.test(value))
		return { ok: false, message: msg.awards.csv.previewLost }
	return decodeText(new Uint8Array(Buffer.from(value, 'base64')))
}

const quoteList = (names: Array<string>) => names.map((name) => `“${name}”`).join(', ')

const DUPLICATE_FIELD = `${AWARD_FIELD_LABELS.first_name} ${AWARD_FIELD_LABELS.last_name}`

/**
 * What an import would do with a CSV text, checked against `executor`'s
 * awards: each row validated like the form, rows equal to a stored award
 * (or to an earlier row of the file) marked as duplicates. A file that
 * cannot be read as the award list (columns, quotes, size) is refused whole.
 */
export async function previewAwardsImport(
	text: string,
	executor: Kysely<Database> | Transaction<Database> = db,
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

	const stored = await listAwardKeys(executor)
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

/** The preview to show: the rows, their counts, and the file's text to carry to the confirmation. */
export function importView(fileName: string, text: string, rows: Array<AwardImportRow>, skipInvalid: boolean): AwardsImportView {
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

/** Thrown inside the content write so that a refused import rolls back. */
class ImportRefused extends Error {
	readonly refusal: ImportRefusal
	constructor(refusal: ImportRefusal) {
		super(refusal.message)
		this.refusal = refusal
	}
}

/**
 * Adds the previewed rows, all in one content write, and answers how many:
 * the file is read and checked again inside the transaction (the list may
 * have changed since the preview). Any invalid row refuses the whole import
 * unless "Hatalı satırları atla" is ticked; duplicates are always left out.
 */
export async function importAwards(
	text: string,
	options: { skipInvalid: boolean; fileName: string },
): Promise<{ ok: true; added: number } | ImportRefusal> {
	try {
		const added = await withContentWrite(db, async (trx) => {
			const preview = await previewAwardsImport(text, trx)
			if (!preview.ok) throw new ImportRefused(preview)
			const view = importView(options.fileName, text, preview.rows, options.skipInvalid)
			if (view.counts.invalid > 0 && !options.skipInvalid)
				throw new ImportRefused({ ok: false, message: msg.awards.csv.invalidRows(view.counts.invalid), view })
			if (view.counts.new === 0) throw new ImportRefused({ ok: false, message: msg.awards.csv.nothingToImport, view })
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
		return { ok: true, added }
	} catch (error) {
		if (error instanceof ImportRefused) return error.refusal
		throw error
	}
}
