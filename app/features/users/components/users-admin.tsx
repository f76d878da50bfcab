import { useId, type ReactNode } from 'react'
import { Form, Link, useNavigate, useNavigation } from 'react-router'
import type { ActionFailure, ActionResult } from '#app/features/admin/admin-result.ts'
import { AdminTable, type Column } from '#app/features/admin/components/admin-table.tsx'
import { AdminPanel } from '#app/features/admin/components/crud.tsx'
import { Dialog } from '#app/features/admin/components/dialog.tsx'
import { Checkbox, FormAlert, SelectInput, TextInput } from '#app/features/admin/components/fields.tsx'
import { sectionHref } from '#app/features/admin/sections.ts'
import type { UserRole } from '#app/lib/db-types.ts'
import { msg } from '#app/lib/messages.ts'
import { formatDateTime } from '#app/lib/tr.ts'
import type { InvitationRow } from '../invitations.server.ts'
import type { UsersAdminData, UsersNotice } from '../users.admin.server.ts'
import type { UserSummary } from '../users.server.ts'
import '#app/styles/admin-status.css'
import '#app/styles/admin-users.css'

const m = msg.users
export const USERS_SECTION = 'kullanicilar'

const ROLE_OPTIONS = [
	{ value: 'editor', label: m.roleEditor },
	{ value: 'admin', label: m.roleAdmin },
]

const roleLabel = (role: UserRole) => (role === 'admin' ? m.roleAdmin : m.roleEditor)

function noticeOf(result: ActionResult | undefined): UsersNotice | null {
	if (!result?.ok || !result.view || typeof result.view !== 'object') return null
	const view = result.view as { notice?: unknown; link?: unknown; linkLabel?: unknown }
	if (typeof view.notice !== 'string') return null
	return typeof view.link === 'string' && typeof view.linkLabel === 'string'
		? { notice: view.notice, link: view.link, linkLabel: view.linkLabel }
		: { notice: view.notice }
}

/** A success line and, when the e-mail could not go, the invitation link shown this once. */
function Notice({ notice }: { notice: UsersNotice | null }) {
	const id = useId()
	if (!notice) return null
	return (
		<div className="users-notice" role="status">
			<p className="admin-panel__status">{notice.notice}</p>
			{'link' in notice ? (
				<div className="field">
					<label htmlFor={id}>{notice.linkLabel}</label>
					<input
						id={id}
						className="users-notice__link"
						type="text"
						readOnly
						value={notice.link}
						data-invitation-link
						onFocus={(event) => event.currentTarget.select()}
					/>
				</div>
			) : null}
		</div>
	)
}

function UserStatus({ status }: { status: UserSummary['status'] }) {
	return status === 'disabled' ? (
		<span className="status-badge status-badge--expired">{m.statusDisabled}</span>
	) : (
		<span className="status-badge status-badge--published">{m.statusActive}</span>
	)
}

function InvitationStatus({ invitation }: { invitation: InvitationRow }) {
	const { expired } = invitation
	return (
		<>
			<span className={`status-badge ${expired ? 'status-badge--expired' : 'status-badge--draft'}`}>
				{expired ? m.statusExpired : m.statusInvited}
			</span>{' '}
			<span className="users-muted">
				{expired ? m.expiredAt(formatDateTime(invitation.expiresAt)) : m.validUntil(formatDateTime(invitation.expiresAt))}
			</span>
		</>
	)
}

/** True while a form posted to `action` is on its way. */
function useBusy(action: string) {
	const navigation = useNavigation()
	if (navigation.state !== 'submitting' || !navigation.formAction) return false
	const target = new URL(navigation.formAction, 'http://x')
	const own = new URL(action, 'http://x')
	return target.pathname === own.pathname && target.search === own.search
}

function InviteForm({ failure }: { failure: ActionFailure | null }) {
	const action = sectionHref(USERS_SECTION)
	const busy = useBusy(action)
	// The invite form's refusal echoes its e-mail field; the manage dialog's forms have none.
	const own = failure?.values?.email !== undefined
	const errors = own ? (failure?.fieldErrors ?? {}) : {}
	const values = own ? (failure?.values ?? {}) : {}
	return (
		<section className="admin-panel__block users-invite" aria-labelledby="users-invite-title">
			<h2 id="users-invite-title">{m.inviteTitle}</h2>
			<p className="admin-intro">{m.inviteIntro}</p>
			<Form method="post" action={action} className="admin-form users-invite__form" noValidate aria-busy={busy || undefined}>
				<input type="hidden" name="intent" value="invite" />
				<TextInput
					label={m.fullName}
					name="full_name"
					autoComplete="off"
					defaultValue={values.full_name ?? ''}
					error={errors.full_name}
					required
				/>
				<TextInput
					label={m.email}
					name="email"
					type="email"
					inputMode="email"
					spellCheck={false}
					autoComplete="off"
					defaultValue={values.email ?? ''}
					error={errors.email}
					required
				/>
				<SelectInput
					label={m.role}
					name="role"
					options={ROLE_OPTIONS}
					defaultValue={values.role ?? 'editor'}
					hint={m.roleHint}
					error={errors.role}
				/>
				<div className="admin-form__actions">
					<button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
						{m.inviteSubmit}
					</button>
				</div>
			</Form>
		</section>
	)
}

function InvitationActions({ invitation }: { invitation: InvitationRow }) {
	const action = sectionHref(USERS_SECTION)
	return (
		<div className="users-row-actions">
			<Form method="post" action={action}>
				<input type="hidden" name="intent" value="resend" />
				<input type="hidden" name="id" value={invitation.id} />
				<button type="submit" className="button button--ghost" aria-label={m.resendLabel(invitation.email)}>
					{m.resend}
				</button>
			</Form>
			<Form
				method="post"
				action={action}
				onSubmit={(event) => {
					if (!window.confirm(m.revokeConfirm(invitation.email))) event.preventDefault()
				}}
			>
				<input type="hidden" name="intent" value="delete" />
				<input type="hidden" name="id" value={invitation.id} />
				<button type="submit" className="button button--danger" aria-label={m.revokeLabel(invitation.email)}>
					{m.revoke}
				</button>
			</Form>
		</div>
	)
}

/** One action of the manage dialog: its own form, posted at the dialog's address so a refusal comes back in it. */
function ManageForm({
	user,
	intent,
	isSelf,
	children,
	submit,
	danger,
}: {
	user: UserSummary
	intent: string
	isSelf: boolean
	children?: ReactNode
	submit: string
	danger?: boolean
}) {
	const action = sectionHref(USERS_SECTION, { edit: user.id })
	const busy = useBusy(action)
	return (
		<Form method="post" action={action} className="users-manage__form" noValidate>
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="user_id" value={user.id} />
			{children}
			{isSelf && intent !== 'enable' ? <Checkbox label={m.confirmSelf} name="confirm_self" hint={m.confirmSelfHint} /> : null}
			<button type="submit" className={`button${danger ? ' button--danger' : ''}`} disabled={busy} aria-busy={busy || undefined}>
				{submit}
			</button>
		</Form>
	)
}

function ManageDialog({
	user,
	isSelf,
	failure,
	notice,
}: {
	user: UserSummary
	isSelf: boolean
	failure: ActionFailure | null
	notice: UsersNotice | null
}) {
	const navigate = useNavigate()
	const close = () => navigate(sectionHref(USERS_SECTION), { replace: true, preventScrollReset: true })
	return (
		<Dialog title={m.manageTitle(user.fullName)} onClose={close} closeHref={sectionHref(USERS_SECTION)}>
			<div className="users-manage">
				<FormAlert failure={failure} />
				<Notice notice={notice} />
				<dl className="users-facts">
					<dt>{m.columnEmail}</dt>
					<dd>{user.email}</dd>
					<dt>{m.columnRole}</dt>
					<dd>{roleLabel(user.role)}</dd>
					<dt>{m.columnStatus}</dt>
					<dd>
						<UserStatus status={user.status} />
					</dd>
					<dt>{m.columnLastSignIn}</dt>
					<dd>{user.lastSignInAt ? formatDateTime(user.lastSignInAt) : m.neverSignedIn}</dd>
				</dl>

				<section className="users-manage__part" aria-labelledby="users-manage-role">
					<h3 id="users-manage-role">{m.changeRole}</h3>
					<ManageForm user={user} intent="role" isSelf={isSelf} submit={m.saveRole}>
						<SelectInput label={m.role} name="role" options={ROLE_OPTIONS} defaultValue={user.role} hint={m.roleHint} />
					</ManageForm>
				</section>

				<section className="users-manage__part" aria-labelledby="users-manage-status">
					<h3 id="users-manage-status">{m.columnStatus}</h3>
					{user.status === 'disabled' ? (
						<ManageForm user={user} intent="enable" isSelf={isSelf} submit={m.enable} />
					) : (
						<ManageForm user={user} intent="disable" isSelf={isSelf} submit={m.disable} danger>
							<p className="field__hint">{m.disableHint}</p>
						</ManageForm>
					)}
				</section>

				{isSelf ? null : (
					<section className="users-manage__part" aria-labelledby="users-manage-sessions">
						<h3 id="users-manage-sessions">{m.endSessions}</h3>
						<ManageForm user={user} intent="end-sessions" isSelf={false} submit={m.endSessions}>
							<p className="field__hint">{m.endSessionsHint(user.activeSessions)}</p>
						</ManageForm>
					</section>
				)}

				<div className="admin-form__actions">
					<a
						className="button button--ghost"
						href={sectionHref(USERS_SECTION)}
						onClick={(event) => {
							event.preventDefault()
							void close()
						}}
					>
						{msg.common.close}
					</a>
				</div>
			</div>
		</Dialog>
	)
}

/**
 * Admin "Kullanıcılar": the admin area's accounts (role, status, last
 * sign-in in Istanbul time, open sessions), a "Yönet" dialog per account
 * (role, disable/enable, end sessions), the invite form and the pending
 * invitations (resend, revoke). Every form is a plain post.
 */
export function UsersAdmin({
	data,
	result,
	failure,
}: {
	data: UsersAdminData
	result: ActionResult | undefined
	failure: ActionFailure | null
}) {
	const notice = noticeOf(result)
	const editing = data.editing
	const userRows = data.users.map((user, index) => ({ ...user, id: index + 1, userId: user.id }))
	type UserRow = (typeof userRows)[number]

	const userColumns: Array<Column<UserRow>> = [
		{
			header: m.columnName,
			cell: (row) => (
				<>
					{row.fullName} {row.userId === data.selfId ? <span className="users-muted">{m.you}</span> : null}
				</>
			),
		},
		{ header: m.columnEmail, cell: (row) => <span className="users-email">{row.email}</span> },
		{ header: m.columnRole, cell: (row) => roleLabel(row.role) },
		{ header: m.columnStatus, cell: (row) => <UserStatus status={row.status} /> },
		{ header: m.columnLastSignIn, cell: (row) => (row.lastSignInAt ? formatDateTime(row.lastSignInAt) : m.neverSignedIn) },
		{ header: m.columnSessions, cell: (row) => String(row.activeSessions) },
	]
	const invitationColumns: Array<Column<InvitationRow>> = [
		{ header: m.columnName, cell: (row) => row.fullName },
		{ header: m.columnEmail, cell: (row) => <span className="users-email">{row.email}</span> },
		{ header: m.columnRole, cell: (row) => roleLabel(row.role) },
		{ header: m.columnStatus, cell: (row) => <InvitationStatus invitation={row} /> },
	]

	return (
		<AdminPanel title={m.title} section={USERS_SECTION} canCreate={false} loadError={data.loadError} failure={editing ? null : failure}>
			<p className="admin-intro">{m.intro}</p>
			{data.mailOn ? null : (
				<p className="users-mail-off" role="note">
					{m.mailOff}
				</p>
			)}
			{editing ? null : <Notice notice={notice} />}

			<AdminTable
				section={USERS_SECTION}
				caption={m.caption}
				columns={userColumns}
				rows={userRows}
				label={(row) => row.fullName}
				searchText={(row) => `${row.fullName} ${row.email}`}
				emptyText={m.empty}
				confirmText={(row) => row.email}
				defaultActions={false}
				rowActions={(row) => (
					<Link
						className="button button--ghost"
						to={sectionHref(USERS_SECTION, { edit: row.userId })}
						preventScrollReset
						data-dialog-trigger={`edit-${row.userId}`}
						aria-label={m.manageLabel(row.fullName)}
					>
						{m.manage}
					</Link>
				)}
			/>

			<InviteForm failure={editing ? null : failure} />

			<section className="admin-panel__block" aria-labelledby="users-invitations-title">
				<h2 id="users-invitations-title">{m.invitationsTitle}</h2>
				<AdminTable
					section={USERS_SECTION}
					caption={m.invitationsCaption}
					columns={invitationColumns}
					rows={data.invitations}
					label={(row) => row.email}
					searchText={(row) => `${row.fullName} ${row.email}`}
					emptyText={m.noInvitations}
					confirmText={(row) => m.revokeConfirm(row.email)}
					defaultActions={false}
					rowActions={(row) => <InvitationActions invitation={row} />}
				/>
			</section>

			{editing ? <ManageDialog user={editing} isSelf={editing.id === data.selfId} failure={failure} notice={notice} /> : null}
		</AdminPanel>
	)
}
