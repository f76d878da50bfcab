import { Form, Link, useSubmit } from 'react-router'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { sectionHref } from '#app/features/admin/sections.ts'
import { msg } from '#app/lib/messages.ts'
import type { TrashAdminData } from '../trash.admin.server.ts'
import type { TrashListRow } from '../trash.server.ts'
import { KIND_PARAM, TRASH_SECTION } from '../trash.shared.ts'
import { AdminPanel } from './crud.tsx'
import '#app/styles/admin-trash.css'

const COLUMNS = [msg.trash.columnTitle, msg.trash.columnKind, msg.trash.columnDeletedBy, msg.trash.columnDeletedAt, msg.trash.columnPurge]

/** A confirmation that works without JavaScript: the question and a real form (`?purge=` / `?empty=1`). */
function ConfirmPanel({ question, intent, id, yes }: { question: string; intent: 'purge' | 'empty'; id?: number; yes: string }) {
	return (
		<div className="confirm-panel" role="alertdialog" aria-labelledby="confirm-trash-text">
			<p id="confirm-trash-text">
				<strong>{question}</strong>
			</p>
			<Form method="post" action={sectionHref(TRASH_SECTION)} className="admin-toolbar">
				<input type="hidden" name="intent" value={intent} />
				{id === undefined ? null : <input type="hidden" name="id" value={id} />}
				<button type="submit" className="button button--danger">
					{yes}
				</button>
				<a className="button button--ghost" href={sectionHref(TRASH_SECTION)}>
					{msg.common.cancel}
				</a>
			</Form>
		</div>
	)
}

export function TrashAdmin({ data, failure }: { data: TrashAdminData; failure?: ActionFailure | null }) {
	const submit = useSubmit()
	const confirmAndSend = (question: string, fields: Record<string, string>) => {
		if (!window.confirm(question)) return
		void submit(fields, { method: 'post', action: sectionHref(TRASH_SECTION) })
	}
	const rowActions = (row: TrashListRow) => (
		<>
			<Form method="post" action={sectionHref(TRASH_SECTION)} className="trash-action">
				<input type="hidden" name="intent" value="restore" />
				<input type="hidden" name="id" value={row.id} />
				<button type="submit" className="button" aria-label={msg.trash.restoreLabel(row.title)}>
					{msg.trash.restore}
				</button>
			</Form>{' '}
			{data.mayPurge ? (
				<Link
					className="button button--danger"
					to={sectionHref(TRASH_SECTION, { purge: row.id })}
					aria-label={msg.trash.purgeLabel(row.title)}
					onClick={(event) => {
						event.preventDefault()
						confirmAndSend(msg.trash.confirmPurge(row.title), { intent: 'purge', id: String(row.id) })
					}}
				>
					{msg.trash.purge}
				</Link>
			) : null}
		</>
	)
	const tools =
		data.mayPurge && data.rows.length > 0 && data.kind === null ? (
			<Link
				className="button button--danger"
				to={sectionHref(TRASH_SECTION, { empty: 1 })}
				onClick={(event) => {
					event.preventDefault()
					confirmAndSend(msg.trash.confirmEmpty(data.rows.length), { intent: 'empty' })
				}}
			>
				{msg.trash.emptyTrash}
			</Link>
		) : null
	return (
		<AdminPanel
			title={msg.trash.title}
			section={TRASH_SECTION}
			canCreate={false}
			loadError={data.loadError}
			failure={failure}
			tools={tools}
		>
			<p className="trash-intro">{msg.trash.intro}</p>
			{data.mayPurge ? null : <p className="trash-intro">{msg.trash.adminOnlyNote}</p>}
			{data.restored ? (
				<p className="admin-panel__status" role="status">
					{msg.trash.restored(data.restored.title)} <Link to={data.restored.href}>{msg.trash.openRestored}</Link>
				</p>
			) : null}
			{data.notice ? (
				<p className="admin-panel__status" role="status">
					{data.notice}
				</p>
			) : null}
			{data.confirmPurge ? (
				<ConfirmPanel
					question={msg.trash.confirmPurge(data.confirmPurge.title)}
					intent="purge"
					id={data.confirmPurge.id}
					yes={msg.trash.confirmPurgeYes}
				/>
			) : null}
			{data.confirmEmpty ? (
				<ConfirmPanel question={msg.trash.confirmEmpty(data.rows.length)} intent="empty" yes={msg.trash.confirmEmptyYes} />
			) : null}
			<Form method="get" action={sectionHref(TRASH_SECTION)} className="admin-toolbar trash-filter">
				<label htmlFor="trash-kind">{msg.trash.filterLabel}</label>
				<select id="trash-kind" name={KIND_PARAM} defaultValue={data.kind ?? ''} key={data.kind ?? ''}>
					<option value="">{msg.trash.filterAll}</option>
					{data.kinds.map((kind) => (
						<option key={kind.value} value={kind.value}>
							{kind.label}
						</option>
					))}
				</select>
				<button type="submit" className="button button--ghost">
					{msg.trash.filterSubmit}
				</button>
			</Form>
			<div className="admin-table-wrap">
				<table className="admin-table trash-table">
					<caption className="sr-only">{msg.trash.caption}</caption>
					<thead>
						<tr>
							{COLUMNS.map((header) => (
								<th scope="col" key={header}>
									{header}
								</th>
							))}
							<th scope="col">
								<span className="sr-only">{msg.admin.actions}</span>
							</th>
						</tr>
					</thead>
					<tbody>
						{data.rows.length === 0 ? (
							<tr>
								<td colSpan={COLUMNS.length + 1} className="admin-table__empty">
									{data.kind ? msg.trash.emptyFiltered : msg.trash.empty}
								</td>
							</tr>
						) : (
							data.rows.map((row) => (
								<tr key={row.id}>
									<td data-label={msg.trash.columnTitle}>{row.title}</td>
									<td data-label={msg.trash.columnKind}>{row.kindLabel}</td>
									<td data-label={msg.trash.columnDeletedBy}>{row.deletedBy ?? msg.trash.unknownUser}</td>
									<td data-label={msg.trash.columnDeletedAt}>{row.deletedAt}</td>
									<td data-label={msg.trash.columnPurge}>{msg.trash.purgeIn(row.daysLeft)}</td>
									<td className="admin-table__actions">{rowActions(row)}</td>
								</tr>
							))
						)}
					</tbody>
				</table>
			</div>
		</AdminPanel>
	)
}
