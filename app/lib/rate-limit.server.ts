import crypto from 'node:crypto'
import { sql } from 'kysely'
import { db } from './db.server.ts'

/**
 * Fixed-window counters in the database, shared by every worker and
 * instance. One atomic statement per hit, so concurrent attempts cannot all
 * slip past a stale read.
 */
export type Rule = { windowMs: number; max: number }

export type HitResult = { allowed: boolean; count: number; retryAfterSeconds: number }

export async function hit(key: string, rule: Rule, now = Date.now()): Promise<HitResult> {
	const cutoff = now - rule.windowMs
	const row = await db
		.insertInto('rate_limits')
		.values({ id: crypto.randomUUID(), key, count: 1, last_request: now })
		.onConflict((oc) =>
			oc.column('key').doUpdateSet({
				count: sql<number>`case when rate_limits.last_request <= ${cutoff} then 1 else rate_limits.count + 1 end`,
				last_request: sql<number>`case when rate_limits.last_request <= ${cutoff} then ${now} else rate_limits.last_request end`,
			}),
		)
		.returning(['count', 'last_request'])
		.executeTakeFirstOrThrow()
	const count = Number(row.count)
	const windowStart = Number(row.last_request)
	const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000))
	return { allowed: count <= rule.max, count, retryAfterSeconds }
}

export async function reset(key: string) {
	await db.deleteFrom('rate_limits').where('key', '=', key).execute()
}

/**
 * Login limits (documented in the README): per client address and per
 * account, counted on every attempt within a 15-minute window. A successful
 * login clears the account's counter.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000
export const LOGIN_LIMITS = {
	perIp: { windowMs: LOGIN_WINDOW_MS, max: 20 },
	perAccount: { windowMs: LOGIN_WINDOW_MS, max: 5 },
} as const

export function loginKeys(ip: string, email: string) {
	const account = crypto.createHash('sha256').update(email.trim().toLocaleLowerCase('en-US')).digest('hex').slice(0, 32)
	return { ip: `login:ip:${ip || 'unknown'}`, account: `login:account:${account}` }
}
