import crypto from 'node:crypto'
import { sql, type RawBuilder } from 'kysely'
import { db } from './db.server.ts'

/**
 * Sign-in throttling after OWASP's device-cookie scheme
 * (https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies):
 *
 * - a browser that signed in to an account before carries a signed device
 *   cookie for it; its attempts count against that cookie alone, so nobody
 *   else can lock that browser out;
 * - attempts from any other browser count against the account (a lock for
 *   untrusted browsers only) and against the client address.
 *
 * Only failures count. Every attempt is claimed before the password is
 * checked (one atomic statement, so a burst of concurrent guesses cannot all
 * pass a stale read) and a successful one gives its claim back. From the
 * threshold on, each failure locks its key for twice as long as the one
 * before, up to a cap; a key's failures are forgotten a day after its last.
 */
export type LockoutRule = {
	/** Failures allowed before the first lock. */
	threshold: number
	firstLockMs: number
	maxLockMs: number
	forgetAfterMs: number
}

const MINUTE_MS = 60_000
const FORGET_AFTER_MS = 24 * 60 * MINUTE_MS

/** Documented in the README. */
export const LOGIN_LOCKOUT = {
	device: { threshold: 5, firstLockMs: MINUTE_MS, maxLockMs: 30 * MINUTE_MS, forgetAfterMs: FORGET_AFTER_MS },
	account: { threshold: 5, firstLockMs: MINUTE_MS, maxLockMs: 30 * MINUTE_MS, forgetAfterMs: FORGET_AFTER_MS },
	ip: { threshold: 20, firstLockMs: MINUTE_MS, maxLockMs: 30 * MINUTE_MS, forgetAfterMs: FORGET_AFTER_MS },
} as const satisfies Record<string, LockoutRule>

/** How long the nth failure in a row locks its key: nothing below the threshold, then doubling up to the cap. */
export function lockMs(failures: number, rule: LockoutRule) {
	if (failures < rule.threshold) return 0
	const doublings = failures - rule.threshold
	return doublings > 30 ? rule.maxLockMs : Math.min(rule.maxLockMs, rule.firstLockMs * 2 ** doublings)
}

/** The lock a key gets when its failure count becomes `count`, as one SQL expression. */
function lockedUntilSql(count: RawBuilder<number>, rule: LockoutRule, now: number) {
	const steps: Array<RawBuilder<unknown>> = []
	for (let n = rule.threshold; lockMs(n, rule) < rule.maxLockMs; n++) {
		steps.push(sql`when ${count} = ${n} then cast(${now + lockMs(n, rule)} as bigint)`)
	}
	return sql<number>`case when ${count} < ${rule.threshold} then cast(0 as bigint) ${sql.join(steps, sql` `)} else cast(${now + rule.maxLockMs} as bigint) end`
}

export type Claim = { key: string; allowed: true; lockedUntil: number } | { key: string; allowed: false; retryAfterSeconds: number }
export type GrantedClaim = Extract<Claim, { allowed: true }>

/**
 * Counts an attempt as a failure before it is checked, unless the key is
 * locked; a refused claim changes nothing.
 */
export async function claimAttempt(key: string, rule: LockoutRule, now = Date.now()): Promise<Claim> {
	const count = sql<number>`case when login_failures.last_failure <= ${now - rule.forgetAfterMs} then 1 else login_failures.failures + 1 end`
	const row = await db
		.insertInto('login_failures')
		.values({ key, failures: 1, last_failure: now, locked_until: lockMs(1, rule) > 0 ? now + lockMs(1, rule) : 0 })
		.onConflict((oc) =>
			oc
				.column('key')
				.doUpdateSet({ failures: count, last_failure: now, locked_until: lockedUntilSql(count, rule, now) })
				.where('login_failures.locked_until', '<=', now),
		)
		.returning(['locked_until'])
		.executeTakeFirst()
	if (row) return { key, allowed: true, lockedUntil: Number(row.locked_until) }
	const locked = await db.selectFrom('login_failures').select('locked_until').where('key', '=', key).executeTakeFirst()
	const until = Number(locked?.locked_until ?? now)
	return { key, allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) }
}

/** Gives back a claim whose attempt succeeded (or never ran), with the lock it alone caused. */
export async function refundAttempt(claim: GrantedClaim) {
	await db
		.updateTable('login_failures')
		.set({
			failures: sql<number>`case when failures > 0 then failures - 1 else 0 end`,
			locked_until: sql<number>`case when locked_until = ${claim.lockedUntil} then cast(0 as bigint) else locked_until end`,
		})
		.where('key', '=', claim.key)
		.execute()
}

export async function clearFailures(key: string) {
	await db.deleteFrom('login_failures').where('key', '=', key).execute()
}

/** An account's identity in keys and device cookies: a hash of the normalised e-mail, never the address. */
export function accountDigest(email: string) {
	return crypto.createHash('sha256').update(email.trim().toLocaleLowerCase('en-US')).digest('hex').slice(0, 32)
}

export const loginKeys = {
	ip: (ip: string) => `login:ip:${ip || 'unknown'}`,
	account: (email: string) => `login:account:${accountDigest(email)}`,
	device: (nonce: string) => `login:device:${nonce}`,
}

export const DEVICE_COOKIE = 'nds.device'
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60

/** Signs the expiry as written, so `0123` cannot stand in for `123`. */
function deviceSignature(secret: string, email: string, nonce: string, expires: string) {
	return crypto
		.createHmac('sha256', secret)
		.update(`device-cookie|${accountDigest(email)}|${nonce}|${expires}`)
		.digest('base64url')
}

/** A new device cookie value for a browser that just signed in as `email`: nonce, expiry (epoch seconds), HMAC. */
export function createDeviceCookieValue(secret: string, email: string, now = Date.now()) {
	const nonce = crypto.randomBytes(16).toString('base64url')
	const expires = String(Math.floor(now / 1000) + DEVICE_COOKIE_MAX_AGE_SECONDS)
	return `${nonce}.${expires}.${deviceSignature(secret, email, nonce, expires)}`
}

export function deviceCookieHeader(value: string) {
	return `${DEVICE_COOKIE}=${value}; Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}; Path=/; HttpOnly; SameSite=Lax`
}

/**
 * The nonce of the request's device cookie when it is genuine, unexpired and
 * issued for `email`; null otherwise (the browser is then unknown).
 */
export function readDeviceCookie(cookieHeader: string | null, secret: string, email: string, now = Date.now()): string | null {
	const raw = (cookieHeader ?? '')
		.split(';')
		.map((part) => part.trim())
		.find((part) => part.startsWith(`${DEVICE_COOKIE}=`))
		?.slice(DEVICE_COOKIE.length + 1)
	const match = /^([\w-]{22})\.(\d{1,12})\.([\w-]{43})$/.exec(raw ?? '')
	if (!match) return null
	const [, nonce = '', expires = '', signature = ''] = match
	if (Number(expires) * 1000 <= now) return null
	const expected = Buffer.from(deviceSignature(secret, email, nonce, expires))
	const given = Buffer.from(signature)
	return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? nonce : null
}

export type LoginAttempt = { email: string; clientIp: string; device: string | null; claims: Array<GrantedClaim> }
export type LoginClaim = { allowed: true; attempt: LoginAttempt } | { allowed: false; retryAfterSeconds: number }

/**
 * Claims a sign-in attempt before its password is checked: against the
 * browser's device cookie when it carries a valid one for this account,
 * otherwise against the account and the client address. A refusal gives back
 * what it had claimed.
 */
export async function claimLoginAttempt(input: {
	email: string
	clientIp: string
	cookieHeader: string | null
	secret: string
}): Promise<LoginClaim> {
	const device = readDeviceCookie(input.cookieHeader, input.secret, input.email)
	const rules: Array<[string, LockoutRule]> = device
		? [[loginKeys.device(device), LOGIN_LOCKOUT.device]]
		: [
				[loginKeys.account(input.email), LOGIN_LOCKOUT.account],
				[loginKeys.ip(input.clientIp), LOGIN_LOCKOUT.ip],
			]
	const claims: Array<GrantedClaim> = []
	for (const [key, rule] of rules) {
		const claim = await claimAttempt(key, rule)
		if (!claim.allowed) {
			await Promise.all(claims.map(refundAttempt))
			return { allowed: false, retryAfterSeconds: claim.retryAfterSeconds }
		}
		claims.push(claim)
	}
	return { allowed: true, attempt: { email: input.email, clientIp: input.clientIp, device, claims } }
}

/**
 * Settles a claimed attempt. A refused password stays counted; an attempt
 * that could not be checked is given back; a success gives back its claims
 * and forgives the account's failures from unknown browsers (not the
 * address's: any account would do to clear those). Returns the device cookie
 * to set after a success.
 */
export async function settleLoginAttempt(
	attempt: LoginAttempt,
	outcome: 'success' | 'refused' | 'error',
	secret: string,
): Promise<string | null> {
	if (outcome === 'refused') return null
	if (outcome === 'error') {
		await Promise.all(attempt.claims.map(refundAttempt))
		return null
	}
	if (attempt.device) await clearFailures(loginKeys.device(attempt.device))
	else {
		const ipClaims = attempt.claims.filter((claim) => claim.key === loginKeys.ip(attempt.clientIp))
		await Promise.all([clearFailures(loginKeys.account(attempt.email)), ...ipClaims.map(refundAttempt)])
	}
	return deviceCookieHeader(createDeviceCookieValue(secret, attempt.email))
}
