import { Pagination } from '#app/components/content/pagination.tsx'
import { CachedPart } from '#app/lib/cached-parts.tsx'
import { msg } from '#app/lib/messages.ts'
import type { PageInfo } from '#app/lib/pagination.ts'
import type { AwardColumns, AwardFilter } from '../awards.shared.ts'

/** An honouree with `visible`: whether the filter the page was asked for keeps the row. */
export type AwardRow = AwardColumns & { id: number; searchText: string; visible: boolean }

const ACTION = '/mezunlarimiz/basari-onur-odulleri'

/**
 * The honourees' rows. Unfiltered, they are kept as a rendered part
 * (CachedPart) per page of the list, made again when any row is not the
 * same object as when it was rendered (the rows of a content version are,
 * see listPublicAwards): rendering a hundred rows was most of an uncached
 * page. A filtered list is rendered each time, so that no visitor's search
 * words take room among the kept parts.
 */
function AwardTableRows({ rows }: { rows: Array<AwardRow> }) {
	return rows.map((row) => (
		<tr key={row.id} hidden={!row.visible} data-award-row="" data-year={String(row.nds_year)} data-search={row.searchText}>
			<td>{row.first_name}</td>
			<td>{row.last_name}</td>
			<td>{row.nds_surname ?? ''}</td>
			<td>{row.nds_year}</td>
			<td>{row.title ?? ''}</td>
			<td>{row.profession ?? ''}</td>
		</tr>
	))
}

/**
 * The awards list with its filter. Without JavaScript the GET form sends
 * `yil` and `q` and the server marks the rows that do not match `hidden`;
 * app/enhance/awards-filter.ts applies the same rule as the visitor types.
 * A list too long to send whole (`paged`) comes a page at a time, filtered
 * by the server, and the form is a plain GET form.
 */
export function AwardsTable({
	rows,
	years,
	filter,
	count,
	paged = null,
}: {
	rows: Array<AwardRow>
	years: Array<number>
	filter: AwardFilter
	count: number
	paged?: { page: PageInfo; search: string } | null
}) {
	const filtered = Boolean(filter.yil || filter.q)
	return (
		<div className="awards" data-awards-filter={paged ? undefined : ''}>
			<form method="get" action={ACTION} className="filter-bar" role="search" aria-label="Ödül listesinde ara">
				<div className="filter-field">
					<label htmlFor="awards-year">{msg.awards.yearLabel}</label>
					<select id="awards-year" name="yil" defaultValue={filter.yil}>
						<option value="">{msg.awards.all}</option>
						{years.map((year) => (
							<option key={year} value={String(year)}>
								{year}
							</option>
						))}
					</select>
				</div>
				<div className="filter-field filter-field--grow">
					<label htmlFor="awards-q">{msg.awards.searchLabel}</label>
					<input
						id="awards-q"
						name="q"
						type="search"
						placeholder={msg.awards.searchPlaceholder}
						defaultValue={filter.q}
						autoComplete="off"
					/>
				</div>
				<div className="filter-bar__actions">
					<button type="submit" className="button">
						{msg.awards.filter}
					</button>
					<a className="button button--ghost" href={ACTION} hidden={!filtered} data-awards-clear="">
						{msg.awards.clear}
					</a>
				</div>
			</form>
			<p className="awards__count" role="status" data-awards-count="" data-template={msg.awards.resultCount('{n}')}>
				{msg.awards.resultCount(count)}
			</p>
			{/* A focusable scroll region so keyboard users can scroll the wide table on phones (WCAG 2.1.1). */}
			{/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
			<div className="table-scroll" role="region" aria-labelledby="awards-caption" tabIndex={0}>
				<table className="page-table">
					<caption id="awards-caption" className="sr-only">
						Başarı ve onur ödülü alan mezunlarımız
					</caption>
					<thead>
						<tr>
							<th scope="col">Ad</th>
							<th scope="col">Soyad</th>
							<th scope="col">NDS soyadı</th>
							<th scope="col">NDS yılı</th>
							<th scope="col">Unvan</th>
							<th scope="col">Meslek</th>
						</tr>
					</thead>
					<tbody>
						{filtered ? (
							<AwardTableRows rows={rows} />
						) : (
							<CachedPart cacheKey={`award-rows ${paged?.page.page ?? ''}`} same={rows}>
								<AwardTableRows rows={rows} />
							</CachedPart>
						)}
						<tr hidden={count > 0} data-awards-empty="">
							<td colSpan={6} className="page-table__empty">
								{msg.awards.empty}
							</td>
						</tr>
					</tbody>
				</table>
			</div>
			{paged ? <Pagination page={paged.page} search={paged.search} /> : null}
		</div>
	)
}
