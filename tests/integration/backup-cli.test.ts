import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { createAdmin } from '#app/features/users/users.server.ts'
import { createBackup } from '#app/lib/backup.server.ts'
import { createDatabase } from '#app/lib/db.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createTestDatabase, makeTempDir } from '#tests/setup/db.ts'

const ROOT = path.resolve(import.meta.dirname, '..', '..')
const PASSPHRASE = 'Sandık odasında üç anahtar'

function run(script: string, args: Array<string>, env: Record<string, string>) {
	const result = spawnSync(process.execPath, [script, ...args], {
		cwd: ROOT,
		env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
		encoding: 'utf8',
	})
	return { code: result.status, out: result.stdout, err: result.stderr }
}

test(
	'backs up encrypted from the command line, verifies with clear exit codes and restores with a passphrase file',
	{ timeout: 120_000 },
	async () => {
		const source = await createTestDatabase('sqlite')
		const dir = makeTempDir('site-backup-cli-')
		const restoreDir = makeTempDir('site-restore-cli-')
		try {
			await migrateToLatest(source.handle.db)
			await createAdmin({ email: 'baskan@example.org', password: 'Genel-Kurul-2027', fullName: 'Ayşe Nur Karaca' })
			const stamp = new Date().toISOString()
			const title = 'Word’den\u2028yapıştırıldı\u2029'
			await source.handle.db
				.insertInto('announcements')
				.values({ title, featured_home: false, created_at: stamp, updated_at: stamp })
				.execute()
			await source.storage.put('events/1700-ab.jpg', Buffer.from('jpeg bytes'), { contentType: 'image/jpeg' })
			const sourceEnv = { DATA_DIR: source.dataDir, DATABASE_URL: source.url }
			const file = path.join(dir, 'yedek.bak')

			expect(run('scripts/backup.ts', ['--out', file, '--passphrase', PASSPHRASE], sourceEnv)).toMatchObject({
				code: 2,
				err: expect.stringMatching(/^error: --passphrase is not accepted: a passphrase on the command line is visible to other users/),
			})
			expect(fs.readdirSync(dir)).toEqual([])

			const backup = run('scripts/backup.ts', ['--out', file], { ...sourceEnv, BACKUP_PASSPHRASE: PASSPHRASE })
			expect(backup.code).toBe(0)
			expect(backup.err).not.toMatch(/error/)
			expect(backup.out).toMatch(
				/^Backup written to .*yedek\.bak \(encrypted, mode 0600\): \d+ tables, \d+ rows, 1 files .* Left out: invitations, login_failures, password_resets, rate_limits, sessions, trusted_devices, verifications\.\n$/,
			)
			expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600')
			expect(fs.readFileSync(file).subarray(0, 7).toString('latin1')).toBe('NDSBKUP')

			expect(run('scripts/backup.ts', ['verify', file], { BACKUP_PASSPHRASE: PASSPHRASE })).toMatchObject({
				code: 0,
				out: expect.stringMatching(
					/^OK: .*yedek\.bak is a complete backup \(encrypted, sqlite, made .*\): \d+ tables, \d+ rows, 1 files .* every checksum matches\.\n$/,
				),
			})
			const wrong = path.join(dir, 'yanlis-parola')
			fs.writeFileSync(wrong, 'Sandık odasında iki anahtar\n', { mode: 0o600 })
			expect(run('scripts/backup.ts', ['verify', file, '--passphrase-file', wrong], {})).toEqual({
				code: 1,
				out: '',
				err: 'error: Wrong passphrase for this backup (or its header is damaged).\n',
			})

			const plain = path.join(dir, 'duz.bak')
			await createBackup({ handle: source.handle }, source.storage, plain)
			const cut = path.join(dir, 'kesik.bak')
			fs.writeFileSync(cut, fs.readFileSync(plain).subarray(0, 100))
			expect(run('scripts/backup.ts', ['verify', cut], {})).toEqual({
				code: 1,
				out: '',
				err: 'error: The backup is truncated (it ends before its last block).\n',
			})

			const good = path.join(dir, 'parola')
			fs.writeFileSync(good, `${PASSPHRASE}\n`, { mode: 0o600 })
			const restored = run('scripts/restore.ts', [file, '--passphrase-file', good], { DATA_DIR: restoreDir })
			expect(restored).toMatchObject({
				code: 0,
				err: '',
				out: expect.stringMatching(/^Restored \d+ tables, \d+ rows and 1 files in \d+ ms\.\n$/),
			})
			const target = createDatabase({ dialect: 'sqlite', file: path.join(restoreDir, 'site.db') })
			try {
				expect(await target.db.selectFrom('announcements').select('title').execute()).toEqual([{ title }])
				expect(await target.db.selectFrom('users').select('email').execute()).toEqual([{ email: 'baskan@example.org' }])
				expect(await target.db.selectFrom('sessions').selectAll().execute()).toEqual([])
			} finally {
				await target.close()
			}
			expect(fs.readFileSync(path.join(restoreDir, 'media', 'events', '1700-ab.jpg'), 'utf8')).toBe('jpeg bytes')
			expect(fs.readdirSync(restoreDir).filter((name) => name.startsWith('.restore-staging'))).toEqual([])
		} finally {
			await source.cleanup()
			fs.rmSync(dir, { recursive: true, force: true })
			fs.rmSync(restoreDir, { recursive: true, force: true })
		}
	},
)
