/**
 * Writing CSV in the dialect Turkish Excel reads: UTF-8 with a byte-order
 * mark (without it Excel takes the file for Windows-1254 and garbles ş, ğ,
 * ı), `;` between fields (`,` is the decimal separator in tr-TR), CRLF line
 * ends, fields quoted when they hold the separator, a quote or a line break,
 * quotes doubled (RFC 4180), and text that Excel would run as a formula
 * guarded. Used by every CSV download of the admin (awards, audit log).
 * Pure functions, safe for the browser.
 */

export type CsvDelimiter = ';' | ','

export const UTF8_BOM = '\uFEFF'

/** One field as written: quoted only when it must be (a leading BOM too, which a reader would drop). */
function quoteField(value: string, delimiter: CsvDelimiter) {
	return value.includes(delimiter) || /["\r\n]|^\uFEFF/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

/** Records to CSV text: CRLF after every record, no BOM (see excelCsv). */
export function toCsv(records: ReadonlyArray<ReadonlyArray<string>>, delimiter: CsvDelimiter = ';'): string {
	return records.map((fields) => `${fields.map((field) => quoteField(field, delimiter)).join(delimiter)}\r\n`).join('')
}

/**
 * Excel runs a cell that starts with `=`, `+`, `-`, `@`, a tab or a CR as a
 * formula (OWASP "CSV injection"): such text gets a leading apostrophe on
 * the way out, which Excel shows as text, and loses one on the way in, so a
 * value survives export and import unchanged.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/
export function guardFormula(value: string) {
	return FORMULA_START.test(value) ? `'${value}` : value
}
export function unguardFormula(value: string) {
	return value.startsWith("'") && FORMULA_START.test(value) ? value.slice(1) : value
}

/** A header and text rows as the file a volunteer downloads: BOM, `;`, CRLF, every text cell guarded against formulas. */
export function excelCsv(header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>): string {
	return UTF8_BOM + toCsv([header, ...rows.map((row) => row.map(guardFormula))], ';')
}

/** A CSV download: the file name, never cached, never sniffed as something else. */
export function csvDownload(body: string, fileName: string): Response {
	return new Response(body, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="${fileName}"`,
			'Cache-Control': 'no-store',
			'X-Content-Type-Options': 'nosniff',
		},
	})
}
