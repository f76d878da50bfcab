import { Link } from 'react-router'
import { sectionHref, useAdminSearch } from '#app/features/admin/sections.ts'
import { msg } from '#app/lib/messages.ts'
import { includesTr } from '#app/lib/tr.ts'
import type { PageAdminRow } from '../page-editing.server.ts'
import { PAGES_SECTION } from '../pages.shared.ts'

const m = msg.pagesAdmin

/**
 * The pages with their addresses and last change, filtered by the admin
 * search; each opens its edit screen. Pages are neither added, removed nor
 * reordered here, so this is a plain table, not the shared editable list.
 */
export function PageList({ rows }: { rows: Array<PageAdminRow> }) {
	const query = useAdminSearch()
	const shown = rows.filter((row) => !query || includesTr(`${row.title} ${row.path ?? ''}`, query))
	return (
		<div className="admin-table-wrap">
			<table className="admin-table">
				<caption className="sr-only">{m.caption}</caption>
				<thead>
					<tr>
						<th scope="col">{m.columnTitle}</th>
						<th scope="col">{m.columnAddress}</th>
						<th scope="col">{m.columnChanged}</th>
						<th scope="col">
							<span className="sr-only">{msg.admin.actions}</span>
						</th>
					</tr>
				</thead>
				<tbody>
					{shown.length === 0 ? (
						<tr>
							<td colSpan={4} className="admin-table__empty">
								{query && rows.length > 0 ? msg.admin.noMatch : m.empty}
							</td>
						</tr>
					) : (
						shown.map((row) => (
							<tr key={row.slug}>
								<th scope="row" className="admin-table__title">
									{row.title}
								</th>
								<td data-label={m.columnAddress}>
									{row.path ? (
										<a className="admin-table__link" href={row.path}>
											{row.path}
										</a>
									) : (
										<span className="admin-table__muted">—</span>
									)}
								</td>
								<td data-label={m.columnChanged}>
									{row.updatedLabel ?? '—'}
									<span className="admin-table__muted">{m.by(row.updatedBy ?? m.seeded)}</span>
								</td>
								<td className="admin-table__actions">
									<Link
										className="button button--ghost"
										to={sectionHref(PAGES_SECTION, { edit: row.slug })}
										aria-label={msg.admin.editLabel(row.title)}
									>
										{m.edit}
									</Link>
								</td>
							</tr>
						))
					)}
				</tbody>
			</table>
		</div>
	)
}
