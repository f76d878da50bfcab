import fc from 'fast-check'
import { expect, test } from 'vitest'
import { migrateToLatest } from './migrate.server.ts'
import {
	claimAttempt,
	clearFailures,
	createDeviceCookieValue,
	DEVICE_COOKIE,
	DEVICE_COOKIE_MAX_AGE_SECONDS,
	deviceCookieHeader,
	LOGIN_LOCKOUT,
	lockMs,
	loginKeys,
	readDeviceCookie,
	refundAttempt,
} from './rate-limit.server.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'

test('keys login limits by address, by a hash of the e-mail and by device', () => {
	expect(loginKeys.ip('10.0.0.1')).toBe('login:ip:10.0.0.1')
	expect(loginKeys.ip('')).toBe('login:ip:unknown')
	const account = loginKeys.account(' Ayse@Example.org ')
	expect(account).toMatch(/^login:account:[0-9a-f]{32}$/)
	expect(loginKeys.account('ayse@example.org')).toBe(account)
	expect(account).not.toContain('ayse')
	expect(loginKeys.device('abc')).toBe('login:device:abc')
})

test('locks from the threshold on, doubling each time up to the cap (property)', () => {
	const rule = fc.record({
		threshold: fc.integer({ min: 1, max: 30 }),
		firstLockMs: fc.integer({ min: 1, max: 3_600_000 }),
		maxLockMs: fc.integer({ min: 1, max: 86_400_000 }),
		forgetAfterMs: fc.constant(86_400_000),
	})
	fc.assert(
		fc.property(rule, fc.integer({ min: 0, max: 200 }), (r, failures) => {
			const ms = lockMs(failures, r)
			expect(ms).toBe(failures < r.threshold ? 0 : Math.min(r.maxLockMs, r.firstLockMs * 2 ** (failures - r.threshold)))
			expect(lockMs(failures + 1, r)).toBeGreaterThanOrEqual(ms)
			expect(ms).toBeLessThanOrEqual(Math.max(r.maxLockMs, 0))
		}),
		{ numRuns: 500 },
	)
	expect([5, 6, 7, 8, 9, 10, 11].map((n) => lockMs(n, LOGIN_LOCKOUT.account) / 60_000)).toEqual([1, 2, 4, 8, 16, 30, 30])
	expect(lockMs(4, LOGIN_LOCKOUT.account)).toBe(0)
	expect(lockMs(19, LOGIN_LOCKOUT.ip)).toBe(0)
	expect(lockMs(20, LOGIN_LOCKOUT.ip)).toBe(60_000)
})

for (const dialect of dialectsUnderTest()) {
	test(`claims attempts, locks with growing delays, refunds successes and forgets after a day (${dialect})`, async () => {
		const tdb = await createTestDatabase(dialect)
		try {
			await migrateToLatest(tdb.handle.db)
			const rule = { threshold: 3, firstLockMs: 60_000, maxLockMs: 240_000, forgetAfterMs: 86_400_000 }
			const t0 = 1_800_000_000_000
			const claim = async (at: number, key = 'k') => claimAttempt(key, rule, at)
			expect(await claim(t0)).toEqual({ key: 'k', allowed: true, lockedUntil: 0 })
			expect((await claim(t0 + 1)).allowed).toBe(true)
			expect(await claim(t0 + 2)).toEqual({ key: 'k', allowed: true, lockedUntil: t0 + 2 + 60_000 })
			expect(await claim(t0 + 3)).toEqual({ key: 'k', allowed: false, retryAfterSeconds: 60 })
			expect(await claim(t0 + 30_002)).toEqual({ key: 'k', allowed: false, retryAfterSeconds: 30 })
			expect((await claim(t0 + 30_002, 'other')).allowed).toBe(true)
			const afterFirst = await claim(t0 + 60_002)
			expect(afterFirst).toEqual({ key: 'k', allowed: true, lockedUntil: t0 + 60_002 + 120_000 })
			expect((await claim(t0 + 60_003)).allowed).toBe(false)
			expect(await claim(t0 + 180_002)).toEqual({ key: 'k', allowed: true, lockedUntil: t0 + 180_002 + 240_000 })
			expect(await claim(t0 + 420_002)).toEqual({ key: 'k', allowed: true, lockedUntil: t0 + 420_002 + 240_000 })

			const last = t0 + 660_002
			const granted = await claim(last)
			expect(granted.allowed).toBe(true)
			if (granted.allowed) await refundAttempt(granted)
			expect((await claim(last + 1)).allowed).toBe(true)
			expect(await claim(last + 2 + 86_400_000)).toEqual({ key: 'k', allowed: true, lockedUntil: 0 })

			const s0 = t0 + 10 * 86_400_000
			await claim(s0, 's')
			await claim(s0, 's')
			const third = await claim(s0, 's')
			expect(third).toEqual({ key: 's', allowed: true, lockedUntil: s0 + 60_000 })
			if (third.allowed) await refundAttempt(third)
			const again = await claim(s0 + 1, 's')
			expect(again).toEqual({ key: 's', allowed: true, lockedUntil: s0 + 1 + 60_000 })

			await clearFailures('s')
			expect(await claim(s0 + 2, 's')).toEqual({ key: 's', allowed: true, lockedUntil: 0 })
		} finally {
			await tdb.cleanup()
		}
	})

	test(`lets no more concurrent attempts through than the threshold (${dialect})`, async () => {
		const tdb = await createTestDatabase(dialect)
		try {
			await migrateToLatest(tdb.handle.db)
			const rule = { threshold: 5, firstLockMs: 60_000, maxLockMs: 60_000, forgetAfterMs: 86_400_000 }
			const claims = await Promise.all(Array.from({ length: 25 }, () => claimAttempt('burst', rule, 1_800_000_000_000)))
			expect(claims.filter((c) => c.allowed)).toHaveLength(5)
		} finally {
			await tdb.cleanup()
		}
	})
}

test('accepts a device cookie only unaltered, unexpired, for its account and under its secret (property)', () => {
	const secret = 'a'.repeat(40)
	const now = 1_800_000_000_000
	const value = createDeviceCookieValue(secret, 'Baskan@Example.org', now)
	const header = (v: string) => `nds.session_token=x; ${DEVICE_COOKIE}=${v}; other=1`
	const nonce = readDeviceCookie(header(value), secret, 'baskan@example.org', now)
	expect(nonce).toMatch(/^[\w-]{22}$/)
	expect(deviceCookieHeader(value)).toMatch(/^nds\.device=[\w.-]+; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Lax$/)
	expect(readDeviceCookie(header(value), secret, 'uye@example.org', now)).toBeNull()
	expect(readDeviceCookie(header(value), 'b'.repeat(40), 'baskan@example.org', now)).toBeNull()
	expect(readDeviceCookie(header(value), secret, 'baskan@example.org', now + DEVICE_COOKIE_MAX_AGE_SECONDS * 1000)).toBeNull()
	expect(readDeviceCookie(header(value), secret, 'baskan@example.org', now + DEVICE_COOKIE_MAX_AGE_SECONDS * 1000 - 1000)).toBe(nonce)
	expect(readDeviceCookie(null, secret, 'baskan@example.org', now)).toBeNull()
	fc.assert(
		fc.property(fc.nat({ max: value.length - 1 }), fc.string({ minLength: 1, maxLength: 3 }), (at, insert) => {
			const altered = value.slice(0, at) + insert + value.slice(at + 1)
			// In a Cookie header a value ends at ';' and the spaces around it are not part of it:
			// an edit that only adds those after the value (or a space before it) sends the same cookie.
			fc.pre(altered.split(';')[0]!.trim() !== value)
			expect(readDeviceCookie(header(altered), secret, 'baskan@example.org', now)).toBeNull()
		}),
		{ numRuns: 300 },
	)
})
