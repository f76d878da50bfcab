import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { createAccount } from '#app/features/users/users.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import type { Dialect } from '#app/lib/db.server.ts'
import { createTestDatabase, makeTempDir, type TestDatabase } from './db.ts'

const ROOT = path.resolve(import.meta.dirname, '..', '..')

export type RunningServer = {
	url: string
	port: number
	dataDir: string
	child: ChildProcess
	/** Everything the server wrote to stdout and stderr so far (pino JSON lines). */
	output(): string
	stop(signal?: NodeJS.Signals): Promise<number | null>
}

export async function freePort(): Promise<number> {
	const server = net.createServer()
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as net.AddressInfo
	await new Promise((resolve) => server.close(resolve))
	return port
}

/**
 * The production server (`node server.ts`, built beforehand by `npm test`)
 * on a free port and a fresh data directory, ready when /readyz answers.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
	const port = await freePort()
	const dataDir = env.DATA_DIR ?? makeTempDir('site-server-')
	const child = spawn(process.execPath, ['server.ts'], {
		cwd: ROOT,
		env: {
			PATH: process.env.PATH ?? '',
			SITE_BUILD_DIR: process.env.SITE_BUILD_DIR ?? 'build',
			NODE_ENV: 'production',
			SEED_DEMO: '0',
			LOG_LEVEL: 'warn',
			HOST: '127.0.0.1',
			PORT: String(port),
			DATA_DIR: dataDir,
			...env,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout?.on('data', (d: Buffer) => (output += d.toString()))
	child.stderr?.on('data', (d: Buffer) => (output += d.toString()))
	const url = `http://127.0.0.1:${port}`
	const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
	const deadline = Date.now() + 60_000
	for (;;) {
		if (child.exitCode !== null) throw new Error(`server exited: ${output}`)
		try {
			if ((await fetch(`${url}/readyz`)).ok) break
		} catch {
			// not listening yet
		}
		if (Date.now() > deadline) {
			child.kill('SIGKILL')
			throw new Error(`server did not become ready: ${output}`)
		}
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	return {
		url,
		port,
		dataDir,
		child,
		output: () => output,
		async stop(signal = 'SIGTERM') {
			if (child.exitCode === null) child.kill(signal)
			const code = await exited
			if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true })
			return code
		},
	}
}

/** Cookies from a response's Set-Cookie headers, as a Cookie request header. */
export function cookiesFrom(response: Response, jar = new Map<string, string>()) {
	for (const cookie of response.headers.getSetCookie()) {
		const [pair] = cookie.split(';')
		const [name, ...rest] = (pair ?? '').split('=')
		if (!name) continue
		if (/max-age=0/i.test(cookie) || rest.join('=') === '') jar.delete(name.trim())
		else jar.set(name.trim(), rest.join('='))
	}
	return jar
}

export function cookieHeader(jar: Map<string, string>) {
	return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
}

/** Signs in through the login form over HTTP and returns the Cookie header for the session. */
export async function signInCookie(server: RunningServer, account: { email: string; password: string }) {
	const response = await fetch(`${server.url}/giris`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
		body: new URLSearchParams({ email: account.email, password: account.password }),
	})
	if (response.status !== 302) throw new Error(`sign-in failed with ${response.status}`)
	return cookieHeader(cookiesFrom(response))
}

export type AdminSite = { tdb: TestDatabase; server: RunningServer; cookie: string; stop(): Promise<void> }

/** A fresh SQLite site with one admin account, served by the production server, and that admin's session cookie. */
export async function startAdminSite(admin: { email: string; password: string; fullName: string }): Promise<AdminSite> {
	const tdb = await createTestDatabase('sqlite')
	await migrateToLatest(tdb.handle.db)
	await createAccount({ ...admin, isAdmin: true })
	const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url })
	return {
		tdb,
		server,
		cookie: await signInCookie(server, admin),
		async stop() {
			await server.stop()
			await tdb.cleanup()
		},
	}
}

type RouteEntry = { path?: string; index?: boolean; children?: Array<RouteEntry> }

/**
 * One address for every route in app/routes.ts (parameters filled with a
 * plausible value, the catch-all with an unknown path; an index route as
 * `?index`, the form React Router posts to), so a test of every route
 * covers a route added later too.
 */
export async function everyRoutePath(): Promise<Array<string>> {
	const { default: routes } = (await import('#app/routes.ts')) as { default: Array<RouteEntry> }
	const paths: Array<string> = []
	const walk = (entries: Array<RouteEntry>, parent: string) => {
		for (const entry of entries) {
			const own = (entry.path ?? '').replace(/:[a-z]+/gi, 'ornek-kayit').replace(/^\*$/, 'boyle-bir-yol-yok')
			const path = [parent, own].filter(Boolean).join('/')
			paths.push(`/${path}${entry.index ? (path ? '?index' : '') : ''}`)
			if (entry.children) walk(entry.children, path)
		}
	}
	walk(routes, '')
	return paths
}

/**
 * Runs `run` against the production server on a fresh, migrated database of
 * the dialect that holds these accounts; removes both after.
 */
export async function withAccountsServer(
	dialect: Dialect,
	accounts: Array<{ email: string; password: string; fullName: string; isAdmin: boolean }>,
	run: (server: RunningServer, tdb: TestDatabase) => Promise<void>,
	env: Record<string, string> = {},
) {
	const tdb = await createTestDatabase(dialect)
	let server: RunningServer | undefined
	try {
		await migrateToLatest(tdb.handle.db)
		for (const account of accounts) await createAccount(account)
		server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url, ...env })
		await run(server, tdb)
	} finally {
		await server?.stop()
		await tdb.cleanup()
	}
}
