import { memoByContentVersion } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { pageInfo } from '#app/lib/pagination.ts'
import { compareTr, foldTr } from '#app/lib/tr.ts'
import { awardSearchText, matchesAward, type AwardColumns, type AwardFilter } from './awards.shared.ts'

/**
 * Up to this many honourees the public page sends them all and the browser
 * filters as the visitor types (the spec's list has about 100).
 */
export const AWARDS_FILTERED_IN_BROWSER = 500

/**
 * A longer list is filtered by the server and shown this many rows a page:
 * about what the spec's whole list is, so a page of a long list costs what
 * the short list does.
 */
export const AWARDS_PER_PAGE = 100

/** An honouree as the public list shows it; `searchText` is awardSearchText(row), for the browser's instant filter. */
export type Award = AwardColumns & { id: number; searchText: string }

/** Every honouree, by NDS year, then surname and name in Turkish order. */
export async function listAwards(): Promise<Array<Award>> {
	const rows = await db
		.selectFrom('awards')
		.select(['id', 'first_name', 'last_name', 'nds_surname', 'nds_year', 'title', 'profession'])
		.orderBy('nds_year', 'asc')
		.orderBy('id', 'asc')
		.execute()
	return rows.map((row) => ({ ...row, nds_year: Number(row.nds_year), searchText: awardSearchText(row) })).toSorted(compareAwards)
}

/**
 * `listAwards` read and sorted once per content version (a long list costs more to sort than to render a page of it),
 * each row marked `visible`, with its distinct years for the dropdown. The rows are the same objects on every
 * request of a version, so the page's kept rows (AwardsTable) know them by identity.
 */
const listAwardsOfVersion = memoByContentVersion(async () => {
	const awards = (await listAwards()).map((row) => ({ ...row, visible: true }))
	return { awards, years: listAwardYears(awards) }
})

/**
 * The public list for a filter: up to AWARDS_FILTERED_IN_BROWSER honourees every row,
 * the ones the filter drops marked not `visible` (the browser filters from
 * there as the visitor types); a longer list only the matching rows of
 * `page`, with `paged` for the page links.
 */
export async function listPublicAwards(filter: AwardFilter, page: number) {
	const { awards, years } = await listAwardsOfVersion()
	const matching = filterAwards(awards, filter)
	if (awards.length > AWARDS_FILTERED_IN_BROWSER) {
		const info = pageInfo(matching.length, page, AWARDS_PER_PAGE)
		const rows = matching.slice((info.page - 1) * AWARDS_PER_PAGE, info.page * AWARDS_PER_PAGE)
		return { years, count: matching.length, rows, paged: info }
	}
	if (matching === awards) return { years, count: awards.length, rows: awards, paged: null }
	const visible = new Set(matching.map((row) => row.id))
	return { years, count: visible.size, rows: awards.map((row) => (visible.has(row.id) ? row : { ...row, visible: false })), paged: null }
}

/** A row of the admin list: an award with its award year; `searchText` holds the award year too, for the table's search. */
export type AwardAdminRow = Award & { award_year: number | null }

/** The admin list, sorted like the public page. */
export async function listAwardsForAdmin(): Promise<Array<AwardAdminRow>> {
	const rows = await db
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

type Sortable = { id: number; nds_year: number; first_name: string; last_name: string }

/** The list's order, public page and admin alike: NDS year, then surname and name in Turkish order. */
export function compareAwards(a: Sortable, b: Sortable) {
	return a.nds_year - b.nds_year || compareTr(a.last_name, b.last_name) || compareTr(a.first_name, b.first_name) || a.id - b.id
}

/** The filter from the query string (`yil`, `q`), trimmed. */
export function parseAwardFilter(params: URLSearchParams): AwardFilter {
	return { yil: (params.get('yil') ?? '').trim(), q: (params.get('q') ?? '').trim() }
}

/** The rows matching the filter (spec §5 "Awards search"). */
export function filterAwards<T extends Pick<Award, 'nds_year' | 'searchText'>>(rows: Array<T>, filter: AwardFilter): Array<T> {
	const folded = foldTr(filter.q.trim())
	const yil = filter.yil.trim()
	if (!yil && !folded) return rows
	return rows.filter((row) => matchesAward({ year: String(row.nds_year), searchText: row.searchText }, yil, folded))
}

/** The distinct NDS years, ascending, for the year dropdown. */
export function listAwardYears(rows: Array<Pick<Award, 'nds_year'>>): Array<number> {
	return [...new Set(rows.map((row) => row.nds_year))].toSorted((a, b) => a - b)
}
