import crypto from 'node:crypto'
import { hashToken } from './token-hash.server.ts'
import type { Kysely, Transaction } from 'kysely'
import { db as processDb } from './db.server.ts'
import type { Database } from './db-types.ts'
import { nowIso } from './db-utils.server.ts'
import { matchTotp, safeEqual, totpStep } from './totp.server.ts'

/**
 * Two-factor sign-in on top of totp.server.ts: the per-account secret and
 * its replay guard, single-use recovery codes (SHA-256 only), remembered
 * browsers, the short-lived "password was right" cookie of /giris/dogrulama,
 * and the "required for every admin" setting. The enrolment screens live in
 * app/features/users/two-factor.server.ts.
 */
type Executor = Kysely<Database> | Transaction<Database>

export const RECOVERY_CODE_COUNT = 10
/** The second step must follow the password within this time. */
export const PENDING_MAX_AGE_SECONDS = 5 * 60
/** "Bu cihazı 30 gün hatırla." */
export const TRUSTED_DEVICE_DAYS = 30
export const PENDING_COOKIE = 'nds.2fa_pending'
export const TRUSTED_COOKIE = 'nds.2fa_trusted'

const sha256 = hashToken

// ——— The account's state ———

export type TwoFactorState =
	{ enabled: false; pendingSecret: string | null } | { enabled: true; enabledAt: string; recoveryCodesLeft: number }

export async function getTwoFactorState(userId: string, executor: Executor = processDb): Promise<TwoFactorState> {
	const row = await executor.selectFrom('two_factor').select(['secret', 'enabled_at']).where('user_id', '=', userId).executeTakeFirst()
	if (!row) return { enabled: false, pendingSecret: null }
	if (!row.enabled_at) return { enabled: false, pendingSecret: row.secret }
	const left = await executor
		.selectFrom('recovery_codes')
		.select((eb) => eb.fn.countAll<number | string>().as('n'))
		.where('user_id', '=', userId)
		.where('used_at', 'is', null)
		.executeTakeFirst()
	return { enabled: true, enabledAt: new Date(row.enabled_at).toISOString(), recoveryCodesLeft: Number(left?.n ?? 0) }
}

export async function hasTwoFactor(userId: string, executor: Executor = processDb) {
	const row = await executor
		.selectFrom('two_factor')
		.select('user_id')
		.where('user_id', '=', userId)
		.where('enabled_at', 'is not', null)
		.executeTakeFirst()
	return row !== undefined
}

/**
 * Ayarlar › Güvenlik "Tüm yöneticiler için iki adımlı doğrulama zorunlu",
 * read straight from the settings table (the settings feature writes it;
 * this layer may not import features). Anything unreadable counts as off.
 */
export async function isTwoFactorRequired(executor: Executor = processDb) {
	const row = await executor.selectFrom('settings').select('value').where('key', '=', 'security').executeTakeFirst()
	if (!row) return false
	try {
		const value = JSON.parse(row.value) as { requireTwoFactor?: unknown }
		return value.requireTwoFactor === true
	} catch {
		return false
	}
}

// ——— Codes ———

/**
 * Checks a 6-digit code against the account's secret and records its step
 * in the same statement: a code whose step is not after the last accepted
 * one changes no row and is refused, so two requests racing with one code
 * cannot both pass. `pending` checks the secret of an enrolment awaiting
 * its first code instead of an enabled one.
 */
export async function acceptTotp(
	userId: string,
	code: string,
	options: { pending?: boolean; nowMs?: number; executor?: Executor } = {},
): Promise<boolean> {
	const executor = options.executor ?? processDb
	const row = await executor
		.selectFrom('two_factor')
		.select(['secret', 'enabled_at', 'last_used_step'])
		.where('user_id', '=', userId)
		.executeTakeFirst()
	if (!row || (options.pending ? row.enabled_at !== null : row.enabled_at === null)) return false
	const step = matchTotp(row.secret, code.replace(/\s/g, ''), options.nowMs ?? Date.now())
	if (step === null) return false
	const result = await executor
		.updateTable('two_factor')
		.set({ last_used_step: step })
		.where('user_id', '=', userId)
		.where('secret', '=', row.secret)
		.where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
		.executeTakeFirst()
	return Number(result.numUpdatedRows) === 1
}

/** The step of now, for tests and the enrolment's first accepted code. */
export { totpStep }

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** A recovery code as shown: `xxxxx-xxxxx` from letters and digits that are hard to mistake for one another. */
function newRecoveryCode() {
	let code = ''
	for (const byte of crypto.randomBytes(10)) code += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]
	return `${code.slice(0, 5)}-${code.slice(5)}`
}

/** What is compared: lower case, without spaces and dashes. */
export function normalizeRecoveryCode(code: string) {
	return code.toLowerCase().replace(/[\s-]/g, '')
}

export function looksLikeRecoveryCode(code: string) {
	return /^[a-z0-9]{10}$/.test(normalizeRecoveryCode(code))
}

const hashRecoveryCode = (code: string) => sha256(`recovery-code|${normalizeRecoveryCode(code)}`)

/** Replaces the account's recovery codes with ten new ones, returned once (only their hashes are stored). */
export async function replaceRecoveryCodes(userId: string, executor: Executor = processDb): Promise<Array<string>> {
	const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
	await executor.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
	await executor
		.insertInto('recovery_codes')
		.values(codes.map((code) => ({ user_id: userId, code_hash: hashRecoveryCode(code), created_at: nowIso() })))
		.execute()
	return codes
}

/** Spends a recovery code: true once per code (one statement, so two requests cannot both spend it). */
export async function spendRecoveryCode(userId: string, code: string, executor: Executor = processDb): Promise<boolean> {
	if (!looksLikeRecoveryCode(code)) return false
	const result = await executor
		.updateTable('recovery_codes')
		.set({ used_at: nowIso() })
		.where('user_id', '=', userId)
		.where('code_hash', '=', hashRecoveryCode(code))
		.where('used_at', 'is', null)
		.executeTakeFirst()
	return Number(result.numUpdatedRows) === 1
}

/** Which of `codes` are the account's unused recovery codes (the one-time download checks them). */
export async function unusedRecoveryCodes(userId: string, codes: ReadonlyArray<string>, executor: Executor = processDb) {
	if (codes.length === 0) return []
	const rows = await executor
		.selectFrom('recovery_codes')
		.select('code_hash')
		.where('user_id', '=', userId)
		.where('used_at', 'is', null)
		.execute()
	const hashes = new Set(rows.map((row) => row.code_hash))
	return codes.filter((code) => looksLikeRecoveryCode(code) && hashes.has(hashRecoveryCode(code)))
}

/** The second step's answer: a 6-digit code from the app, or a recovery code. */
export async function verifySecondFactor(
	userId: string,
	input: string,
	nowMs = Date.now(),
): Promise<{ ok: true; method: 'totp' | 'recovery' } | { ok: false }> {
	const code = input.trim()
	if (/^\d{3}\s?\d{3}$/.test(code)) return (await acceptTotp(userId, code, { nowMs })) ? { ok: true, method: 'totp' } : { ok: false }
	if (await spendRecoveryCode(userId, code)) return { ok: true, method: 'recovery' }
	return { ok: false }
}

// ——— The pending second step (/giris/dogrulama) ———

function pendingSignature(secret: string, userId: string, expires: string) {
	return crypto.createHmac('sha256', secret).update(`two-factor-pending|${userId}|${expires}`).digest('base64url')
}

/** `<user id, base64url>.<expiry, epoch seconds>.<HMAC>`: names the account whose password was right, for five minutes. */
export function createPendingValue(secret: string, userId: string, nowMs = Date.now()) {
	const expires = String(Math.floor(nowMs / 1000) + PENDING_MAX_AGE_SECONDS)
	return `${Buffer.from(userId).toString('base64url')}.${expires}.${pendingSignature(secret, userId, expires)}`
}

export function pendingCookieHeader(value: string) {
	return `${PENDING_COOKIE}=${value}; Max-Age=${PENDING_MAX_AGE_SECONDS}; Path=/giris; HttpOnly; SameSite=Lax`
}

export const clearPendingCookieHeader = `${PENDING_COOKIE}=; Max-Age=0; Path=/giris; HttpOnly; SameSite=Lax`

export function readCookie(cookieHeader: string | null, name: string) {
	return (
		(cookieHeader ?? '')
			.split(';')
			.map((part) => part.trim())
			.find((part) => part.startsWith(`${name}=`))
			?.slice(name.length + 1) ?? null
	)
}

/** The account a genuine, unexpired pending cookie names; null for anything else. */
export function readPendingUser(cookieHeader: string | null, secret: string, nowMs = Date.now()): string | null {
	const match = /^([\w-]{1,200})\.(\d{1,12})\.([\w-]{43})$/.exec(readCookie(cookieHeader, PENDING_COOKIE) ?? '')
	if (!match) return null
	const [, encodedUser = '', expires = '', signature = ''] = match
	if (Number(expires) * 1000 <= nowMs) return null
	const userId = Buffer.from(encodedUser, 'base64url').toString()
	return safeEqual(pendingSignature(secret, userId, expires), signature) ? userId : null
}

// ——— Remembered browsers ———

/**
 * What a remembered browser's token is hashed with: the account's password
 * hash and 2FA secret, so changing either ends every remembered browser
 * without a single line elsewhere having to remember to.
 */
async function credentialFingerprint(userId: string, executor: Executor) {
	const [account, twoFactor] = await Promise.all([
		executor
			.selectFrom('accounts')
			.select('password')
			.where('user_id', '=', userId)
			.where('provider_id', '=', 'credential')
			.executeTakeFirst(),
		executor.selectFrom('two_factor').select(['secret', 'enabled_at']).where('user_id', '=', userId).executeTakeFirst(),
	])
	if (!twoFactor?.enabled_at) return null
	return sha256(`${account?.password ?? ''}|${twoFactor.secret}`)
}

/** Remembers this browser for 30 days; returns the cookie's value (a random token, stored hashed). */
export async function rememberDevice(userId: string, userAgent: string | null, nowMs = Date.now(), executor: Executor = processDb) {
	const fingerprint = await credentialFingerprint(userId, executor)
	if (!fingerprint) return null
	const token = crypto.randomBytes(32).toString('base64url')
	await executor
		.deleteFrom('trusted_devices')
		.where('user_id', '=', userId)
		.where('expires_at', '<=', new Date(nowMs).toISOString())
		.execute()
	await executor
		.insertInto('trusted_devices')
		.values({
			user_id: userId,
			token_hash: sha256(`trusted-device|${token}|${fingerprint}`),
			user_agent: userAgent?.slice(0, 300) ?? null,
			expires_at: new Date(nowMs + TRUSTED_DEVICE_DAYS * 86_400_000).toISOString(),
			created_at: new Date(nowMs).toISOString(),
		})
		.execute()
	return token
}

export function trustedCookieHeader(token: string) {
	return `${TRUSTED_COOKIE}=${token}; Max-Age=${TRUSTED_DEVICE_DAYS * 86_400}; Path=/giris; HttpOnly; SameSite=Lax`
}

/** Whether the request comes from a browser this account asked to remember, unexpired, with the same password and 2FA secret. */
export async function isTrustedDevice(userId: string, cookieHeader: string | null, nowMs = Date.now(), executor: Executor = processDb) {
	const token = readCookie(cookieHeader, TRUSTED_COOKIE)
	if (!token || !/^[\w-]{43}$/.test(token)) return false
	const fingerprint = await credentialFingerprint(userId, executor)
	if (!fingerprint) return false
	const row = await executor
		.selectFrom('trusted_devices')
		.select('id')
		.where('user_id', '=', userId)
		.where('token_hash', '=', sha256(`trusted-device|${token}|${fingerprint}`))
		.where('expires_at', '>', new Date(nowMs).toISOString())
		.executeTakeFirst()
	return row !== undefined
}

/** Forgets every remembered browser of the account (2FA turned on or off, codes renewed). */
export async function forgetTrustedDevices(userId: string, executor: Executor = processDb) {
	await executor.deleteFrom('trusted_devices').where('user_id', '=', userId).execute()
}
