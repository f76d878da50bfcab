import crypto from 'node:crypto'
import { hashToken } from '#app/lib/token-hash.server.ts'
import { z } from 'zod'
import { recordAudit } from '#app/lib/audit.server.ts'
import { db } from '#app/lib/db.server.ts'
import type { UserRole } from '#app/lib/db-types.ts'
import { toIso } from '#app/lib/db-utils.server.ts'
import { msg } from '#app/lib/messages.ts'
import { AccountRefusal } from './accounts.server.ts'
import { passwordProblem } from './password-policy.server.ts'
import { createAccount, UserError } from './users.server.ts'

/**
 * Invitations to the admin area: a yönetici (or the CLI) invites a person
 * with an e-mail, a name and a role; the person opens `/davet?token=…`,
 * chooses a password, and the account is created with the invited role.
 * The link is single-use and valid 48 hours; only its SHA-256 is stored.
 * Resending gives a new link (the old one stops working) valid 48 hours
 * from then; revoking deletes the invitation.
 */
export const INVITATION_TTL_MS = 48 * 60 * 60 * 1000

export type InvitationRow = {
	id: number
	email: string
	fullName: string
	role: UserRole
	expiresAt: string
	/** Past its 48 hours (it can still be resent). */
	expired: boolean
	createdAt: string
}

export const InviteFormSchema = z.object({
	email: z
		.string()
		.trim()
		.toLowerCase()
		.max(254, msg.users.emailInvalid)
		.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, msg.users.emailInvalid),
	full_name: z.string().trim().min(1, msg.users.fullNameRequired).max(200, msg.users.fullNameTooLong),
	role: z.enum(['admin', 'editor'], { message: msg.users.chooseRole }),
})

export type InviteInput = z.infer<typeof InviteFormSchema>

/** A refused invitation: Turkish messages by field. */
export class InvitationFieldError extends AccountRefusal {
	override name = 'InvitationFieldError'
	readonly fieldErrors: Record<string, string>
	constructor(fieldErrors: Record<string, string>) {
		super(Object.values(fieldErrors)[0] ?? msg.users.emailInvalid)
		this.fieldErrors = fieldErrors
	}
}

export { hashToken }

function newToken() {
	const token = crypto.randomBytes(32).toString('base64url')
	return { token, hash: hashToken(token) }
}

/** The address a person opens: `<origin>/davet?token=…`. */
export function invitationUrl(origin: string, token: string) {
	return `${origin.replace(/\/+$/, '')}/davet?token=${encodeURIComponent(token)}`
}

async function accountExists(email: string) {
	return Boolean(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())
}

/** Creates an invitation; the raw token is returned once (for the link) and never stored. */
export async function createInvitation(
	input: { email: string; fullName: string; role: string },
	options: { invitedBy: string | null; now?: Date },
): Promise<{ id: number; email: string; fullName: string; role: UserRole; token: string; expiresAt: string }> {
	const parsed = InviteFormSchema.safeParse({ email: input.email, full_name: input.fullName, role: input.role })
	if (!parsed.success) {
		const errors: Record<string, string> = {}
		for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message
		throw new InvitationFieldError(errors)
	}
	const { email, full_name: fullName, role } = parsed.data
	if (await accountExists(email)) throw new InvitationFieldError({ email: msg.users.emailTaken })
	const now = options.now ?? new Date()
	const { token, hash } = newToken()
	const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS).toISOString()
	return db.transaction().execute(async (trx) => {
		const pending = await trx
			.selectFrom('invitations')
			.select('id')
			.where('email', '=', email)
			.where('accepted_at', 'is', null)
			.executeTakeFirst()
		if (pending) throw new InvitationFieldError({ email: msg.users.alreadyInvited })
		const row = await trx
			.insertInto('invitations')
			.values({
				email,
				full_name: fullName,
				role,
				token_hash: hash,
				expires_at: expiresAt,
				invited_by_user_id: options.invitedBy,
				created_at: now.toISOString(),
			})
			.returning('id')
			.executeTakeFirstOrThrow()
		await recordAudit(
			{ kind: 'account', action: 'invite', itemKind: 'invitations', itemId: row.id, itemTitle: email, summary: roleLabel(role) },
			trx,
		)
		return { id: row.id, email, fullName, role, token, expiresAt }
	})
}

function roleLabel(role: UserRole) {
	return role === 'editor' ? msg.users.roleEditor : msg.users.roleAdmin
}

/** A new link for a pending invitation, valid 48 hours from now; the old link stops working. */
export async function resendInvitation(id: number, now: Date = new Date()) {
	const { token, hash } = newToken()
	const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS).toISOString()
	return db.transaction().execute(async (trx) => {
		const row = await trx
			.updateTable('invitations')
			.set({ token_hash: hash, expires_at: expiresAt })
			.where('id', '=', id)
			.where('accepted_at', 'is', null)
			.returning(['id', 'email', 'full_name', 'role'])
			.executeTakeFirst()
		if (!row) throw new AccountRefusal(msg.users.noSuchInvitation)
		await recordAudit(
			{
				kind: 'account',
				action: 'invite-resent',
				itemKind: 'invitations',
				itemId: row.id,
				itemTitle: row.email,
				summary: roleLabel(row.role),
			},
			trx,
		)
		return { id: row.id, email: row.email, fullName: row.full_name, role: row.role, token, expiresAt }
	})
}

/** Deletes a pending invitation: its link stops working. */
export async function revokeInvitation(id: number) {
	const row = await db
		.deleteFrom('invitations')
		.where('id', '=', id)
		.where('accepted_at', 'is', null)
		.returning(['email'])
		.executeTakeFirst()
	if (!row) throw new AccountRefusal(msg.users.noSuchInvitation)
	return { email: row.email }
}

/** Invitations not yet accepted (expired ones too, so they can be resent), newest first. */
export async function listPendingInvitations(now: Date = new Date()): Promise<Array<InvitationRow>> {
	const rows = await db
		.selectFrom('invitations')
		.select(['id', 'email', 'full_name', 'role', 'expires_at', 'created_at'])
		.where('accepted_at', 'is', null)
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.execute()
	return rows.map((row) => ({
		id: row.id,
		email: row.email,
		fullName: row.full_name,
		role: row.role === 'editor' ? 'editor' : 'admin',
		expiresAt: toIso(row.expires_at) ?? '',
		expired: !(new Date(toIso(row.expires_at) ?? 0).getTime() > now.getTime()),
		createdAt: toIso(row.created_at) ?? '',
	}))
}

export type InvitationState =
	{ state: 'valid'; email: string; fullName: string; role: UserRole; expiresAt: string } | { state: 'expired' | 'used' | 'unknown' }

/** What a link's token opens: a valid invitation, or why not. */
export async function readInvitation(token: string | null | undefined, now: Date = new Date()): Promise<InvitationState> {
	if (!token || token.length > 200) return { state: 'unknown' }
	const row = await db
		.selectFrom('invitations')
		.select(['email', 'full_name', 'role', 'expires_at', 'accepted_at'])
		.where('token_hash', '=', hashToken(token))
		.executeTakeFirst()
	if (!row) return { state: 'unknown' }
	if (row.accepted_at) return { state: 'used' }
	const expiresAt = toIso(row.expires_at) ?? ''
	if (!(new Date(expiresAt).getTime() > now.getTime())) return { state: 'expired' }
	return { state: 'valid', email: row.email, fullName: row.full_name, role: row.role === 'editor' ? 'editor' : 'admin', expiresAt }
}

export type AcceptResult =
	| { ok: true; email: string; userId: string }
	| { ok: false; state?: 'expired' | 'used' | 'unknown'; errors: { password?: string; password_repeat?: string }; formError?: string }

/**
 * Accepts an invitation with the chosen password: the password is checked
 * first (a refused one changes nothing), then the invitation is claimed by
 * a conditional update (one request wins, the link is used up), then the
 * account is created with the invited role; if that fails the claim is
 * given back.
 */
export async function acceptInvitation(
	token: string | null | undefined,
	password: string,
	repeat: string,
	context: { ip?: string | null; userAgent?: string | null; now?: Date } = {},
): Promise<AcceptResult> {
	const now = context.now ?? new Date()
	const found = await readInvitation(token, now)
	if (found.state !== 'valid') return { ok: false, state: found.state, errors: {} }
	const weak = await passwordProblem(password, [found.email, found.fullName])
	if (weak) return { ok: false, errors: { password: weak } }
	if (password !== repeat) return { ok: false, errors: { password_repeat: msg.users.passwordMismatch } }
	if (await accountExists(found.email)) return { ok: false, errors: {}, formError: msg.users.accountExists }

	const hash = hashToken(token ?? '')
	const claimed = await db
		.updateTable('invitations')
		.set({ accepted_at: now.toISOString() })
		.where('token_hash', '=', hash)
		.where('accepted_at', 'is', null)
		.where('expires_at', '>', now.toISOString())
		.returning(['id'])
		.executeTakeFirst()
	if (!claimed) {
		const again = await readInvitation(token, now)
		return { ok: false, state: again.state === 'valid' ? 'used' : again.state, errors: {} }
	}
	let created: { id: string; email: string }
	try {
		created = await createAccount({ email: found.email, password, fullName: found.fullName, isAdmin: true, role: found.role })
	} catch (error) {
		await db.updateTable('invitations').set({ accepted_at: null }).where('id', '=', claimed.id).execute()
		if (error instanceof UserError && /already exists/.test(error.message))
			return { ok: false, errors: {}, formError: msg.users.accountExists }
		if (error instanceof UserError) return { ok: false, errors: { password: error.message } }
		throw error
	}
	await recordAudit({
		kind: 'account',
		action: 'invite-accepted',
		itemKind: 'users',
		itemId: created.id,
		itemTitle: created.email,
		summary: roleLabel(found.role),
		actor: { userId: created.id, email: created.email, ip: context.ip ?? null, userAgent: context.userAgent ?? null },
	})
	return { ok: true, email: created.email, userId: created.id }
}
