import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { expect, test } from 'vitest'
import { makeTempDir } from '#tests/setup/db.ts'

const ROOT = path.resolve(import.meta.dirname, '..', '..')

function admin(dataDir: string, ...args: Array<string>) {
	const result = spawnSync(process.execPath, ['scripts/admin.ts', ...args], {
		cwd: ROOT,
		env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, NODE_ENV: 'test' },
		encoding: 'utf8',
	})
	return { code: result.status, out: result.stdout, err: result.stderr }
}

test('manages admin accounts from the command line with clear messages and exit codes', () => {
	const dir = makeTempDir('site-cli-')
	expect(admin(dir, 'list')).toMatchObject({ code: 0, out: expect.stringContaining('No accounts yet') })
	expect(admin(dir, 'create', '--email', 'baskan@example.org', '--password', 'kisa', '--name', 'Ayşe Nur')).toMatchObject({
		code: 1,
		err: 'error: Şifre en az 12 karakter olmalı.\n',
	})
	expect(admin(dir, 'create', '--email', 'baskan@example.org', '--password', 'NotreDameDeSion1987', '--name', 'Ayşe Nur')).toMatchObject({
		code: 1,
		err: expect.stringMatching(/^error: Bu şifre kolay tahmin edilir: .+\n$/),
	})
	expect(
		admin(dir, 'create', '--email', 'baskan@example.org', '--password', 'Genel-Kurul-2027', '--name', 'Ayşe Nur Karaca'),
	).toMatchObject({
		code: 0,
		out: 'Created admin baskan@example.org.\n',
	})
	expect(admin(dir, 'create', '--email', 'BASKAN@example.org', '--password', 'Baska-Sifre-2027', '--name', 'X')).toMatchObject({
		code: 1,
		err: 'error: A user with the e-mail baskan@example.org already exists.\n',
	})
	expect(admin(dir, 'create', '--email', 'baskan@example.org')).toMatchObject({
		code: 2,
		err: expect.stringContaining('--password is required'),
	})
	expect(admin(dir, 'list').out).toMatch(/baskan@example\.org\s+admin\s+0 session\(s\)\s+Ayşe Nur Karaca/)
	expect(admin(dir, 'set-password', '--email', 'baskan@example.org', '--password', 'qwertyuiop123')).toMatchObject({
		code: 1,
		err: expect.stringMatching(/^error: Bu şifre kolay tahmin edilir: .+\n$/),
	})
	expect(admin(dir, 'set-password', '--email', 'baskan@example.org', '--password', 'Yeni-Donem-2028')).toMatchObject({ code: 0 })
	expect(admin(dir, 'set-password', '--email', 'kimse@example.org', '--password', 'Yeni-Donem-2028')).toMatchObject({
		code: 1,
		err: 'error: No user with the e-mail kimse@example.org.\n',
	})
	expect(admin(dir, 'revoke', '--email', 'baskan@example.org')).toMatchObject({ code: 0 })
	expect(admin(dir, 'list').out).toMatch(/baskan@example\.org\s+no admin/)
	expect(admin(dir, 'frobnicate')).toMatchObject({ code: 2, err: expect.stringContaining('unknown command') })
})
