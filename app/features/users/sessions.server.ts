import { recordAudit } from '#app/lib/audit.server.ts'
import { getSessionPolicy, isSessionOver, SESSION_COOKIE_PREFIX } from '#app/lib/auth.server.ts'
import { db } from '#app/lib/db.server.ts'
import { nowIso, toIso } from '#app/lib/db-utils.server.ts'
import { msg } from '#app/lib/messages.ts'
import { describeUserAgent } from '#app/lib/user-agent.ts'

/**
 * "Oturumlar": the signed-in account's own sessions (one a browser that
 * signed in), and ending them. Every query names the account, so a session
 * id posted by someone else's form matches nothing.
 */

export type OwnSession = {
	id: string
	/** "Chrome · Windows", or null when the browser said nothing we recognise. */
	browser: string | null
	ip: string | null
	signedInAt: string
	lastSeenAt: string
	/** The session of the request that asked. */
	current: boolean
}

const COOKIE_NAME = `${SESSION_COOKIE_PREFIX}.session_token`

/**
 * The session token in a Cookie header (better-auth's cookie is
 * `nds.session_token=<token>.<signature>`), or null. The signature was
 * checked by the admin guard; here the token only tells which of the
 * account's own sessions is this one.
 */
export function sessionTokenOf(cookieHeader: string | null | undefined): string | null {
	for (const part of (cookieHeader ?? '').split(';')) {
		const [name, ...rest] = part.trim().split('=')
		if (name !== COOKIE_NAME && name !== `__Secure-${COOKIE_NAME}`) continue
		let value = rest.join('=')
		try {
			value = decodeURIComponent(value)
		} catch {
			return null
		}
		const token = value.split('.')[0]
		return token || null
	}
	return null
}

/** A posted session id: better-auth's ids are short letters and digits. */
export function sessionIdOf(value: FormDataEntryValue | null): string | null {
	return typeof value === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(value) ? value : null
}

/** The account's sessions that are still valid (not expired, not idle too long), this one first, then the most recently used. */
export async function listOwnSessions(userId: string, currentToken: string | null): Promise<Array<OwnSession>> {
	const policy = getSessionPolicy()
	const rows = await db
		.selectFrom('sessions')
		.select(['id', 'token', 'ip_address', 'user_agent', 'created_at', 'updated_at'])
		.where('user_id', '=', userId)
		.where('expires_at', '>', nowIso())
		.execute()
	return rows
		.filter((row) => !isSessionOver({ createdAt: row.created_at, updatedAt: row.updated_at }, policy))
		.map((row) => ({
			id: row.id,
			browser: describeUserAgent(row.user_agent),
			ip: row.ip_address || null,
			signedInAt: toIso(row.created_at) ?? '',
			lastSeenAt: toIso(row.updated_at) ?? '',
			current: currentToken !== null && row.token === currentToken,
		}))
		.toSorted((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt))
}

type Account = { id: string; email: string }

/** What a session is called in the audit log: "Chrome · Windows, IP 203.0.113.5". */
function describeSession(row: { user_agent: string | null; ip_address: string | null }) {
	return msg.sessions.auditSession(describeUserAgent(row.user_agent) ?? msg.sessions.unknownBrowser, row.ip_address || null)
}

/**
 * Ends one of the account's own sessions: null when the account has no such
 * session (someone else's id, or one already ended); otherwise whether it
 * was the session of this request (which is then signed out).
 */
export async function endOwnSession(
	account: Account,
	sessionId: string,
	currentToken: string | null,
): Promise<{ wasCurrent: boolean } | null> {
	return db.transaction().execute(async (trx) => {
		const row = await trx
			.selectFrom('sessions')
			.select(['id', 'token', 'ip_address', 'user_agent'])
			.where('id', '=', sessionId)
			.where('user_id', '=', account.id)
			.executeTakeFirst()
		if (!row) return null
		await trx.deleteFrom('sessions').where('id', '=', row.id).where('user_id', '=', account.id).execute()
		const wasCurrent = currentToken !== null && row.token === currentToken
		await recordAudit(
			{
				kind: 'account',
				action: 'session-ended',
				itemKind: 'users',
				itemId: account.id,
				itemTitle: account.email,
				summary: wasCurrent ? msg.sessions.auditEndedCurrent(describeSession(row)) : msg.sessions.auditEnded(describeSession(row)),
			},
			trx,
		)
		return { wasCurrent }
	})
}

/** Ends every session of the account but this request's; how many ended. */
export async function endOtherSessions(account: Account, currentToken: string): Promise<number> {
	return db.transaction().execute(async (trx) => {
		const result = await trx.deleteFrom('sessions').where('user_id', '=', account.id).where('token', '!=', currentToken).executeTakeFirst()
		const ended = Number(result.numDeletedRows)
		if (ended > 0) {
			await recordAudit(
				{
					kind: 'account',
					action: 'sessions-ended',
					itemKind: 'users',
					itemId: account.id,
					itemTitle: account.email,
					summary: msg.sessions.auditEndedOthers(ended),
				},
				trx,
			)
		}
		return ended
	})
}
