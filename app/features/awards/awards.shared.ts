import { foldTr } from '#app/lib/tr.ts'

/**
 * The awards filter's rule, shared by the server (no JavaScript) and the
 * browser (instant filtering). Safe for the browser.
 */
export type AwardFilter = { yil: string; q: string }

/** An award's columns as people read them (the award year aside). */
export type AwardColumns = {
	first_name: string
	last_name: string
	nds_surname: string | null
	nds_year: number
	title: string | null
	profession: string | null
}

/**
 * Every column value, folded the Turkish way, one per line, plus the full
 * name so "Ayşe Yılmaz" finds Ayşe Yılmaz. A query never spans two columns.
 */
export function awardSearchText(row: AwardColumns): string {
	const values = [row.first_name, row.last_name, row.nds_surname, String(row.nds_year), row.title, row.profession]
	return [...values.filter((v): v is string => Boolean(v)), `${row.first_name} ${row.last_name}`].map(foldTr).join('\n')
}

/**
 * Spec §5: the year compares as text; the query is a case-insensitive
 * substring of any column, Turkish-aware (`ı`/`I`, `i`/`İ` fold alike).
 * `searchText` is awardSearchText(row); `foldedQuery` is foldTr(q.trim()).
 */
export function matchesAward(row: { year: string; searchText: string }, yil: string, foldedQuery: string) {
	if (yil && row.year !== yil) return false
	return !foldedQuery || row.searchText.includes(foldedQuery)
}

/** The admin section's address segment: /admin/oduller. */
export const AWARDS_SECTION = 'oduller'

/** "Ad Soyad", as the admin list, its dialogs and the import preview show a person. */
export function awardFullName(row: { first_name: string; last_name: string }) {
	return `${row.first_name} ${row.last_name}`.trim()
}
