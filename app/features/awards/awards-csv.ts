import { guardFormula, toCsv, unguardFormula, UTF8_BOM, type CsvDelimiter } from '#app/lib/csv.ts'
import { foldTr } from '#app/lib/tr.ts'
import { AWARD_FIELD_LABELS, type AwardField } from './awards.schema.ts'
import type { AwardColumns } from './awards.shared.ts'

/**
 * CSV for the awards list, in the dialect Turkish Excel reads and writes:
 * UTF-8 with a byte-order mark (without it Excel takes the file for
 * Windows-1254 and garbles ş, ğ, ı), `;` between fields (`,` is the decimal
 * separator in tr-TR), CRLF line ends, fields quoted when they hold the
 * separator, a quote or a line break, quotes doubled (RFC 4180). Reading
 * also takes `,` files (Google Sheets, LibreOffice, Excel in English), LF or
 * CR line ends and a missing BOM. Pure functions, safe for the browser.
 * The writing side is shared with the other CSV downloads (app/lib/csv.ts).
 */

export { guardFormula, toCsv, unguardFormula, UTF8_BOM, type CsvDelimiter }

/** The columns of the export and of an import, in order, with their Turkish headers. */
export const AWARD_CSV_COLUMNS = [
	{ key: 'award_year', label: AWARD_FIELD_LABELS.award_year, aliases: [] },
	{ key: 'first_name', label: AWARD_FIELD_LABELS.first_name, aliases: [] },
	{ key: 'last_name', label: AWARD_FIELD_LABELS.last_name, aliases: [] },
	{ key: 'nds_surname', label: AWARD_FIELD_LABELS.nds_surname, aliases: ['Okuldaki soyadı'] },
	{ key: 'nds_year', label: AWARD_FIELD_LABELS.nds_year, aliases: ['NDS mezuniyet yılı', 'Mezuniyet yılı'] },
	{ key: 'title', label: AWARD_FIELD_LABELS.title, aliases: ['Ünvan'] },
	{ key: 'profession', label: AWARD_FIELD_LABELS.profession, aliases: [] },
] as const satisfies ReadonlyArray<{ key: AwardField; label: string; aliases: ReadonlyArray<string> }>

export type AwardCsvKey = (typeof AWARD_CSV_COLUMNS)[number]['key']
export type AwardCsvValues = Record<AwardCsvKey, string>

export type AwardCsvRow = AwardColumns & { award_year: number | null }

export type CsvParseResult =
	| {
			ok: true
			/** Each record's fields, and the line (1-based, in the text) on which it starts. */
			records: Array<{ fields: Array<string>; line: number }>
	  }
	| { ok: false; problem: 'unclosed-quote'; line: number }

/**
 * RFC 4180 with Excel's leniency: a quoted field may hold the separator,
 * doubled quotes and line breaks; a quote inside an unquoted field is kept
 * as it is; a record ends at CRLF, LF or CR; a BOM at the start is dropped;
 * a last line break does not make an empty record. A quote opened and never
 * closed is refused (the rest of the file would silently become one field).
 */
export function parseCsv(input: string, delimiter: CsvDelimiter): CsvParseResult {
	const text = input.startsWith(UTF8_BOM) ? input.slice(1) : input
	const records: Array<{ fields: Array<string>; line: number }> = []
	let fields: Array<string> = []
	let field = ''
	let line = 1
	let recordLine = 1
	let i = 0
	const n = text.length
	const endField = () => {
		fields.push(field)
		field = ''
	}
	const endRecord = () => {
		endField()
		records.push({ fields, line: recordLine })
		fields = []
	}
	while (i < n) {
		const ch = text[i]
		if (ch === '"' && field === '') {
			const openedOn = line
			i++
			let closed = false
			while (i < n) {
				const c = text[i]
				if (c === '"') {
					if (text[i + 1] === '"') {
						field += '"'
						i += 2
						continue
					}
					i++
					closed = true
					break
				}
				if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++
				field += c
				i++
			}
			if (!closed) return { ok: false, problem: 'unclosed-quote', line: openedOn }
			// Text after the closing quote and before the separator belongs to the field (Excel does the same).
			while (i < n && text[i] !== delimiter && text[i] !== '\r' && text[i] !== '\n') field += text[i++]
			continue
		}
		if (ch === delimiter) {
			endField()
			i++
			continue
		}
		if (ch === '\r' || ch === '\n') {
			endRecord()
			i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1
			line++
			recordLine = line
			continue
		}
		field += ch
		i++
	}
	if (field !== '' || fields.length > 0) endRecord()
	return { ok: true, records }
}

/**
 * The separator of a file, from its header line: the one of `;` and `,`
 * that occurs more often outside quotes; `;` when neither does.
 */
export function detectDelimiter(text: string): CsvDelimiter {
	let semicolons = 0
	let commas = 0
	let quoted = false
	for (const ch of text.startsWith(UTF8_BOM) ? text.slice(1) : text) {
		if (ch === '"') quoted = !quoted
		else if (!quoted && (ch === '\n' || ch === '\r')) break
		else if (!quoted && ch === ';') semicolons++
		else if (!quoted && ch === ',') commas++
	}
	return commas > semicolons ? ',' : ';'
}

/** The awards as the file a volunteer downloads: BOM, Turkish header, `;`, CRLF. */
export function awardsToCsv(rows: ReadonlyArray<AwardCsvRow>): string {
	const header = AWARD_CSV_COLUMNS.map((column) => column.label)
	const body = rows.map((row) =>
		AWARD_CSV_COLUMNS.map(({ key }) => {
			const value = row[key]
			if (value === null) return ''
			return typeof value === 'number' ? String(value) : guardFormula(value)
		}),
	)
	return UTF8_BOM + toCsv([header, ...body], ';')
}

export type AwardsCsvReadResult =
	| {
			ok: true
			delimiter: CsvDelimiter
			/** The data rows, blank ones left out; `row` is the record's number as a spreadsheet shows it (the header is 1). */
			rows: Array<{ row: number; values: AwardCsvValues }>
	  }
	| { ok: false; problem: 'unclosed-quote'; line: number }
	| { ok: false; problem: 'empty' }
	| { ok: false; problem: 'columns'; missing: Array<string>; unknown: Array<string>; repeated: Array<string> }

const headerKey = (text: string) => foldTr(text).replace(/\s+/g, ' ').trim()

const COLUMN_BY_HEADER = new Map<string, AwardCsvKey>(
	AWARD_CSV_COLUMNS.flatMap((column) => [column.label, ...column.aliases].map((name) => [headerKey(name), column.key] as const)),
)

/**
 * A CSV file's text read as award rows: the separator taken from the
 * header, the columns found by their Turkish names in any order (case and
 * Turkish letters folded: `ndS SOYADI` is `NDS soyadı`). Every column must
 * be there and no other. Values are as written (untrimmed), except the
 * formula guard of the export, which is taken off.
 */
export function readAwardsCsv(text: string): AwardsCsvReadResult {
	const delimiter = detectDelimiter(text)
	const parsed = parseCsv(text, delimiter)
	if (!parsed.ok) return parsed
	const isBlank = (fields: Array<string>) => fields.every((field) => field.trim() === '')
	const headerIndex = parsed.records.findIndex((record) => !isBlank(record.fields))
	const header = parsed.records[headerIndex]
	if (!header) return { ok: false, problem: 'empty' }

	const keys: Array<AwardCsvKey | null> = []
	const unknown: Array<string> = []
	const repeated: Array<string> = []
	const seen = new Set<AwardCsvKey>()
	for (const name of header.fields) {
		const key = COLUMN_BY_HEADER.get(headerKey(name)) ?? null
		keys.push(key)
		if (key === null) {
			if (name.trim()) unknown.push(name.trim())
			continue
		}
		if (seen.has(key)) repeated.push(name.trim())
		seen.add(key)
	}
	const missing = AWARD_CSV_COLUMNS.filter((column) => !seen.has(column.key)).map((column) => column.label)
	if (missing.length > 0 || unknown.length > 0 || repeated.length > 0) return { ok: false, problem: 'columns', missing, unknown, repeated }

	const rows: Array<{ row: number; values: AwardCsvValues }> = []
	for (const [index, record] of parsed.records.entries()) {
		if (index <= headerIndex || isBlank(record.fields)) continue
		const values = Object.fromEntries(AWARD_CSV_COLUMNS.map((column) => [column.key, ''])) as AwardCsvValues
		for (const [position, key] of keys.entries()) {
			if (key) values[key] = unguardFormula(record.fields[position] ?? '')
		}
		rows.push({ row: index + 1, values })
	}
	return { ok: true, delimiter, rows }
}

export type CsvDecodeResult = { ok: true; text: string } | { ok: false; problem: 'empty' | 'not-text' | 'spreadsheet' | 'encoding' }

/**
 * A file's bytes as CSV text, judged by content: an Excel workbook (a zip)
 * or a PDF, and anything with control bytes, is not text; text that is not
 * valid UTF-8 (Windows-1254 from an old Excel "CSV", UTF-16 "Unicode text")
 * is refused rather than guessed, so no name is ever stored garbled.
 */
export function decodeCsvBytes(bytes: Uint8Array): CsvDecodeResult {
	if (bytes.length === 0) return { ok: false, problem: 'empty' }
	const startsWith = (signature: Array<number>) => signature.every((b, i) => bytes[i] === b)
	if (startsWith([0x50, 0x4b, 0x03, 0x04]) || startsWith([0xd0, 0xcf, 0x11, 0xe0])) return { ok: false, problem: 'spreadsheet' }
	if (startsWith([0xff, 0xfe]) || startsWith([0xfe, 0xff])) return { ok: false, problem: 'encoding' }
	if (startsWith([0x25, 0x50, 0x44, 0x46, 0x2d])) return { ok: false, problem: 'not-text' }
	for (const byte of bytes) {
		// C0 controls other than tab, LF and CR (and DEL) never occur in a spreadsheet's text.
		if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) || byte === 0x7f) return { ok: false, problem: 'not-text' }
	}
	let text: string
	try {
		text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
	} catch {
		return { ok: false, problem: 'encoding' }
	}
	return { ok: true, text: text.startsWith(UTF8_BOM) ? text.slice(1) : text }
}
