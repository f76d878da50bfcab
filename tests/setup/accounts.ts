import crypto from 'node:crypto'
import { getAuth } from '#app/lib/auth.server.ts'
import { db } from '#app/lib/db.server.ts'

/** Whether `password` is the account's current one, checked with better-auth's own hashing. */
export async function checkPasswordMatches(userId: string, password: string) {
	const row = await db
		.selectFrom('accounts')
		.select('password')
		.where('user_id', '=', userId)
		.where('provider_id', '=', 'credential')
		.executeTakeFirst()
	if (!row?.password) return false
	const ctx = await (await getAuth()).$context
	return ctx.password.verify({ hash: row.password, password })
}

/** A session row for the account, as if a browser had signed in; returns its token. */
export async function insertSession(userId: string) {
	const token = crypto.randomBytes(24).toString('base64url')
	const now = new Date()
	await db
		.insertInto('sessions')
		.values({
			id: crypto.randomBytes(12).toString('hex'),
			token,
			user_id: userId,
			expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
			ip_address: '192.0.2.1',
			user_agent: 'vitest',
			created_at: now.toISOString(),
			updated_at: now.toISOString(),
		})
		.execute()
	return token
}
