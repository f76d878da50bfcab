import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { migrations } from '#db/migrations/index.ts'
import { createAdmin } from '#app/features/users/users.server.ts'
import { createTestDatabase, dialectsUnderTest, makeTempDir, type TestDatabase } from '#tests/setup/db.ts'
import { ensureAuthSecret, getAuth } from '#app/lib/auth.server.ts'
import {
	BACKUP_TABLES,
	BackupError,
	createBackup,
	findUnclassifiedTables,
	readArchiveRecords,
	readPassphrase,
	restoreBackup,
	TABLE_POLICY,
	verifyBackup,
	type KdfCost,
} from '#app/lib/backup.server.ts'
import { installDatabase, type Dialect } from '#app/lib/db.server.ts'
import { migrateToLatest, pendingMigrations } from '#app/lib/migrate.server.ts'
import type { StorageDriver } from '#app/lib/storage-driver.server.ts'

const FAST_KDF: KdfCost = { log2N: 10, r: 8, p: 1 }
const PASSPHRASE = 'Yedekler evde durmaz, Ağustos 2027'
const ADMIN = { email: 'baskan@example.org', password: 'Genel-Kurul-2027', fullName: 'Ayşe Nur Karaca' }

for (const dialect of dialectsUnderTest()) {
	test(`every ${dialect} table is classified for backups, and every classified table exists`, async () => {
		const tdb = await createTestDatabase(dialect)
		try {
			await migrateToLatest(tdb.handle.db)
			const unclassified = await findUnclassifiedTables(tdb.handle.db)
			expect(
				unclassified,
				`Decide in TABLE_POLICY (app/lib/backup.server.ts) whether these tables belong in backups: ${unclassified.join(', ')}`,
			).toEqual([])
			const existing = new Set((await tdb.handle.db.introspection.getTables()).map((t) => t.name))
			expect(Object.keys(TABLE_POLICY).filter((name) => !existing.has(name))).toEqual([])
		} finally {
			await tdb.cleanup()
		}
	})
}

type Secrets = {
	sessionToken: string
	sessionId: string
	verification: string
	authSecret: string
	accessToken: string
	rateKey: string
	probe: string
}

/** A site with an admin who signed in, a reset token, a login counter, the generated auth secret and an unclassified table. */
async function siteWithSignInData(tdb: TestDatabase): Promise<Secrets> {
	installDatabase(tdb.handle)
	await migrateToLatest(tdb.handle.db)
	const { db } = tdb.handle
	await createAdmin(ADMIN)
	const auth = await getAuth(tdb.handle)
	await auth.api.signInEmail({ body: { email: ADMIN.email, password: ADMIN.password } })
	const session = await db.selectFrom('sessions').select(['id', 'token']).executeTakeFirstOrThrow()
	const stamp = new Date().toISOString()
	const verification = `reset-${crypto.randomBytes(12).toString('hex')}`
	await db
		.insertInto('verifications')
		.values({ id: 'v1', identifier: ADMIN.email, value: verification, expires_at: stamp, created_at: stamp, updated_at: stamp })
		.execute()
	const rateKey = `login:203.0.113.9:${crypto.randomBytes(6).toString('hex')}`
	await db.insertInto('rate_limits').values({ id: 'r1', key: rateKey, count: 3, last_request: Date.now() }).execute()
	const accessToken = `oauth-${crypto.randomBytes(12).toString('hex')}`
	await db
		.updateTable('accounts')
		.set({ access_token: accessToken, refresh_token: `${accessToken}-refresh`, id_token: `${accessToken}-id` })
		.execute()
	const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow()
	await db
		.insertInto('accounts')
		.values({
			id: 'gh1',
			account_id: 'github-4242',
			provider_id: 'github',
			user_id: user.id,
			access_token: `${accessToken}-gh`,
			created_at: stamp,
			updated_at: stamp,
		})
		.execute()
	const probe = `device-cookie-${crypto.randomBytes(8).toString('hex')}`
	await sql`create table login_devices_probe (id text primary key, cookie text not null)`.execute(db)
	await sql`insert into login_devices_probe (id, cookie) values ('d1', ${probe})`.execute(db)
	await db
		.insertInto('calendar_entries')
		.values({ title: 'Genel Kurul', date: '2027-03-01', created_at: stamp, updated_at: stamp })
		.execute()
	await tdb.storage.put('events/1700-ab.jpg', Buffer.from('jpeg bytes'), { contentType: 'image/jpeg' })
	return {
		sessionToken: session.token,
		sessionId: session.id,
		verification,
		authSecret: await ensureAuthSecret(db),
		accessToken,
		rateKey,
		probe,
	}
}

async function signIn(tdb: TestDatabase, password: string) {
	const auth = await getAuth(tdb.handle)
	const result = await auth.api.signInEmail({ body: { email: ADMIN.email, password } })
	return result.user as typeof result.user & { isAdmin?: unknown }
}

async function count(tdb: TestDatabase, table: string) {
	const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(tdb.handle.db)
	return Number(row.rows[0]?.n)
}

for (const from of dialectsUnderTest()) {
	const targets = from === 'sqlite' ? dialectsUnderTest() : (['postgres', 'sqlite'] as Array<Dialect>)
	test(
		`a ${from} backup holds no sign-in secrets, and the restored admin signs in with their password on ${targets.join(' and ')}`,
		{ timeout: 60_000 },
		async () => {
			const source = await createTestDatabase(from)
			const dir = makeTempDir('site-backup-secrets-')
			try {
				const secrets = await siteWithSignInData(source)
				const file = path.join(dir, 'yedek.bak')
				const summary = await createBackup(
					{ handle: source.handle, sqliteFile: from === 'sqlite' ? source.url.slice('file:'.length) : undefined },
					source.storage,
					file,
					{ passphrase: PASSPHRASE, kdf: FAST_KDF },
				)
				expect(summary.leftOut.excluded).toEqual([
					'invitations',
					'login_failures',
					'password_resets',
					'rate_limits',
					'sessions',
					'trusted_devices',
					'verifications',
				])
				expect(summary.leftOut.unknown).toContain('login_devices_probe')
				expect(summary.leftOut.unknown).toEqual(await findUnclassifiedTables(source.handle.db))

				const decoded: Array<string> = []
				const tables: Array<string> = []
				for await (const { line, data } of readArchiveRecords(file, { passphrase: PASSPHRASE })) {
					decoded.push(JSON.stringify(line), data?.toString('latin1') ?? '')
					if (line.type === 'table') tables.push(line.name)
				}
				const plain = decoded.join('\n')
				expect(plain).toContain(ADMIN.email)
				expect(plain).toContain('Genel Kurul')
				for (const [name, secret] of Object.entries(secrets)) expect(plain.includes(secret), name).toBe(false)
				expect(plain).not.toContain('github-4242')
				expect(tables).toEqual(BACKUP_TABLES)
				const raw = fs.readFileSync(file)
				for (const text of [ADMIN.email, 'Genel Kurul', ...Object.values(secrets)]) expect(raw.includes(Buffer.from(text))).toBe(false)

				for (const to of targets) {
					const target = await createTestDatabase(to)
					try {
						await migrateToLatest(target.handle.db)
						await restoreBackup(file, target, { passphrase: PASSPHRASE })
						for (const table of ['sessions', 'verifications', 'rate_limits']) expect(await count(target, table), table).toBe(0)
						expect(await target.handle.db.selectFrom('app_meta').select('key').where('key', '=', 'auth_secret').execute()).toEqual([])
						expect(
							await target.handle.db.selectFrom('accounts').select(['provider_id', 'access_token', 'refresh_token', 'id_token']).execute(),
						).toEqual([{ provider_id: 'credential', access_token: null, refresh_token: null, id_token: null }])
						installDatabase(target.handle)
						expect(await ensureAuthSecret(target.handle.db)).not.toBe(secrets.authSecret)
						await expect(signIn(target, 'Yanlis-Sifre-2027')).rejects.toThrow(/invalid email or password/i)
						expect(await signIn(target, ADMIN.password)).toMatchObject({ email: ADMIN.email, name: ADMIN.fullName })
						const admin = await target.handle.db.selectFrom('users').select('is_admin').executeTakeFirstOrThrow()
						expect(Boolean(admin.is_admin)).toBe(true)
					} finally {
						await target.cleanup()
					}
				}
			} finally {
				await source.cleanup()
				fs.rmSync(dir, { recursive: true, force: true })
			}
		},
	)
}

test('writes the archive and its temporary file 0600 whatever the umask, over an older readable file', async () => {
	const source = await createTestDatabase('sqlite')
	const dir = makeTempDir('site-backup-mode-')
	const previous = process.umask(0)
	try {
		await migrateToLatest(source.handle.db)
		for (const n of [1, 2, 3])
			await source.storage.put(`events/1700-${n}.jpg`, crypto.randomBytes(1_500_000), { contentType: 'image/jpeg' })
		const file = path.join(dir, 'yedek.bak')
		fs.writeFileSync(file, 'eski yedek', { mode: 0o644 })
		fs.writeFileSync(`${file}.partial`, 'yarım kalmış', { mode: 0o666 })
		const seen: Array<{ mode: number; size: number }> = []
		const watching: StorageDriver = {
			...source.storage,
			async list(prefix) {
				const stat = fs.statSync(`${file}.partial`)
				seen.push({ mode: stat.mode & 0o777, size: stat.size })
				return source.storage.list(prefix)
			},
			async get(key) {
				const stat = fs.statSync(`${file}.partial`)
				seen.push({ mode: stat.mode & 0o777, size: stat.size })
				return source.storage.get(key)
			},
		}
		await createBackup({ handle: source.handle }, watching, file)
		expect(seen.map(({ mode }) => mode.toString(8))).toEqual(['600', '600', '600', '600'])
		expect(seen.at(-1)?.size).toBeGreaterThan(1_000_000)
		expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600')
		expect(fs.existsSync(`${file}.partial`)).toBe(false)
		await expect(verifyBackup(file)).resolves.toMatchObject({ files: 3, encrypted: false })
	} finally {
		process.umask(previous)
		await source.cleanup()
		fs.rmSync(dir, { recursive: true, force: true })
	}
})

test('a wrong or missing passphrase is named as such and changes nothing in the target', async () => {
	const source = await createTestDatabase('sqlite')
	const target = await createTestDatabase('sqlite')
	const dir = makeTempDir('site-backup-pass-')
	try {
		await migrateToLatest(source.handle.db)
		const file = path.join(dir, 'yedek.bak')
		await expect(createBackup({ handle: source.handle }, source.storage, file, { passphrase: 'kısa' })).rejects.toMatchObject({
			code: 'weak-passphrase',
		})
		expect(fs.readdirSync(dir)).toEqual([])
		await createBackup({ handle: source.handle }, source.storage, file, { passphrase: PASSPHRASE, kdf: FAST_KDF })
		await expect(restoreBackup(file, target, { passphrase: `${PASSPHRASE}!` })).rejects.toThrow(/^Wrong passphrase/)
		await expect(restoreBackup(file, target)).rejects.toThrow(/encrypted: give its passphrase/)
		expect(await pendingMigrations(target.handle.db)).toEqual(Object.keys(migrations))
		await expect(verifyBackup(path.join(dir, 'yok.bak'))).rejects.toBeInstanceOf(BackupError)
		fs.writeFileSync(path.join(dir, 'metin.txt'), 'not a backup at all\n')
		await expect(verifyBackup(path.join(dir, 'metin.txt'))).rejects.toMatchObject({ code: 'not-a-backup' })
	} finally {
		await source.cleanup()
		await target.cleanup()
		fs.rmSync(dir, { recursive: true, force: true })
	}
})

test('reads the passphrase from a file (first line) or BACKUP_PASSPHRASE, and warns about a readable file', async () => {
	const dir = makeTempDir('site-backup-passfile-')
	try {
		const file = path.join(dir, 'parola')
		fs.writeFileSync(file, `${PASSPHRASE}\n`, { mode: 0o600 })
		expect(await readPassphrase({ file, env: { BACKUP_PASSPHRASE: 'ortam' } })).toEqual({ passphrase: PASSPHRASE, warning: null })
		fs.chmodSync(file, 0o644)
		expect((await readPassphrase({ file })).warning).toMatch(/readable by other users/)
		expect(await readPassphrase({ env: { BACKUP_PASSPHRASE: 'ortamdaki parola' } })).toEqual({
			passphrase: 'ortamdaki parola',
			warning: null,
		})
		expect(await readPassphrase({ env: {} })).toEqual({ passphrase: undefined, warning: null })
		fs.writeFileSync(path.join(dir, 'bos'), '\n')
		await expect(readPassphrase({ file: path.join(dir, 'bos') })).rejects.toThrow(/is empty/)
		await expect(readPassphrase({ file: path.join(dir, 'yok') })).rejects.toThrow(/Cannot read the passphrase file/)
	} finally {
		fs.rmSync(dir, { recursive: true, force: true })
	}
})
