import fs from 'node:fs'
import { expect, test } from 'vitest'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import {
	checkSetupCode,
	completeSetup,
	generateSetupCode,
	hasSetupCode,
	normaliseSetupCode,
	prepareSetupCode,
	retireSetupCode,
	setupCodeFile,
} from './setup-code.server.ts'
import { createAdmin, hasAnyAdmin, listUsers } from './users.server.ts'

const PASSWORD = 'kestane pusula lodos kervansaray'

test('makes codes of four groups of four unambiguous characters, read back whatever the case and separators', () => {
	const codes = Array.from({ length: 200 }, generateSetupCode)
	for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}$/)
	expect(new Set(codes).size).toBe(codes.length)
	expect(normaliseSetupCode(' abcd efgh-jkmn_pqrs ')).toBe('ABCDEFGHJKMNPQRS')
})

for (const dialect of dialectsUnderTest()) {
	test(`keeps one setup code per site until the first admin on ${dialect}`, async () => {
		await withDatabase(dialect, async ({ dataDir }) => {
			const start = Date.parse('2026-11-25T09:00:00Z')
			const first = await prepareSetupCode(dataDir, start)
			if (first.state !== 'open' || first.code === null) throw new Error('expected a new code')
			expect(first.fresh).toBe(true)
			expect(fs.statSync(setupCodeFile(dataDir)).mode & 0o777).toBe(0o600)
			expect(fs.readFileSync(setupCodeFile(dataDir), 'utf8').split('\n')[0]).toBe(first.code)
			expect(await checkSetupCode(first.code.toLowerCase().replaceAll('-', ' '))).toBe(true)
			expect(await checkSetupCode(generateSetupCode())).toBe(false)

			const again = await prepareSetupCode(dataDir, start + 3 * 24 * 3600_000)
			expect(again).toMatchObject({ state: 'open', code: first.code, fresh: false })

			fs.rmSync(setupCodeFile(dataDir))
			const foreign = await prepareSetupCode(dataDir, start + 60_000)
			expect(foreign).toMatchObject({ state: 'open', code: null })
			expect(fs.existsSync(setupCodeFile(dataDir))).toBe(false)
			expect(await checkSetupCode(first.code)).toBe(true)

			const renewed = await prepareSetupCode(dataDir, start + 11 * 60_000)
			if (renewed.state !== 'open' || renewed.code === null) throw new Error('expected a new code')
			expect(renewed.code).not.toBe(first.code)
			expect(await checkSetupCode(first.code)).toBe(false)
			expect(await checkSetupCode(renewed.code)).toBe(true)

			await createAdmin({ email: 'baskan@example.org', password: PASSWORD, fullName: 'Ayşe Yılmaz' })
			expect(await prepareSetupCode(dataDir)).toEqual({ state: 'closed' })
			expect(await hasSetupCode()).toBe(false)
			expect(fs.existsSync(setupCodeFile(dataDir))).toBe(false)
		})
	})

	test(`creates exactly one admin from simultaneous claims of the code on ${dialect}`, async () => {
		await withDatabase(dialect, async ({ dataDir }) => {
			const setup = await prepareSetupCode(dataDir)
			if (setup.state !== 'open' || setup.code === null) throw new Error('expected a new code')
			const code = setup.code
			expect(await completeSetup(generateSetupCode(), { email: 'x@example.org', password: PASSWORD, fullName: 'X' }, dataDir)).toEqual({
				ok: false,
				reason: 'code',
			})
			const outcomes = await Promise.all(
				Array.from({ length: 4 }, (_, i) =>
					completeSetup(code, { email: `yonetici${i}@example.org`, password: PASSWORD, fullName: `Yönetici ${i}` }, dataDir),
				),
			)
			expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1)
			for (const outcome of outcomes.filter((o) => !o.ok)) expect(['claimed', 'code']).toContain(!outcome.ok && outcome.reason)
			expect((await listUsers()).filter((user) => user.isAdmin)).toHaveLength(1)
			expect(await hasSetupCode()).toBe(false)
			expect(fs.existsSync(setupCodeFile(dataDir))).toBe(false)
		})
	})

	test(`puts the code back when the admin cannot be created on ${dialect}`, async () => {
		await withDatabase(dialect, async ({ dataDir }) => {
			const setup = await prepareSetupCode(dataDir)
			if (setup.state !== 'open' || setup.code === null) throw new Error('expected a new code')
			await expect(completeSetup(setup.code, { email: 'kisa@example.org', password: 'kisa', fullName: 'Kısa' }, dataDir)).rejects.toThrow(
				/en az 12 karakter/,
			)
			expect(await hasAnyAdmin()).toBe(false)
			expect(await checkSetupCode(setup.code)).toBe(true)
			await retireSetupCode(dataDir)
			expect(await hasSetupCode()).toBe(false)
			expect(fs.existsSync(setupCodeFile(dataDir))).toBe(false)
		})
	})
}
