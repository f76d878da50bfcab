import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { createAccount } from '#app/features/users/users.server.ts'
import { confirmEnrolment, startEnrolment } from '#app/features/users/two-factor.server.ts'
import type { SessionUser } from '#app/lib/auth.server.ts'
import { createBackup, readArchiveRecords, restoreBackup, type KdfCost } from '#app/lib/backup.server.ts'
import { installDatabase, type Dialect } from '#app/lib/db.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { totpCode } from '#app/lib/totp.server.ts'
import { getTwoFactorState, rememberDevice, verifySecondFactor } from '#app/lib/two-factor.server.ts'
import { createTestDatabase, dialectsUnderTest, makeTempDir, type TestDatabase } from '#tests/setup/db.ts'

const FAST_KDF: KdfCost = { log2N: 10, r: 8, p: 1 }
const PASSPHRASE = 'İki adım, bir yedek: Kasım 2027'
const ACCOUNT = { email: 'sayman@example.org', password: 'Hesap-Donemi-Kapanisi-2027', fullName: 'Meltem Aydın', isAdmin: true }

/** A site whose admin has 2FA on, ten recovery codes and a remembered browser. */
async function siteWithTwoFactor(tdb: TestDatabase) {
	installDatabase(tdb.handle)
	await migrateToLatest(tdb.handle.db)
	await createAccount(ACCOUNT)
	const row = await tdb.handle.db.selectFrom('users').select(['id', 'email', 'full_name']).executeTakeFirstOrThrow()
	const user: SessionUser = { id: row.id, email: row.email, fullName: row.full_name, isAdmin: true, role: 'admin' }
	await startEnrolment(user)
	const { secret } = await tdb.handle.db.selectFrom('two_factor').select('secret').executeTakeFirstOrThrow()
	const codes = await confirmEnrolment(user, totpCode(secret))
	const hashes = (await tdb.handle.db.selectFrom('recovery_codes').select('code_hash').execute()).map((r) => r.code_hash)
	const token = await rememberDevice(user.id, 'Firefox')
	const { token_hash: tokenHash } = await tdb.handle.db.selectFrom('trusted_devices').select('token_hash').executeTakeFirstOrThrow()
	return { user, secret, codes, hashes, token: token ?? '', tokenHash }
}

async function archiveText(file: string, passphrase?: string) {
	const parts: Array<string> = []
	for await (const { line, data } of readArchiveRecords(file, passphrase ? { passphrase } : {}))
		parts.push(JSON.stringify(line), data?.toString('latin1') ?? '')
	return parts.join('\n')
}

for (const from of dialectsUnderTest()) {
	const targets = from === 'sqlite' ? dialectsUnderTest() : (['postgres', 'sqlite'] as Array<Dialect>)
	test(
		`2FA secrets travel only in an encrypted ${from} backup; remembered browsers never (restored on ${targets.join(' and ')})`,
		{ timeout: 90_000 },
		async () => {
			const source = await createTestDatabase(from)
			const dir = makeTempDir('site-backup-2fa-')
			try {
				const site = await siteWithTwoFactor(source)
				const sqliteFile = from === 'sqlite' ? source.url.slice('file:'.length) : undefined
				const plainFile = path.join(dir, 'duz.bak')
				const encryptedFile = path.join(dir, 'sifreli.bak')
				const plain = await createBackup({ handle: source.handle, sqliteFile }, source.storage, plainFile)
				const encrypted = await createBackup({ handle: source.handle, sqliteFile }, source.storage, encryptedFile, {
					passphrase: PASSPHRASE,
					kdf: FAST_KDF,
				})
				expect(plain.withheld).toEqual(['two_factor', 'recovery_codes'])
				expect(encrypted.withheld).toEqual([])
				expect(plain.leftOut.excluded).toContain('trusted_devices')

				// Without a passphrase: the account, but no secret, no recovery code hash, no remembered browser.
				const plainText = await archiveText(plainFile)
				expect(plainText).toContain(ACCOUNT.email)
				expect(plainText).not.toContain(site.secret)
				for (const hash of site.hashes) expect(plainText).not.toContain(hash)
				expect(plainText).not.toContain(site.tokenHash)
				// With one: the secret and the hashes (never a recovery code itself), still no remembered browser.
				const encryptedText = await archiveText(encryptedFile, PASSPHRASE)
				expect(encryptedText).toContain(site.secret)
				for (const hash of site.hashes) expect(encryptedText).toContain(hash)
				for (const code of site.codes) expect(encryptedText).not.toContain(code)
				expect(encryptedText).not.toContain(site.tokenHash)
				expect(fs.readFileSync(encryptedFile).includes(Buffer.from(site.secret))).toBe(false)

				for (const to of targets) {
					const fromPlain = await createTestDatabase(to)
					try {
						await migrateToLatest(fromPlain.handle.db)
						await restoreBackup(plainFile, fromPlain)
						installDatabase(fromPlain.handle)
						// The account is back without 2FA: it signs in with its password and enrols again.
						expect(await getTwoFactorState(site.user.id)).toEqual({ enabled: false, pendingSecret: null })
						expect(await fromPlain.handle.db.selectFrom('recovery_codes').selectAll().execute()).toEqual([])
						expect(await fromPlain.handle.db.selectFrom('trusted_devices').selectAll().execute()).toEqual([])
					} finally {
						await fromPlain.cleanup()
					}
					const fromEncrypted = await createTestDatabase(to)
					try {
						await migrateToLatest(fromEncrypted.handle.db)
						await restoreBackup(encryptedFile, fromEncrypted, { passphrase: PASSPHRASE })
						installDatabase(fromEncrypted.handle)
						// 2FA still on: the same app's codes and the unused recovery codes work; no browser is remembered.
						expect(await getTwoFactorState(site.user.id)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 })
						expect(await verifySecondFactor(site.user.id, totpCode(site.secret, Date.now() + 30_000))).toEqual({ ok: true, method: 'totp' })
						expect(await verifySecondFactor(site.user.id, site.codes[3] ?? '')).toEqual({ ok: true, method: 'recovery' })
						expect(await fromEncrypted.handle.db.selectFrom('trusted_devices').selectAll().execute()).toEqual([])
					} finally {
						await fromEncrypted.cleanup()
					}
				}
			} finally {
				await source.cleanup()
				fs.rmSync(dir, { recursive: true, force: true })
			}
		},
	)
}
