import crypto from 'node:crypto'
import { hashToken } from '#app/lib/token-hash.server.ts'
import { getSettings } from '#app/features/settings/settings.server.ts'
import { recordAudit } from '#app/lib/audit.server.ts'
import { db } from '#app/lib/db.server.ts'
import { toIso } from '#app/lib/db-utils.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { mailLayout, sendMail } from '#app/lib/mail.server.ts'
import { msg } from '#app/lib/messages.ts'
import { accountDigest, claimAttempt, type LockoutRule } from '#app/lib/rate-limit.server.ts'
import { passwordProblem } from './password-policy.server.ts'
import { setPassword } from './users.server.ts'

/**
 * "Şifremi unuttum": a single-use link valid 30 minutes, e-mailed to the
 * account's address.
 *
 * - Only the SHA-256 of the link's token is stored (password_resets).
 * - No account enumeration: /sifremi-unuttum answers the same, at once,
 *   whatever the address; the look-up and the mail happen after the answer
 *   (`requestPasswordReset` only schedules them).
 * - Rate-limited per address (quietly: the same answer, no mail) and per
 *   client address (a 429 with a Turkish message), on the sign-in limiter's
 *   storage (login_failures).
 * - Using a link sets the password, ends every session of the account,
 *   lifts its sign-in lock (setPassword) and voids its other links.
 */
export const RESET_VALIDITY_MS = 30 * 60_000
export const RESET_PATH = '/sifre-yenile'
export const FORGOT_PATH = '/sifremi-unuttum'

const MINUTE_MS = 60_000
/** Documented in the README: 3 links per address and 10 requests per client address an hour, then a pause. */
export const RESET_LIMITS = {
	address: { threshold: 3, firstLockMs: 15 * MINUTE_MS, maxLockMs: 60 * MINUTE_MS, forgetAfterMs: 60 * MINUTE_MS },
	ip: { threshold: 10, firstLockMs: 15 * MINUTE_MS, maxLockMs: 60 * MINUTE_MS, forgetAfterMs: 60 * MINUTE_MS },
} as const satisfies Record<string, LockoutRule>

export const resetKeys = {
	ip: (ip: string) => `reset:ip:${ip || 'unknown'}`,
	address: (email: string) => `reset:account:${accountDigest(email)}`,
}

export const hashResetToken = hashToken

/** The address shape the form accepts (the same as the account CLI's). */
export function looksLikeEmail(value: string) {
	return value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)
}

type ResetAccount = { id: string; email: string; fullName: string }

/** The account a reset may be sent for: it exists, is not disabled and has a password (or may get one). */
async function resettableAccount(email: string): Promise<ResetAccount | null> {
	const row = await db
		.selectFrom('users')
		.select(['id', 'email', 'full_name', 'disabled_at'])
		.where('email', '=', email.trim().toLowerCase())
		.executeTakeFirst()
	if (!row || row.disabled_at) return null
	return { id: row.id, email: row.email, fullName: row.full_name }
}

/** A new link's token for the account (only its hash is stored). */
export async function issueResetToken(userId: string, requestedIp: string | null, now = Date.now()): Promise<string> {
	const token = crypto.randomBytes(32).toString('base64url')
	await db
		.insertInto('password_resets')
		.values({
			user_id: userId,
			token_hash: hashResetToken(token),
			expires_at: new Date(now + RESET_VALIDITY_MS).toISOString(),
			requested_ip: requestedIp ? requestedIp.slice(0, 100) : null,
			created_at: new Date(now).toISOString(),
		})
		.execute()
	return token
}

export function resetLink(origin: string, token: string) {
	return `${origin.replace(/\/+$/, '')}${RESET_PATH}?token=${encodeURIComponent(token)}`
}

/** The CLI's link for an account (printed, not mailed), or null when there is no such active account. */
export async function createResetLinkFor(email: string, origin: string, now = Date.now()) {
	const account = await resettableAccount(email)
	if (!account) return null
	return {
		email: account.email,
		link: resetLink(origin, await issueResetToken(account.id, null, now)),
		expiresAt: new Date(now + RESET_VALIDITY_MS),
	}
}

/** The per-client-address limit, claimed while answering (a 429 tells a person to wait). */
export async function claimResetRequest(ip: string, now = Date.now()) {
	const claim = await claimAttempt(resetKeys.ip(ip), RESET_LIMITS.ip, now)
	return claim.allowed ? ({ allowed: true } as const) : ({ allowed: false, retryAfterSeconds: claim.retryAfterSeconds } as const)
}

export type ResetRequest = { email: string; ip: string; userAgent: string | null; origin: string }
export type ResetRequestOutcome = 'sent' | 'mail-not-sent' | 'no-account' | 'address-limited'

/** The reset e-mail: Turkish plain text and HTML with the link, its validity and what to do if it was not you. */
export function resetMail(input: { associationName: string; fullName: string; link: string }) {
	return mailLayout({
		associationName: input.associationName,
		greeting: msg.passwordReset.mailGreeting(input.fullName),
		paragraphs: [msg.passwordReset.mailIntro(input.associationName)],
		action: { label: msg.passwordReset.mailAction, url: input.link },
		after: [msg.passwordReset.mailValidity, msg.passwordReset.mailIgnore],
	})
}

/**
 * What happens after the answer: the address's limit, the look-up, a new
 * link and the mail, an audit entry when the account exists.
 */
export async function processResetRequest(input: ResetRequest, now = Date.now()): Promise<ResetRequestOutcome> {
	const email = input.email.trim().toLowerCase()
	const limit = await claimAttempt(resetKeys.address(email), RESET_LIMITS.address, now)
	if (!limit.allowed) return 'address-limited'
	const account = await resettableAccount(email)
	if (!account) return 'no-account'
	const token = await issueResetToken(account.id, input.ip, now)
	const settings = await getSettings()
	const associationName = settings.association.shortName
	const { text, html } = resetMail({ associationName, fullName: account.fullName, link: resetLink(input.origin, token) })
	const { sent } = await sendMail({ to: account.email, subject: msg.passwordReset.mailSubject, text, html, fromName: associationName })
	await recordAudit({
		kind: 'account',
		action: 'password-reset-requested',
		itemKind: 'users',
		itemId: account.id,
		itemTitle: account.email,
		summary: sent ? 'Şifre yenileme bağlantısı e-postayla gönderildi' : 'Şifre yenileme istendi; e-posta gönderilemedi',
		actor: { userId: null, email: account.email, ip: input.ip || null, userAgent: input.userAgent },
	})
	return sent ? 'sent' : 'mail-not-sent'
}

const inFlight = new Set<Promise<unknown>>()

/**
 * Schedules `processResetRequest` after the current answer has been made,
 * so the answer takes as long whether or not the account exists; errors
 * are logged, never shown.
 */
export function requestPasswordReset(input: ResetRequest, now?: number) {
	const work = new Promise<void>((resolve) => {
		setImmediate(() => {
			processResetRequest(input, now)
				.catch((error: unknown) => logger.error({ err: error }, 'password reset request failed'))
				.finally(resolve)
		})
	})
	inFlight.add(work)
	void work.finally(() => inFlight.delete(work))
}

/** Resolves when every scheduled reset request has finished (tests). */
export async function settleResetRequests() {
	while (inFlight.size > 0) await Promise.all(inFlight)
}

export type ResetTokenState =
	{ status: 'valid'; id: number; userId: string; email: string; fullName: string } | { status: 'unknown' | 'expired' | 'used' }

/** What a link's token is worth now, changing nothing. */
export async function inspectResetToken(token: string | null | undefined, now = Date.now()): Promise<ResetTokenState> {
	if (!token || token.length > 200) return { status: 'unknown' }
	const row = await db
		.selectFrom('password_resets')
		.innerJoin('users', 'users.id', 'password_resets.user_id')
		.select([
			'password_resets.id',
			'password_resets.user_id',
			'password_resets.expires_at',
			'password_resets.used_at',
			'users.email',
			'users.full_name',
			'users.disabled_at',
		])
		.where('password_resets.token_hash', '=', hashResetToken(token))
		.executeTakeFirst()
	if (!row || row.disabled_at) return { status: 'unknown' }
	if (row.used_at) return { status: 'used' }
	const expires = Date.parse(toIso(row.expires_at) ?? '')
	if (!Number.isFinite(expires) || expires <= now) return { status: 'expired' }
	return { status: 'valid', id: row.id, userId: row.user_id, email: row.email, fullName: row.full_name }
}

export function tokenProblemMessage(status: 'unknown' | 'expired' | 'used') {
	return status === 'expired'
		? msg.passwordReset.tokenExpired
		: status === 'used'
			? msg.passwordReset.tokenUsed
			: msg.passwordReset.tokenUnknown
}

export type ResetFieldErrors = Partial<Record<'password' | 'repeat', string>>
export type ResetResult =
	| { ok: true; email: string }
	| { ok: false; tokenProblem: 'unknown' | 'expired' | 'used' }
	| { ok: false; tokenProblem?: undefined; fieldErrors: ResetFieldErrors }

/**
 * Sets a new password with a link's token: checked first (mismatch, the
 * password policy) so a refused form changes nothing; then the token is
 * claimed in one statement (a second use finds it used), the password set
 * (every session ends, the sign-in lock lifts), the account's other links
 * voided and the audit entry written.
 */
export async function completePasswordReset(
	input: { token: string; password: string; repeat: string; ip: string; userAgent: string | null },
	now = Date.now(),
): Promise<ResetResult> {
	const state = await inspectResetToken(input.token, now)
	if (state.status !== 'valid') return { ok: false, tokenProblem: state.status }
	const fieldErrors: ResetFieldErrors = {}
	if (!input.password) fieldErrors.password = msg.passwordReset.passwordRequired
	if (!input.repeat) fieldErrors.repeat = msg.passwordReset.repeatRequired
	else if (input.password && input.password !== input.repeat) fieldErrors.repeat = msg.passwordReset.mismatch
	if (!fieldErrors.password) {
		const problem = await passwordProblem(input.password, [state.email, state.fullName])
		if (problem) fieldErrors.password = problem
	}
	if (fieldErrors.password || fieldErrors.repeat) return { ok: false, fieldErrors }

	const usedAt = new Date(now).toISOString()
	const claimed = await db
		.updateTable('password_resets')
		.set({ used_at: usedAt })
		.where('id', '=', state.id)
		.where('used_at', 'is', null)
		.executeTakeFirst()
	if (Number(claimed.numUpdatedRows) !== 1) return { ok: false, tokenProblem: 'used' }
	try {
		await setPassword({ email: state.email, password: input.password })
	} catch (error) {
		// Nothing changed: the link works again.
		await db.updateTable('password_resets').set({ used_at: null }).where('id', '=', state.id).execute()
		throw error
	}
	await db.transaction().execute(async (trx) => {
		await trx
			.updateTable('password_resets')
			.set({ used_at: usedAt })
			.where('user_id', '=', state.userId)
			.where('used_at', 'is', null)
			.execute()
		await recordAudit(
			{
				kind: 'account',
				action: 'password-reset',
				itemKind: 'users',
				itemId: state.userId,
				itemTitle: state.email,
				summary: 'Şifre e-postadaki bağlantıyla yenilendi; tüm oturumlar kapatıldı',
				actor: { userId: state.userId, email: state.email, ip: input.ip || null, userAgent: input.userAgent },
			},
			trx,
		)
	})
	return { ok: true, email: state.email }
}
