import { recordAudit } from '#app/lib/audit.server.ts'
import { getAuth, MAX_PASSWORD_LENGTH, SESSION_COOKIE_PREFIX } from '#app/lib/auth.server.ts'
import { db } from '#app/lib/db.server.ts'
import { msg } from '#app/lib/messages.ts'
import { claimAttempt, clearFailures, LOGIN_LOCKOUT, loginKeys, refundAttempt } from '#app/lib/rate-limit.server.ts'
import { passwordProblem } from './password-policy.server.ts'

/**
 * "Hesabım": a signed-in person changes their own password. The current
 * password is required and checked (wrong guesses are limited like
 * sign-ins); a new one must pass the password policy; afterwards every
 * other session of the account ends and this one stays.
 */

const COOKIE_NAME = `${SESSION_COOKIE_PREFIX}.session_token`

/** The session token of a request's cookie (`nds.session_token=<token>.<signature>`), or null. */
export function currentSessionToken(cookieHeader: string | null | undefined): string | null {
	for (const part of (cookieHeader ?? '').split(';')) {
		const [name, ...rest] = part.trim().split('=')
		if (name !== COOKIE_NAME && name !== `__Secure-${COOKIE_NAME}`) continue
		try {
			return decodeURIComponent(rest.join('=')).split('.')[0] || null
		} catch {
			return null
		}
	}
	return null
}

export type PasswordChangeErrors = Partial<Record<'current' | 'password' | 'password_repeat', string>>
export type PasswordChangeResult =
	{ ok: true; endedSessions: number } | { ok: false; status: number; fieldErrors: PasswordChangeErrors; message?: string }

const guessKey = (userId: string) => `password-change:${userId}`

export async function changeOwnPassword(
	user: { id: string; email: string; fullName: string },
	input: { current: string; password: string; repeat: string; sessionToken: string | null },
): Promise<PasswordChangeResult> {
	const fieldErrors: PasswordChangeErrors = {}
	if (!input.current) fieldErrors.current = msg.account.currentRequired
	if (!input.password) fieldErrors.password = msg.passwordReset.passwordRequired
	if (!input.repeat) fieldErrors.password_repeat = msg.passwordReset.repeatRequired
	else if (input.password && input.password !== input.repeat) fieldErrors.password_repeat = msg.passwordReset.mismatch
	if (input.password && !fieldErrors.password) {
		const problem = await passwordProblem(input.password, [user.email, user.fullName])
		if (problem) fieldErrors.password = problem
	}
	if (Object.keys(fieldErrors).length > 0) return { ok: false, status: 400, fieldErrors }

	const claim = await claimAttempt(guessKey(user.id), LOGIN_LOCKOUT.account)
	if (!claim.allowed) {
		return { ok: false, status: 429, fieldErrors: {}, message: msg.account.tooManyAttempts(Math.ceil(claim.retryAfterSeconds / 60)) }
	}
	const auth = await getAuth()
	const ctx = await auth.$context
	const account = await db
		.selectFrom('accounts')
		.select('password')
		.where('user_id', '=', user.id)
		.where('provider_id', '=', 'credential')
		.executeTakeFirst()
	const matches =
		Boolean(account?.password) &&
		input.current.length <= MAX_PASSWORD_LENGTH &&
		(await ctx.password.verify({ hash: account?.password ?? '', password: input.current }))
	if (!matches) return { ok: false, status: 400, fieldErrors: { current: msg.account.currentWrong } }
	await refundAttempt(claim)
	await clearFailures(guessKey(user.id))

	const hash = await ctx.password.hash(input.password)
	const ended = await db.transaction().execute(async (trx) => {
		await trx
			.updateTable('accounts')
			.set({ password: hash, updated_at: new Date().toISOString() })
			.where('user_id', '=', user.id)
			.where('provider_id', '=', 'credential')
			.execute()
		let others = trx.deleteFrom('sessions').where('user_id', '=', user.id)
		if (input.sessionToken) others = others.where('token', '!=', input.sessionToken)
		const result = await others.executeTakeFirst()
		const count = Number(result.numDeletedRows)
		await recordAudit(
			{
				kind: 'account',
				action: 'password-change',
				itemKind: 'users',
				itemId: user.id,
				itemTitle: user.email,
				summary: count > 0 ? `Şifre değiştirildi; diğer ${count} oturum kapatıldı` : 'Şifre değiştirildi',
			},
			trx,
		)
		return count
	})
	// The account's sign-in lock (from unknown browsers) no longer guards the old password.
	await clearFailures(loginKeys.account(user.email))
	return { ok: true, endedSessions: ended }
}
