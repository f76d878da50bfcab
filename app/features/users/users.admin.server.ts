import { echoValues, failure, type ActionResult } from '#app/features/admin/admin-result.ts'
import { formId, loadOrError, type AdminContext, type AdminTabServer } from '#app/features/admin/admin-tab.server.ts'
import { getSettings } from '#app/features/settings/settings.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { isMailConfigured, mailLayout, sendMail } from '#app/lib/mail.server.ts'
import { msg } from '#app/lib/messages.ts'
import { isUserError, toUserMessage } from '#app/lib/user-message.server.ts'
import { changeRole, disableAccount, enableAccount, endAccountSessions, ROLE_LABELS } from './accounts.server.ts'
import {
	createInvitation,
	InvitationFieldError,
	invitationUrl,
	listPendingInvitations,
	resendInvitation,
	revokeInvitation,
	type InvitationRow,
} from './invitations.server.ts'
import { listUsers, type UserSummary } from './users.server.ts'

/**
 * Admin "Kullanıcılar" (yönetici only, see ADMIN_SECTIONS): the admin
 * area's accounts and pending invitations. Intents: `invite`, `resend`,
 * `delete` (revokes a pending invitation), `role`, `disable`, `enable`,
 * `end-sessions`.
 */
export type UsersAdminData = {
	users: Array<UserSummary>
	invitations: Array<InvitationRow>
	/** The signed-in yönetici's own id (their row says "(siz)" and asks for confirmation). */
	selfId: string
	mailOn: boolean
	/** The account `?edit=<id>` opens, or null. */
	editing: UserSummary | null
	loadError: string | null
}

/** What a success shows: a line in the page and, when the e-mail could not go, the link once. */
export type UsersNotice = { notice: string } | { notice: string; link: string; linkLabel: string }

export const USER_INTENTS = ['invite', 'resend', 'delete', 'role', 'disable', 'enable', 'end-sessions'] as const

/** The site's address for links in e-mails: PUBLIC_URL, else the address the admin is using. */
function siteOrigin(url: URL) {
	return getEnv().PUBLIC_URL ?? url.origin
}

/** The invitation e-mail (Turkish text and HTML); `{ sent: false }` when e-mail is off or sending failed. */
export async function sendInvitationMail(invitation: { email: string; fullName: string; role: 'admin' | 'editor' }, link: string) {
	if (!isMailConfigured()) return { sent: false }
	const settings = await getSettings()
	const association = settings.association.name
	const body = mailLayout({
		associationName: association,
		greeting: msg.users.mailGreeting(invitation.fullName),
		paragraphs: [msg.users.mailBody(association, ROLE_LABELS[invitation.role])],
		action: { label: msg.users.mailAction, url: link },
		after: [msg.users.mailValidity],
	})
	return sendMail({ to: invitation.email, subject: msg.users.mailSubject(association), ...body, fromName: settings.association.shortName })
}

function text(form: FormData, name: string) {
	const value = form.get(name)
	return typeof value === 'string' ? value : ''
}

/** A refusal written for people, or the generic line with the request id (logged). */
function refusal(ctx: AdminContext, error: unknown, values?: Record<string, string>): ActionResult {
	if (error instanceof InvitationFieldError)
		return failure(400, msg.users.failed + error.message, { fieldErrors: error.fieldErrors, values })
	if (isUserError(error)) return failure(409, msg.users.failed + toUserMessage(error), { values })
	logger.error({ err: error, requestId: ctx.requestId }, 'users admin action failed')
	return failure(500, msg.users.failed + toUserMessage(error, { requestId: ctx.requestId }), { values })
}

async function invitationNotice(
	ctx: AdminContext,
	invitation: { email: string; fullName: string; role: 'admin' | 'editor'; token: string },
	sentText: (email: string) => string,
): Promise<ActionResult> {
	const link = invitationUrl(siteOrigin(ctx.url), invitation.token)
	const { sent } = await sendInvitationMail(invitation, link)
	const view: UsersNotice = sent
		? { notice: sentText(invitation.email) }
		: { notice: msg.users.invitedNoMail(invitation.email), link, linkLabel: msg.users.linkOnce(invitation.email) }
	return { ok: true, view }
}

function userId(form: FormData) {
	const id = text(form, 'user_id').trim()
	return /^[A-Za-z0-9_-]{1,100}$/.test(id) ? id : null
}

export const usersAdmin: AdminTabServer<UsersAdminData> = {
	async load(ctx) {
		const { value, loadError } = await loadOrError(
			ctx,
			msg.users.failed,
			async () => {
				const [users, invitations] = await Promise.all([listUsers(), listPendingInvitations()])
				return { users: users.filter((user) => user.isAdmin), invitations }
			},
			{ users: [], invitations: [] },
		)
		const editId = ctx.url.searchParams.get('edit')
		return {
			...value,
			selfId: ctx.user.id,
			mailOn: isMailConfigured(),
			editing: editId ? (value.users.find((user) => user.id === editId) ?? null) : null,
			loadError,
		}
	},

	async act(intent, form, ctx) {
		const actor = { userId: ctx.user.id, confirmSelf: text(form, 'confirm_self') === 'on' || text(form, 'confirm_self') === '1' }
		try {
			switch (intent) {
				case 'invite': {
					const values = echoValues(form)
					try {
						const invitation = await createInvitation(
							{ email: text(form, 'email'), fullName: text(form, 'full_name'), role: text(form, 'role') },
							{ invitedBy: ctx.user.id },
						)
						return await invitationNotice(ctx, invitation, msg.users.invited)
					} catch (error) {
						return refusal(ctx, error, values)
					}
				}
				case 'resend': {
					const id = formId(form)
					if (id === null) return failure(400, msg.users.failed + msg.users.noSuchInvitation)
					const invitation = await resendInvitation(id)
					return await invitationNotice(ctx, invitation, msg.users.resent)
				}
				case 'delete': {
					const id = formId(form)
					if (id === null) return failure(400, msg.users.failed + msg.users.noSuchInvitation)
					const { email } = await revokeInvitation(id)
					return { ok: true, view: { notice: msg.users.revoked(email) } satisfies UsersNotice }
				}
				case 'role': {
					const id = userId(form)
					const role = text(form, 'role')
					if (!id) return failure(400, msg.users.failed + msg.users.noSuchAccount)
					if (role !== 'admin' && role !== 'editor')
						return failure(400, msg.users.failed + msg.users.chooseRole, { fieldErrors: { role: msg.users.chooseRole } })
					const { email } = await changeRole(id, role, actor)
					return { ok: true, view: { notice: msg.users.roleChanged(email, ROLE_LABELS[role]) } satisfies UsersNotice }
				}
				case 'disable': {
					const id = userId(form)
					if (!id) return failure(400, msg.users.failed + msg.users.noSuchAccount)
					const { email } = await disableAccount(id, actor)
					// Disabling oneself ends one's own session too: off to the sign-in page.
					if (id === ctx.user.id) return { ok: true, location: '/giris' }
					return { ok: true, view: { notice: msg.users.disabled(email) } satisfies UsersNotice }
				}
				case 'enable': {
					const id = userId(form)
					if (!id) return failure(400, msg.users.failed + msg.users.noSuchAccount)
					const { email } = await enableAccount(id)
					return { ok: true, view: { notice: msg.users.enabled(email) } satisfies UsersNotice }
				}
				case 'end-sessions': {
					const id = userId(form)
					if (!id) return failure(400, msg.users.failed + msg.users.noSuchAccount)
					const { email, count } = await endAccountSessions(id, actor)
					return { ok: true, view: { notice: msg.users.sessionsEnded(email, count) } satisfies UsersNotice }
				}
				default:
					return failure(400, msg.admin.unknownIntent(intent.slice(0, 40)))
			}
		} catch (error) {
			return refusal(ctx, error)
		}
	},
}
