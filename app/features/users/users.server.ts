import crypto from 'node:crypto'
import { getAuth, getSessionPolicy, isSessionOver } from '#app/lib/auth.server.ts'
import { db } from '#app/lib/db.server.ts'
import { nowIso, toBool, toIso } from '#app/lib/db-utils.server.ts'
import type { UserRole } from '#app/lib/db-types.ts'
import { clearFailures, loginKeys } from '#app/lib/rate-limit.server.ts'
import { passwordProblem } from './password-policy.server.ts'

/**
 * Admin accounts, managed from the command line (scripts/admin.ts): there is
 * no public sign-up. Passwords are hashed by better-auth (scrypt) and must
 * pass the password policy (password-policy.server.ts) wherever they are set.
 */
export class UserError extends Error {
	override name = 'UserError'
}

function normaliseEmail(email: string) {
	const value = email.trim().toLowerCase()
	if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) throw new UserError(`Not an e-mail address: ${JSON.stringify(email)}`)
	return value
}

/** An account as the Kullanıcılar section and `npm run admin -- list` show it. */
export type UserSummary = {
	id: string
	email: string
	fullName: string
	isAdmin: boolean
	role: UserRole
	/** `active` may sign in; `disabled` has users.disabled_at set (its sessions were ended). */
	status: 'active' | 'disabled'
	disabledAt: string | null
	lastSignInAt: string | null
	createdAt: string
	activeSessions: number
}

/** `role` defaults to yönetici (`admin`), as every account made before roles existed. */
export type NewAccount = { email: string; password: string; fullName: string; role?: UserRole }

/**
 * Where a password comes from: typed by a person (checked by the password
 * policy) or made by `randomPassword` (strong by construction; skipping the
 * check keeps zxcvbn out of the server when it creates the demo admin).
 */
export type PasswordSource = 'typed' | 'generated'

async function requireAcceptablePassword(password: string, userInputs: Array<string>, source: PasswordSource) {
	if (source === 'generated') return
	const problem = await passwordProblem(password, userInputs)
	if (problem) throw new UserError(problem)
}

export function createAdmin(account: NewAccount, source: PasswordSource = 'typed') {
	return createAccount({ ...account, isAdmin: true }, source)
}

/** An account; `isAdmin: false` makes a signed-in user who may not use the admin area. */
export async function createAccount(
	{ email, password, fullName, isAdmin, role = 'admin' }: NewAccount & { isAdmin: boolean },
	source: PasswordSource = 'typed',
) {
	const address = normaliseEmail(email)
	const name = fullName.trim()
	if (!name) throw new UserError('A full name is required (--name "Ad Soyad").')
	await requireAcceptablePassword(password, [address, name], source)
	const auth = await getAuth()
	const ctx = await auth.$context
	if (await ctx.internalAdapter.findUserByEmail(address)) throw new UserError(`A user with the e-mail ${address} already exists.`)
	const user = await ctx.internalAdapter.createUser({ email: address, name, emailVerified: true, isAdmin, role }, { method: 'admin' })
	await ctx.internalAdapter.linkAccount({
		providerId: 'credential',
		accountId: user.id,
		userId: user.id,
		password: await ctx.password.hash(password),
	})
	return { id: user.id, email: address }
}

/** A new password ends the user's sessions and lifts the sign-in lock on their unknown browsers. */
export async function setPassword({ email, password }: { email: string; password: string }, source: PasswordSource = 'typed') {
	const address = normaliseEmail(email)
	const auth = await getAuth()
	const ctx = await auth.$context
	const found = await ctx.internalAdapter.findUserByEmail(address, { includeAccounts: true })
	if (!found) throw new UserError(`No user with the e-mail ${address}.`)
	await requireAcceptablePassword(password, [address, found.user.name], source)
	const hash = await ctx.password.hash(password)
	if (found.accounts.some((a) => a.providerId === 'credential')) await ctx.internalAdapter.updatePassword(found.user.id, hash)
	else await ctx.internalAdapter.linkAccount({ providerId: 'credential', accountId: found.user.id, userId: found.user.id, password: hash })
	// A new password ends every session opened with the old one.
	await ctx.internalAdapter.deleteUserSessions(found.user.id)
	await clearFailures(loginKeys.account(address))
}

/** Removes the admin flag and ends the user's sessions at once. */
export async function revokeAdmin(email: string) {
	const address = normaliseEmail(email)
	const user = await db.selectFrom('users').select('id').where('email', '=', address).executeTakeFirst()
	if (!user) throw new UserError(`No user with the e-mail ${address}.`)
	await db.transaction().execute(async (trx) => {
		await trx.updateTable('users').set({ is_admin: false, updated_at: nowIso() }).where('id', '=', user.id).execute()
		await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute()
	})
}

export async function listUsers(): Promise<Array<UserSummary>> {
	const rows = await db
		.selectFrom('users')
		.select(['id', 'email', 'full_name', 'is_admin', 'role', 'disabled_at', 'last_sign_in_at', 'created_at'])
		.orderBy('email')
		.execute()
	const policy = getSessionPolicy()
	const sessions = (
		await db.selectFrom('sessions').select(['user_id', 'created_at', 'updated_at']).where('expires_at', '>', nowIso()).execute()
	).filter((s) => !isSessionOver({ createdAt: s.created_at, updatedAt: s.updated_at }, policy))
	return rows.map((row) => ({
		id: row.id,
		email: row.email,
		fullName: row.full_name,
		isAdmin: toBool(row.is_admin),
		role: row.role === 'editor' ? 'editor' : 'admin',
		status: row.disabled_at ? 'disabled' : 'active',
		disabledAt: toIso(row.disabled_at),
		lastSignInAt: toIso(row.last_sign_in_at),
		createdAt: toIso(row.created_at) ?? String(row.created_at),
		activeSessions: sessions.filter((s) => s.user_id === row.id).length,
	}))
}

/** Whether an active yönetici exists (admin area, role `admin`, not disabled): editors and disabled accounts do not count. */
export async function hasAnyAdmin() {
	const row = await db
		.selectFrom('users')
		.select('id')
		.where('is_admin', '=', true)
		.where('role', '=', 'admin')
		.where('disabled_at', 'is', null)
		.limit(1)
		.executeTakeFirst()
	return Boolean(row)
}

export const DEMO_ADMIN = { email: 'yonetici@ornek-dernek.org.tr', fullName: 'Demo Yönetici' }

/** A random password for the demo admin: 24 characters from 64 (144 bits), far above the policy's bar. */
export function randomPassword() {
	return crypto.randomBytes(18).toString('base64url')
}

/**
 * Spec'd for the demo: when there is no admin yet, one demo admin with a
 * random password, returned so the caller can print it once.
 */
export async function ensureDemoAdmin(): Promise<{ email: string; password: string } | null> {
	if (await hasAnyAdmin()) return null
	const password = randomPassword()
	try {
		await createAdmin({ ...DEMO_ADMIN, password }, 'generated')
	} catch (error) {
		if (error instanceof UserError && /already exists/.test(error.message)) {
			await setPassword({ email: DEMO_ADMIN.email, password }, 'generated')
			await db
				.updateTable('users')
				.set({ is_admin: true, role: 'admin', disabled_at: null, updated_at: nowIso() })
				.where('email', '=', DEMO_ADMIN.email)
				.execute()
		} else {
			throw error
		}
	}
	return { email: DEMO_ADMIN.email, password }
}
