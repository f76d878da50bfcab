import { useEffect, useId, useRef } from 'react'
import { Form, Link, useSubmit } from 'react-router'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { AdminTable, type Column } from '#app/features/admin/components/admin-table.tsx'
import { AdminPanel } from '#app/features/admin/components/crud.tsx'
import { msg } from '#app/lib/messages.ts'
import { formatDateTime } from '#app/lib/tr.ts'
import type { ContactAdminData } from '../contact.admin.server.ts'
import type { ContactMessage } from '../contact.server.ts'
import { CONTACT_SECTION, contactHref, FOLDER_PARAM, replyHref, type ContactFolder } from '../contact.shared.ts'
import '#app/styles/admin-status.css'
import '#app/styles/admin-messages.css'

const m = msg.contactAdmin

const DONE_TEXT = { deleted: m.deleted, archived: m.archived, unarchived: m.unarchived } as const

/** A POST to the section with one intent for one message: a plain form, so it works without JavaScript. */
function MessageAction({
	action,
	intent,
	id,
	label,
	className = 'button button--ghost',
	children,
}: {
	action: string
	intent: string
	id: number
	label?: string
	className?: string
	children: React.ReactNode
}) {
	return (
		<Form method="post" action={action} className="message-action">
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="id" value={id} />
			<button type="submit" className={className} aria-label={label}>
				{children}
			</button>
		</Form>
	)
}

function ReadBadge({ message }: { message: ContactMessage }) {
	return message.readAt ? (
		<span className="status-badge status-badge--draft">{m.read}</span>
	) : (
		<span className="status-badge status-badge--unread">{m.unread}</span>
	)
}

/** The delete question: with JavaScript a confirm() and the post; without it a link to the confirmation (`?sil=`). */
function DeleteLink({ folder, message, action }: { folder: ContactFolder; message: ContactMessage; action: string }) {
	const submit = useSubmit()
	return (
		<Link
			className="button button--danger"
			to={contactHref(folder, { confirmDelete: message.id })}
			aria-label={m.deleteLabel(message.subject)}
			onClick={(event) => {
				event.preventDefault()
				if (!window.confirm(`${m.confirmDelete(message.subject)}\n\n${m.deleteNote}`)) return
				void submit({ intent: 'delete', id: String(message.id) }, { method: 'post', action })
			}}
		>
			{m.delete}
		</Link>
	)
}

/** The open message in full, with what can be done to it; its heading takes the focus when it opens. */
function MessageView({ message, folder }: { message: ContactMessage; folder: ContactFolder }) {
	const headingId = useId()
	const heading = useRef<HTMLHeadingElement>(null)
	const action = contactHref(folder, { message: message.id })
	// Keyed by the message (below): another message mounts a new view, which takes the focus again.
	useEffect(() => {
		heading.current?.focus()
	}, [])
	return (
		<article className="message-view" aria-labelledby={headingId}>
			<div className="message-view__head">
				<h2 id={headingId} ref={heading} tabIndex={-1}>
					{message.subject}
				</h2>
				<ReadBadge message={message} />
			</div>
			<dl className="message-view__meta">
				<div>
					<dt>{m.from}</dt>
					<dd>
						{message.name} &lt;{message.email}&gt;
					</dd>
				</div>
				<div>
					<dt>{m.sentAt}</dt>
					<dd>
						<time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
					</dd>
				</div>
			</dl>
			<div className="message-view__text">{message.message}</div>
			<div className="admin-toolbar message-view__actions">
				<a className="button" href={replyHref(message)} aria-label={m.replyLabel(message.name)} aria-describedby={`${headingId}-reply`}>
					{m.reply}
				</a>
				<MessageAction action={action} intent={message.readAt ? 'unread' : 'read'} id={message.id}>
					{message.readAt ? m.markUnread : m.markRead}
				</MessageAction>
				<MessageAction action={action} intent={message.archivedAt ? 'unarchive' : 'archive'} id={message.id}>
					{message.archivedAt ? m.unarchiveAction : m.archiveAction}
				</MessageAction>
				<DeleteLink folder={folder} message={message} action={action} />
				<Link className="button button--ghost" to={contactHref(folder)}>
					{m.close}
				</Link>
			</div>
			<p className="field__hint" id={`${headingId}-reply`}>
				{m.replyHint}
			</p>
		</article>
	)
}

function FolderFilter({ folder }: { folder: ContactFolder }) {
	const id = useId()
	return (
		<Form method="get" action={contactHref('inbox')} className="status-filter">
			<label htmlFor={id}>{m.folderLabel}</label>
			<select id={id} name={FOLDER_PARAM} defaultValue={folder === 'archive' ? 'arsiv' : ''} key={folder}>
				<option value="">{m.inbox}</option>
				<option value="arsiv">{m.archive}</option>
			</select>
			<button type="submit" className="button button--ghost">
				{m.show}
			</button>
		</Form>
	)
}

/**
 * Admin "Mesajlar": the contact form's messages, newest first, in the inbox
 * (Gelen kutusu) or the archive (Arşiv), unread ones marked. Opening one
 * shows it in full and marks it read; it can be marked unread again,
 * archived, answered by e-mail (a mailto: link with "Re: <konu>" and the
 * original quoted) or deleted for good. Plain forms and links: it works
 * without JavaScript.
 */
export function MessagesAdmin({ data, failure }: { data: ContactAdminData; failure?: ActionFailure | null }) {
	const folder = data.folder
	const here = contactHref(folder)
	const folderName = folder === 'archive' ? m.archive : m.inbox
	const columns: Array<Column<ContactMessage>> = [
		{ header: m.columnStatus, cell: (row) => <ReadBadge message={row} /> },
		{
			header: m.columnSubject,
			className: 'messages-table__subject',
			cell: (row) => (
				<>
					<MessageAction action={here} intent="open" id={row.id} label={m.openLabel(row.subject)} className="message-open">
						{row.readAt ? row.subject : <strong>{row.subject}</strong>}
					</MessageAction>
					<span className="admin-table__muted messages-table__excerpt">{row.message.slice(0, 120)}</span>
				</>
			),
		},
		{
			header: m.columnFrom,
			cell: (row) => (
				<>
					{row.name}
					<br />
					<span className="admin-table__muted">{row.email}</span>
				</>
			),
		},
		{ header: m.columnDate, cell: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time> },
	]
	return (
		<AdminPanel
			title={m.title}
			section={CONTACT_SECTION}
			canCreate={false}
			loadError={data.loadError}
			failure={failure}
			tools={<FolderFilter folder={folder} />}
		>
			<p className="field__hint">
				{m.intro} {m.retention(data.retentionDays)}
			</p>
			{data.mailOff ? <p className="field__hint">{m.mailOff}</p> : null}
			{data.done ? (
				<p className="admin-success" role="status">
					{DONE_TEXT[data.done]}
				</p>
			) : null}
			{data.confirmDelete ? (
				<div className="confirm-panel" role="alertdialog" aria-labelledby="message-delete-question">
					<p id="message-delete-question">
						<strong>{m.confirmDelete(data.confirmDelete.subject)}</strong>
					</p>
					<p>{m.deleteNote}</p>
					<Form method="post" action={here} className="admin-toolbar">
						<input type="hidden" name="intent" value="delete" />
						<input type="hidden" name="id" value={data.confirmDelete.id} />
						<button type="submit" className="button button--danger">
							{m.confirmYes}
						</button>
						<Link className="button button--ghost" to={here}>
							{msg.common.cancel}
						</Link>
					</Form>
				</div>
			) : null}
			{data.open === 'missing' ? (
				<p className="form-error" role="alert">
					{m.notFound}
				</p>
			) : data.open ? (
				<MessageView key={data.open.id} message={data.open} folder={folder} />
			) : null}
			<h2 className="sr-only">{folderName}</h2>
			<AdminTable
				section={CONTACT_SECTION}
				caption={m.caption(folderName)}
				columns={columns}
				rows={data.rows}
				label={(row) => row.subject}
				searchText={(row) => `${row.subject} ${row.name} ${row.email} ${row.message}`}
				emptyText={folder === 'archive' ? m.emptyArchive : m.emptyInbox}
				confirmText={(row) => m.confirmDelete(row.subject)}
				defaultActions={false}
				className="messages-table"
				rowActions={(row) => (
					<>
						<MessageAction
							action={here}
							intent={row.archivedAt ? 'unarchive' : 'archive'}
							id={row.id}
							label={row.archivedAt ? m.unarchiveLabel(row.subject) : m.archiveLabel(row.subject)}
						>
							{row.archivedAt ? m.unarchiveAction : m.archiveAction}
						</MessageAction>{' '}
						<DeleteLink folder={folder} message={row} action={here} />
					</>
				)}
			/>
			{data.total > data.rows.length ? <p className="field__hint">{m.showingFirst(data.rows.length, data.total)}</p> : null}
		</AdminPanel>
	)
}
