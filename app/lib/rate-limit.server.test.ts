import { expect, test } from 'vitest'
import { migrateToLatest } from './migrate.server.ts'
import { hit, loginKeys, reset } from './rate-limit.server.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'

for (const dialect of dialectsUnderTest()) {
	test(`counts hits per key in a window and starts again after it (${dialect})`, async () => {
		const tdb = await createTestDatabase(dialect)
		try {
			await migrateToLatest(tdb.handle.db)
			const rule = { windowMs: 60_000, max: 3 }
			const t0 = 1_800_000_000_000
			expect(await hit('k', rule, t0)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 60 })
			await hit('k', rule, t0 + 1000)
			expect((await hit('k', rule, t0 + 2000)).allowed).toBe(true)
			expect(await hit('k', rule, t0 + 30_000)).toEqual({ allowed: false, count: 4, retryAfterSeconds: 30 })
			expect((await hit('other', rule, t0 + 30_000)).count).toBe(1)
			expect(await hit('k', rule, t0 + 60_000)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 60 })
			await reset('k')
			expect((await hit('k', rule, t0 + 61_000)).count).toBe(1)
			const concurrent = await Promise.all(Array.from({ length: 10 }, () => hit('burst', rule, t0)))
			expect(concurrent.map((r) => r.count).toSorted((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
			expect(concurrent.filter((r) => r.allowed)).toHaveLength(3)
		} finally {
			await tdb.cleanup()
		}
	})
}

test('keys login limits by address and by a hash of the e-mail', () => {
	const keys = loginKeys('10.0.0.1', ' Ayse@Example.org ')
	expect(keys.ip).toBe('login:ip:10.0.0.1')
	expect(keys.account).toMatch(/^login:account:[0-9a-f]{32}$/)
	expect(loginKeys('', 'ayse@example.org').account).toBe(keys.account)
	expect(keys.account).not.toContain('ayse')
})
