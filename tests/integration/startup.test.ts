import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { expect, test } from 'vitest'
import { NODE_FLAGS, serverEntry, START_ENV } from '../../scripts/lib/production-server.ts'
import { makeTempDir } from '#tests/setup/db.ts'
import { startServer } from '#tests/setup/server.ts'

const ROOT = path.resolve(import.meta.dirname, '..', '..')

function runServer(env: Record<string, string>, timeoutMs = 20_000): Promise<{ code: number | null; stdout: string; stderr: string }> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [serverEntry()], {
			cwd: ROOT,
			env: {
				PATH: process.env.PATH ?? '',
				SITE_BUILD_DIR: process.env.SITE_BUILD_DIR ?? 'build',
				NODE_ENV: 'production',
				SEED_DEMO: '0',
				LOG_LEVEL: 'warn',
				...env,
			},
		})
		let stdout = ''
		let stderr = ''
		child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
		child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
		const timer = setTimeout(() => {
			child.kill('SIGKILL')
			reject(new Error(`server did not exit: ${stdout}${stderr}`))
		}, timeoutMs)
		child.on('exit', (code) => {
			clearTimeout(timer)
			resolve({ code, stdout, stderr })
		})
	})
}

function expectOneLine(stderr: string, pattern: RegExp) {
	const lines = stderr.trim().split('\n')
	expect(lines, stderr).toHaveLength(1)
	expect(lines[0]).toMatch(pattern)
	expect(stderr).not.toMatch(/\n\s+at /)
}

test('refuses a malformed DATABASE_URL with one line naming it', async () => {
	const result = await runServer({ DATABASE_URL: 'mysql://db/site', DATA_DIR: makeTempDir() })
	expect(result.code).toBe(1)
	expectOneLine(result.stderr, /^error: DATABASE_URL is invalid: it must start with "postgres:\/\/"/)
})

test('says which PostgreSQL it cannot reach', async () => {
	const result = await runServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/site', DATA_DIR: makeTempDir() })
	expect(result.code).toBe(1)
	expectOneLine(result.stderr, /^error: Cannot reach the database \(PostgreSQL 127\.0\.0\.1:1\/site\): ECONNREFUSED/)
})

test('says when the data directory cannot be written', async () => {
	const dir = makeTempDir()
	const blocker = path.join(dir, 'not-a-directory')
	fs.writeFileSync(blocker, 'x')
	const result = await runServer({ DATA_DIR: path.join(blocker, 'data') })
	expect(result.code).toBe(1)
	expectOneLine(result.stderr, /^error: The data directory is not writable \(.*not-a-directory\/data\): (ENOTDIR|EACCES|EEXIST)/)
})

for (const workers of ['1', '2']) {
	test(`says when the port is taken, once, and stops (WEB_CONCURRENCY=${workers})`, async () => {
		const blocker = net.createServer()
		await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
		const port = (blocker.address() as net.AddressInfo).port
		try {
			// With several workers the first one's failure stops the server: no worker is started again and again.
			const result = await runServer({ DATA_DIR: makeTempDir(), PORT: String(port), HOST: '127.0.0.1', WEB_CONCURRENCY: workers })
			expect(result.code).toBe(1)
			expectOneLine(result.stderr, new RegExp(`^error: Port ${port} is already in use`))
		} finally {
			blocker.close()
		}
	})
}

test('npm start serves the server as built, from JavaScript', async () => {
	// `npm start` runs scripts/start.mjs, which builds when the sources are newer (npm test has just built) and
	// then runs build/node/server.js in the same process.
	const server = await startServer({}, { script: path.join('scripts', 'start.mjs') })
	try {
		const home = await fetch(`${server.url}/`)
		expect(home.status).toBe(200)
		expect(await home.text()).toContain('<html lang="tr"')
		expect(server.output()).not.toMatch(/Building the site/)
		const ready = (await (await fetch(`${server.url}/readyz`)).json()) as { pid: number }
		expect(ready.pid).toBe(server.child.pid)
		expect(fs.readFileSync(`/proc/${ready.pid}/cmdline`, 'utf8').split('\0')).toContain(path.join('scripts', 'start.mjs'))
	} finally {
		expect(await server.stop()).toBe(0)
	}
})

test("the README's systemd unit starts the server as npm start does, without npm", () => {
	const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')
	const unit = readme.match(/```ini\n(\[Unit\][\s\S]*?)```/)?.[1] ?? ''
	const exec = unit.match(/^ExecStart=(.*)$/m)?.[1]?.split(' ') ?? []
	expect(exec[0]).toMatch(/\/node$/)
	expect(exec.slice(1, -1)).toEqual(NODE_FLAGS)
	expect(exec.at(-1)).toBe('scripts/start.mjs')
	const environment = Object.fromEntries(
		(unit.match(/^Environment=(.*)$/m)?.[1] ?? '').split(' ').map((pair) => pair.split('=') as [string, string]),
	)
	expect(environment).toEqual(START_ENV)
})

// The suite starts servers from two files at once, each on a port that was free when chosen: another file's
// server answering on that port must never pass for this one (the test would sign in to another database).
test("a test server whose port another server holds is not taken for that one's", async () => {
	const first = await startServer()
	try {
		const refused = startServer({ PORT: String(first.port) })
		await expect(refused).rejects.toThrow(`Port ${first.port} is already in use`)
		expect((await fetch(`${first.url}/readyz`)).ok).toBe(true)
	} finally {
		await first.stop()
	}
})
