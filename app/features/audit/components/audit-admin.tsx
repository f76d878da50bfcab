import { Form, Link } from 'react-router'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { AdminPanel } from '#app/features/admin/components/crud.tsx'
import { SelectInput, TextInput } from '#app/features/admin/components/fields.tsx'
import { sectionHref } from '#app/features/admin/sections.ts'
import { msg } from '#app/lib/messages.ts'
import { formatDate, formatNumber, formatTime } from '#app/lib/tr.ts'
import { AUDIT_EXPORT_PATH, AUDIT_PARAMS, AUDIT_SECTION, auditSearch, type AuditFilters } from '../audit-filters.ts'
import { AUDIT_KINDS } from '../audit-labels.ts'
import type { AuditPage, AuditRow, AuditUserOption } from '../audit-log.server.ts'

const m = msg.auditLog

type Data = {
	filters: AuditFilters
	invalid: Array<'from' | 'to'>
	users: Array<AuditUserOption>
	log: AuditPage
	retentionDays: number
	loadError: string | null
}

function Item({ row }: { row: AuditRow }) {
	if (!row.itemKind) return <>—</>
	const title = row.itemTitle ?? (row.itemId ? `#${row.itemId}` : '')
	const text = title ? `${row.itemKindLabel}: ${title}` : row.itemKindLabel
	return row.itemHref ? (
		<Link to={row.itemHref} className="admin-table__link">
			{text}
		</Link>
	) : (
		<>{text}</>
	)
}

function AuditTable({ rows }: { rows: Array<AuditRow> }) {
	return (
		<div className="admin-table-wrap">
			<table className="admin-table audit-table">
				<caption className="sr-only">{m.caption}</caption>
				<thead>
					<tr>
						<th scope="col">{m.time}</th>
						<th scope="col">{m.who}</th>
						<th scope="col">{m.kind}</th>
						<th scope="col">{m.action}</th>
						<th scope="col">{m.item}</th>
						<th scope="col">{m.summary}</th>
						<th scope="col">{m.ip}</th>
						<th scope="col">{m.browser}</th>
					</tr>
				</thead>
				<tbody>
					{rows.length === 0 ? (
						<tr>
							<td className="admin-table__empty" colSpan={8}>
								{m.empty}
							</td>
						</tr>
					) : (
						rows.map((row) => (
							<tr key={row.id}>
								<td data-label={m.time}>
									<time dateTime={row.at}>{row.at ? `${formatDate(row.at)} ${formatTime(row.at)}` : '—'}</time>
								</td>
								<td data-label={m.who}>
									{row.userName ?? (row.userEmail ? null : m.nobody)}
									{row.userEmail ? <span className={row.userName ? 'audit-table__email' : undefined}>{row.userEmail}</span> : null}
								</td>
								<td data-label={m.kind}>{row.kindLabel}</td>
								<td data-label={m.action}>{row.actionLabel}</td>
								<td data-label={m.item}>
									<Item row={row} />
								</td>
								<td data-label={m.summary} className="audit-table__summary">
									{row.summary || '—'}
								</td>
								<td data-label={m.ip}>{row.ip ?? '—'}</td>
								<td data-label={m.browser} title={row.userAgent ?? undefined}>
									{row.browser ?? m.unknownBrowser}
								</td>
							</tr>
						))
					)}
				</tbody>
			</table>
		</div>
	)
}

function Pager({ filters, page, pages }: { filters: AuditFilters; page: number; pages: number }) {
	if (pages <= 1) return null
	const href = (target: number) => `${sectionHref(AUDIT_SECTION)}${auditSearch({ ...filters, page: target })}`
	return (
		<nav className="audit-pager" aria-label={m.pages}>
			<ul>
				{page > 1 ? (
					<li>
						<Link to={href(page - 1)} rel="prev">
							← {m.previous}
						</Link>
					</li>
				) : null}
				<li aria-current="page">{m.page(page, pages)}</li>
				{page < pages ? (
					<li>
						<Link to={href(page + 1)} rel="next">
							{m.next} →
						</Link>
					</li>
				) : null}
			</ul>
		</nav>
	)
}

/**
 * Admin "Kayıtlar" (yönetici only): the audit log, newest first, 50 a page,
 * filtered by a GET form (works without JavaScript, a filtered view can be
 * bookmarked) and downloadable as CSV with the same filter. Read-only.
 */
export function AuditAdmin({ data, failure }: { data: Data; failure?: ActionFailure | null }) {
	const { filters, log } = data
	const search = auditSearch({ ...filters, page: 1 })
	const users = [{ value: '', label: m.filterUserAll }, ...data.users.map((user) => ({ value: user.email, label: user.label }))]
	if (filters.user && !data.users.some((user) => user.email.toLowerCase() === filters.user.toLowerCase()))
		users.push({ value: filters.user, label: filters.user })
	const kinds = [{ value: '', label: m.filterKindAll }, ...AUDIT_KINDS.map((kind) => ({ value: kind, label: m.kinds[kind] }))]
	return (
		<AdminPanel
			title={m.title}
			section={AUDIT_SECTION}
			canCreate={false}
			loadError={data.loadError}
			failure={failure}
			tools={
				<a className="button button--ghost" href={`${AUDIT_EXPORT_PATH}${search}`} download aria-describedby="audit-export-hint">
					{m.exportCsv}
				</a>
			}
		>
			<p className="field__hint">
				{m.intro} {m.retention(data.retentionDays)}
			</p>
			<p className="field__hint" id="audit-export-hint">
				{m.exportHint}
			</p>
			<Form method="get" action={sectionHref(AUDIT_SECTION)} className="audit-filters" key={search} role="search" aria-label={m.filters}>
				<SelectInput label={m.filterUser} name={AUDIT_PARAMS.user} options={users} defaultValue={filters.user} />
				<SelectInput label={m.filterKind} name={AUDIT_PARAMS.kind} options={kinds} defaultValue={filters.kind} />
				<TextInput
					label={m.filterFrom}
					name={AUDIT_PARAMS.from}
					type="date"
					defaultValue={filters.from}
					error={data.invalid.includes('from') ? m.badDate : null}
				/>
				<TextInput
					label={m.filterTo}
					name={AUDIT_PARAMS.to}
					type="date"
					defaultValue={filters.to}
					error={data.invalid.includes('to') ? m.badDate : null}
				/>
				<TextInput label={m.filterText} name={AUDIT_PARAMS.text} type="search" defaultValue={filters.text} hint={m.filterTextHint} />
				<div className="audit-filters__actions">
					<button type="submit" className="button">
						{m.apply}
					</button>
					{search ? <Link to={sectionHref(AUDIT_SECTION)}>{m.clear}</Link> : null}
				</div>
			</Form>
			<div className="audit-summary">
				<p role="status">{m.count(formatNumber(log.total))}</p>
			</div>
			<AuditTable rows={log.rows} />
			<Pager filters={filters} page={log.page} pages={log.pages} />
		</AdminPanel>
	)
}
