import { describe, expect, test } from 'vitest'
import { createAccount } from '#app/features/users/users.server.ts'
import {
	confirmEnrolment,
	disableTwoFactor,
	loadTwoFactorScreen,
	regenerateRecoveryCodes,
	startEnrolment,
	TwoFactorError,
} from '#app/features/users/two-factor.server.ts'
import { getAuth, getAuthSecret, getSessionUser, type SessionUser } from '#app/lib/auth.server.ts'
import { db } from '#app/lib/db.server.ts'
import { checkPassword, createSignedInSession } from '#app/lib/sign-in.server.ts'
import { totpCode } from '#app/lib/totp.server.ts'
import {
	acceptTotp,
	createPendingValue,
	getTwoFactorState,
	isTrustedDevice,
	PENDING_COOKIE,
	readPendingUser,
	rememberDevice,
	TRUSTED_COOKIE,
	spendRecoveryCode,
	verifySecondFactor,
} from '#app/lib/two-factor.server.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'

const ACCOUNT = { email: 'sekreter@example.org', password: 'Genel-Kurul-Tutanagi-2027', fullName: 'Zeynep Işık', isAdmin: true }
const DAY = 86_400_000

async function signedUpUser(): Promise<SessionUser> {
	await createAccount(ACCOUNT)
	const row = await db.selectFrom('users').select(['id', 'email', 'full_name']).where('email', '=', ACCOUNT.email).executeTakeFirstOrThrow()
	return { id: row.id, email: row.email, fullName: row.full_name, isAdmin: true, role: 'admin' }
}

async function secretOf(user: SessionUser) {
	return (await db.selectFrom('two_factor').select('secret').where('user_id', '=', user.id).executeTakeFirstOrThrow()).secret
}

/** An account with 2FA on (confirmed with the current code) and its ten recovery codes. */
async function enrolled() {
	const user = await signedUpUser()
	await startEnrolment(user)
	const secret = await secretOf(user)
	const codes = await confirmEnrolment(user, totpCode(secret))
	return { user, secret, codes }
}

/** A code for the step `steps` away from now: never the current one, so it cannot collide with the enrolment's. */
const codeAt = (secret: string, ms: number) => totpCode(secret, ms)

for (const dialect of dialectsUnderTest()) {
	describe(`two-factor sign-in on ${dialect}`, () => {
		test('enrolment: a pending secret, confirmed by a code from it, then ten recovery codes once; audit entries', async () => {
			await withDatabase(dialect, async () => {
				const user = await signedUpUser()
				expect(await getTwoFactorState(user.id)).toEqual({ enabled: false, pendingSecret: null })
				await startEnrolment(user)
				const screen = await loadTwoFactorScreen(user)
				expect(screen.enrolment?.uri).toMatch(/^otpauth:\/\/totp\/.+:sekreter%40example\.org\?secret=[A-Z2-7]{32}&issuer=/)
				expect(screen.enrolment?.qrSvg).toMatch(/^<svg width="208" height="208" aria-hidden="true"/)
				const secret = await secretOf(user)
				expect(screen.enrolment?.groupedSecret.replace(/ /g, '')).toBe(secret)
				await expect(confirmEnrolment(user, '000000' === totpCode(secret) ? '111111' : '000000')).rejects.toThrow(TwoFactorError)
				expect((await getTwoFactorState(user.id)).enabled).toBe(false)
				const codes = await confirmEnrolment(user, totpCode(secret))
				expect(codes).toHaveLength(10)
				expect(new Set(codes).size).toBe(10)
				for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/)
				const stored = await db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', user.id).execute()
				expect(stored).toHaveLength(10)
				// Only hashes: no stored value holds a code.
				for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code.replace('-', ''))
				expect(await getTwoFactorState(user.id)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 })
				await expect(startEnrolment(user)).rejects.toThrow('already-on')
				const audit = await db.selectFrom('audit_log').select(['kind', 'action', 'item_id']).orderBy('id').execute()
				expect(audit).toEqual([{ kind: 'account', action: 'two-factor-enabled', item_id: user.id }])
			})
		})

		test('a code is refused a second time inside its window, and so is any code of an earlier step', async () => {
			await withDatabase(dialect, async () => {
				const { user, secret } = await enrolled()
				const now = Date.now() + 60_000
				const code = codeAt(secret, now)
				expect(await acceptTotp(user.id, code, { nowMs: now })).toBe(true)
				expect(await acceptTotp(user.id, code, { nowMs: now })).toBe(false)
				expect(await acceptTotp(user.id, code, { nowMs: now + 10_000 })).toBe(false)
				// The code of the step before is still within the drift window, but older than the one used: refused.
				expect(await acceptTotp(user.id, codeAt(secret, now - 30_000), { nowMs: now })).toBe(false)
				// Two requests racing with the same fresh code: exactly one passes.
				const next = codeAt(secret, now + 30_000)
				const raced = await Promise.all([
					acceptTotp(user.id, next, { nowMs: now + 30_000 }),
					acceptTotp(user.id, next, { nowMs: now + 30_000 }),
				])
				expect(raced.filter(Boolean)).toHaveLength(1)
				expect((await verifySecondFactor(user.id, next, now + 30_000)).ok).toBe(false)
			})
		})

		test('a wrong code is refused; ±1 step of clock drift is accepted, ±2 is not', async () => {
			await withDatabase(dialect, async () => {
				const { user, secret } = await enrolled()
				const now = Date.now() + 10 * 60_000
				const right = codeAt(secret, now)
				const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0')
				expect((await verifySecondFactor(user.id, wrong, now)).ok).toBe(false)
				expect((await verifySecondFactor(user.id, 'abc', now)).ok).toBe(false)
				// Two steps behind or ahead: refused.
				expect(await acceptTotp(user.id, codeAt(secret, now - 60_000), { nowMs: now })).toBe(false)
				expect(await acceptTotp(user.id, codeAt(secret, now + 60_000), { nowMs: now })).toBe(false)
				// One step behind (a slow phone) and, later, one step ahead (a fast one): accepted.
				expect(await acceptTotp(user.id, codeAt(secret, now - 30_000), { nowMs: now })).toBe(true)
				expect(await verifySecondFactor(user.id, codeAt(secret, now + 30_000), now)).toEqual({ ok: true, method: 'totp' })
			})
		})

		test('a recovery code works once, typed in any case, with or without its dash; renewing makes the old ones useless', async () => {
			await withDatabase(dialect, async () => {
				const { user, secret, codes } = await enrolled()
				const [first = '', second = '', third = ''] = codes
				expect(await verifySecondFactor(user.id, first)).toEqual({ ok: true, method: 'recovery' })
				expect(await verifySecondFactor(user.id, first)).toEqual({ ok: false })
				expect(await spendRecoveryCode(user.id, second.toUpperCase().replace('-', ' '))).toBe(true)
				expect(await spendRecoveryCode(user.id, second)).toBe(false)
				expect(await getTwoFactorState(user.id)).toMatchObject({ recoveryCodesLeft: 8 })
				const fresh = await regenerateRecoveryCodes(user, ACCOUNT.password)
				expect(await spendRecoveryCode(user.id, third)).toBe(false)
				expect(await spendRecoveryCode(user.id, fresh[0] ?? '')).toBe(true)
				await expect(regenerateRecoveryCodes(user, 'yanlis-sifre-bu')).rejects.toThrow('wrong')
				// Another account's code is not this one's.
				const other = await db.selectFrom('recovery_codes').select('user_id').where('user_id', '!=', user.id).execute()
				expect(other).toEqual([])
				expect(secret).toMatch(/^[A-Z2-7]{32}$/)
			})
		})

		test('a remembered browser skips the code for 30 days, not after, and not after a password or 2FA change', async () => {
			await withDatabase(dialect, async () => {
				const { user, secret } = await enrolled()
				const token = await rememberDevice(user.id, 'Firefox')
				expect(token).toMatch(/^[\w-]{43}$/)
				const cookie = `other=1; ${TRUSTED_COOKIE}=${token}`
				expect(await isTrustedDevice(user.id, cookie)).toBe(true)
				expect(await isTrustedDevice(user.id, cookie, Date.now() + 29 * DAY)).toBe(true)
				expect(await isTrustedDevice(user.id, cookie, Date.now() + 31 * DAY)).toBe(false)
				expect(await isTrustedDevice(user.id, `${TRUSTED_COOKIE}=${'x'.repeat(43)}`)).toBe(false)
				const stored = await db.selectFrom('trusted_devices').select('token_hash').execute()
				expect(JSON.stringify(stored)).not.toContain(token)

				// The password changes (as better-auth stores it): every remembered browser ends.
				const ctx = await (await getAuth()).$context
				await db
					.updateTable('accounts')
					.set({ password: await ctx.password.hash('Yeni-Sifre-Genel-Kurul-2028') })
					.where('user_id', '=', user.id)
					.execute()
				expect(await isTrustedDevice(user.id, cookie)).toBe(false)

				const again = await rememberDevice(user.id, 'Firefox')
				expect(await isTrustedDevice(user.id, `${TRUSTED_COOKIE}=${again}`)).toBe(true)
				await disableTwoFactor(user, totpCode(secret, Date.now() + 30_000))
				expect(await isTrustedDevice(user.id, `${TRUSTED_COOKIE}=${again}`)).toBe(false)
				expect(await getTwoFactorState(user.id)).toEqual({ enabled: false, pendingSecret: null })
				expect(await db.selectFrom('recovery_codes').selectAll().execute()).toEqual([])
			})
		})

		test('the pending second-step cookie cannot be forged, and is worthless after five minutes', async () => {
			await withDatabase(dialect, async () => {
				const user = await signedUpUser()
				const secret = await getAuthSecret()
				const now = Date.now()
				const value = createPendingValue(secret, user.id, now)
				const header = `${PENDING_COOKIE}=${value}`
				expect(readPendingUser(header, secret, now)).toBe(user.id)
				expect(readPendingUser(header, secret, now + 4 * 60_000)).toBe(user.id)
				expect(readPendingUser(header, secret, now + 5 * 60_000 + 1000)).toBeNull()
				expect(readPendingUser(header, 'another-secret', now)).toBeNull()
				const [, expires, signature] = value.split('.')
				const forgedUser = `${PENDING_COOKIE}=${Buffer.from('someone-else').toString('base64url')}.${expires}.${signature}`
				expect(readPendingUser(forgedUser, secret, now)).toBeNull()
				const longer = `${PENDING_COOKIE}=${value.split('.')[0]}.${Number(expires) + 3600}.${signature}`
				expect(readPendingUser(longer, secret, now)).toBeNull()
				expect(readPendingUser(null, secret, now)).toBeNull()
			})
		})

		test('the password check: wrong or unknown refused, a disabled account marked; the session created after it signs in', async () => {
			await withDatabase(dialect, async () => {
				const user = await signedUpUser()
				expect(await checkPassword(ACCOUNT.email, 'Yanlis-Sifre-2027-Kurul')).toBeNull()
				expect(await checkPassword('kimse@example.org', ACCOUNT.password)).toBeNull()
				expect(await checkPassword(ACCOUNT.email.toUpperCase(), ACCOUNT.password)).toEqual({
					userId: user.id,
					email: ACCOUNT.email,
					disabled: false,
				})
				const cookies = await createSignedInSession(user.id, { ip: '203.0.113.7', userAgent: 'Vitest' })
				expect(cookies[0]).toMatch(/^nds\.session_token=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/)
				const request = new Request('http://site.test/admin', { headers: { cookie: cookies[0]?.split(';')[0] ?? '' } })
				expect((await getSessionUser(request)).user).toMatchObject({ id: user.id, email: ACCOUNT.email, isAdmin: true })
				const session = await db.selectFrom('sessions').select(['ip_address', 'user_agent']).executeTakeFirstOrThrow()
				expect(session).toEqual({ ip_address: '203.0.113.7', user_agent: 'Vitest' })
				const tampered = new Request('http://site.test/admin', {
					headers: { cookie: (cookies[0]?.split(';')[0] ?? '').replace(/%2E|\./, 'x') },
				})
				expect((await getSessionUser(tampered)).user).toBeNull()

				await db.updateTable('users').set({ disabled_at: new Date().toISOString() }).where('id', '=', user.id).execute()
				expect(await checkPassword(ACCOUNT.email, ACCOUNT.password)).toMatchObject({ disabled: true })
			})
		})
	})
}
