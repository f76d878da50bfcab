/**
 * Literature award rules shared by the public page and the admin (safe for
 * the browser).
 */

/** Spec §2: the award's books start in 2009 (the award's first year, see the page text). */
export const LITERATURE_MIN_YEAR = 2009

/** Up to next year: a jury is often named before the year's ceremony. */
export const literatureMaxYear = (currentYear: number) => currentYear + 1

/** The caption under a cover when none was written: `2025 – Başlık, Yazar`. */
export function defaultCaption(book: { year: number; title: string; author: string }) {
	return `${book.year} – ${book.title}, ${book.author}`
}

/** The jury as stored (one name a line) as a list. */
export function juryLines(jury: string | null | undefined): Array<string> {
	return (jury ?? '')
		.split('\n')
		.map((line) => line.trim())
		.filter(Boolean)
}

/** Plain text in paragraphs (split on blank lines); each paragraph's lines kept. */
export function paragraphs(text: string | null | undefined): Array<Array<string>> {
	return (text ?? '')
		.replace(/\r\n?/g, '\n')
		.split(/\n\s*\n/)
		.map((block) =>
			block
				.split('\n')
				.map((line) => line.trim())
				.filter(Boolean),
		)
		.filter((lines) => lines.length > 0)
}

/** The admin section's address segment: /admin/edebiyat-odulu. */
export const LITERATURE_SECTION = 'edebiyat-odulu'
