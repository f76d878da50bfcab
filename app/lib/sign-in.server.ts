import crypto from 'node:crypto'
import { recordAudit } from './audit.server.ts'
import { getAuth } from './auth.server.ts'
import { db } from './db.server.ts'
import { nowIso } from './db-utils.server.ts'

/**
 * The sign-in steps /giris and /giris/dogrulama are made of, on
 * better-auth's own parts (what its signInEmail does, split in two): the
 * password is checked first, and a session is created only once every step
 * has passed (the second factor, when the account has one).
 */
export type CheckedAccount = { userId: string; email: string; disabled: boolean }

/**
 * The account whose e-mail and password these are, or null. An unknown
 * address costs a password hash too, so the answer takes as long either way.
 */
export async function checkPassword(email: string, password: string): Promise<CheckedAccount | null> {
	const auth = await getAuth()
	const ctx = await auth.$context
	const maxLength = ctx.options.emailAndPassword?.maxPasswordLength ?? 256
	if (password.length > maxLength || !/^[^\s@]+@[^\s@]+$/.test(email)) {
		await ctx.password.hash(password.slice(0, maxLength))
		return null
	}
	const found = await ctx.internalAdapter.findUserByEmail(email.toLowerCase(), { includeAccounts: true })
	const credential = found?.accounts.find((account) => account.providerId === 'credential' && account.accountId === found.user.id)
	if (!found || !credential?.password) {
		await ctx.password.hash(password)
		return null
	}
	if (!(await ctx.password.verify({ hash: credential.password, password }))) return null
	const row = await db.selectFrom('users').select('disabled_at').where('id', '=', found.user.id).executeTakeFirst()
	return { userId: found.user.id, email: found.user.email, disabled: Boolean(row?.disabled_at) }
}

/** Whether `password` is the account's current one (turning 2FA off asks for it). */
export async function verifyAccountPassword(userId: string, password: string) {
	const auth = await getAuth()
	const ctx = await auth.$context
	const account = await db
		.selectFrom('accounts')
		.select('password')
		.where('user_id', '=', userId)
		.where('provider_id', '=', 'credential')
		.executeTakeFirst()
	if (!account?.password || password.length > 256) return false
	return ctx.password.verify({ hash: account.password, password })
}

/** better-call's signed cookie value: `<value>.<base64 HMAC-SHA256>`, URI-encoded (what getSession verifies). */
function signCookieValue(value: string, secret: string) {
	const signature = crypto.createHmac('sha256', secret).update(value).digest('base64')
	return encodeURIComponent(`${value}.${signature}`)
}

/**
 * Creates the session the way better-auth's signInEmail does (a database
 * session through its internal adapter, remembered) and returns its signed
 * session cookie; getSessionUser reads it like any other.
 */
export async function createSignedInSession(userId: string, client: { ip: string; userAgent: string | null }): Promise<Array<string>> {
	const auth = await getAuth()
	const ctx = await auth.$context
	const session = await ctx.internalAdapter.createSession(userId, false, {
		ipAddress: client.ip,
		userAgent: client.userAgent?.slice(0, 300) ?? '',
	})
	if (!session) throw new Error('The session could not be created.')
	const cookie = ctx.authCookies.sessionToken
	const attributes = cookie.attributes
	const parts = [`${cookie.name}=${signCookieValue(session.token, ctx.secret)}`, `Max-Age=${ctx.sessionConfig.expiresIn}`]
	parts.push(`Path=${attributes.path ?? '/'}`)
	if (attributes.httpOnly !== false) parts.push('HttpOnly')
	parts.push('SameSite=Lax')
	return [parts.join('; ')]
}

/** Users › "son giriş": set on every completed sign-in. */
export async function markSignedIn(userId: string) {
	await db.updateTable('users').set({ last_sign_in_at: nowIso() }).where('id', '=', userId).execute()
}

export type SignInClient = { ip: string; userAgent: string | null }

/** The audit actor of a request on /giris, where nobody is signed in yet. */
export function signInActor(client: SignInClient, account: { userId: string | null; email: string | null }) {
	return { userId: account.userId, email: account.email, ip: client.ip || null, userAgent: client.userAgent?.slice(0, 300) ?? null }
}

/**
 * The last step of every sign-in: a session, "son giriş" and the audit
 * entry. Returns the session cookie to set.
 */
export async function completeSignIn(account: { userId: string; email: string }, client: SignInClient, summary: string) {
	const cookies = await createSignedInSession(account.userId, client)
	await markSignedIn(account.userId)
	await recordAudit({
		kind: 'auth',
		action: 'sign-in',
		itemKind: 'users',
		itemId: account.userId,
		itemTitle: account.email,
		summary,
		actor: signInActor(client, account),
	})
	return cookies
}
