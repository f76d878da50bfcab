import crypto from 'node:crypto'
import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from 'better-auth/crypto'
import { afterEach, expect, test, vi } from 'vitest'
import { hashPassword, verifyPassword } from './password-hash.server.ts'

afterEach(() => {
	vi.unstubAllEnvs()
})

test('a production hash is better-auth’s own: each verifies the other’s, old hashes stay valid', async () => {
	vi.stubEnv('NODE_ENV', 'production')
	const ours = await hashPassword('Kurul-Toplantısı-1987')
	expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/)
	expect(await betterAuthVerify({ hash: ours, password: 'Kurul-Toplantısı-1987' })).toBe(true)
	const theirs = await betterAuthHash('Kurul-Toplantısı-1987')
	expect(await verifyPassword({ hash: theirs, password: 'Kurul-Toplantısı-1987' })).toBe(true)
	expect(await verifyPassword({ hash: theirs, password: 'Kurul-Toplantisi-1987' })).toBe(false)
	// The same Unicode normalisation: a composed and a decomposed "ı̇" are one password.
	const decomposed = await hashPassword('Şifre-İstanbul'.normalize('NFD'))
	expect(await verifyPassword({ hash: decomposed, password: 'Şifre-İstanbul'.normalize('NFC') })).toBe(true)
	await expect(verifyPassword({ hash: 'not-a-hash', password: 'x' })).rejects.toThrow(/Invalid password hash/)
})

test('a test process writes marked hashes at a sixteenth of the work, which any process verifies; full cost on request', async () => {
	vi.stubEnv('NODE_ENV', 'test')
	const cheap = await hashPassword('Doğru-Şifre-2026')
	expect(cheap).toMatch(/^\$scrypt\$n=1024,r=16,p=1\$[0-9a-f]{32}\$[0-9a-f]{128}$/)
	vi.stubEnv('NODE_ENV', 'production')
	expect(await verifyPassword({ hash: cheap, password: 'Doğru-Şifre-2026' })).toBe(true)
	expect(await verifyPassword({ hash: cheap, password: 'Yanlış-Şifre-2026' })).toBe(false)
	// A production process never writes one.
	expect(await hashPassword('Doğru-Şifre-2026')).toMatch(/^[0-9a-f]{32}:/)
	vi.stubEnv('NODE_ENV', 'test')
	vi.stubEnv('TEST_PASSWORD_COST', 'full')
	expect(await hashPassword('Doğru-Şifre-2026')).toMatch(/^[0-9a-f]{32}:/)
})

test('a marked hash with settings out of bounds verifies nothing', async () => {
	const salt = crypto.randomBytes(16).toString('hex')
	const keyFor = (N: number, r: number, p: number) =>
		crypto.scryptSync('parola', salt, 64, { N, r, p, maxmem: 128 * N * r * 2 + 1024 * 1024 }).toString('hex')
	const marked = (N: number, r: number, p: number) => `$scrypt$n=${N},r=${r},p=${p}$${salt}$${keyFor(N, r, p)}`
	expect(await verifyPassword({ hash: marked(1024, 16, 1), password: 'parola' })).toBe(true)
	// Cheaper than the test cost, or dearer than a production hash (a row written to make sign-ins slow), is refused.
	expect(await verifyPassword({ hash: marked(16, 1, 1), password: 'parola' })).toBe(false)
	expect(await verifyPassword({ hash: `$scrypt$n=1048576,r=16,p=1$${salt}$${'0'.repeat(128)}`, password: 'parola' })).toBe(false)
	expect(await verifyPassword({ hash: `$scrypt$n=1000,r=16,p=1$${salt}$${'0'.repeat(128)}`, password: 'parola' })).toBe(false)
})
