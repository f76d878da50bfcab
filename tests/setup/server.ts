import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createAccount } from '#app/features/users/users.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import type { Dialect } from '#app/lib/db.server.ts'
import { NODE_FLAGS, serverEntry, START_ENV } from '../../scripts/lib/production-server.ts'
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

/** Whether `pid` is `root` or a process under it (a cluster's worker answers /readyz with its own pid). */
function isProcessOf(pid: number, root: number | undefined) {
	for (let at = pid, depth = 0; at > 1 && depth < 4; depth++) {
		if (at === root) return true
		try {
			// /proc/<pid>/stat: "pid (name) state ppid …"
			at = Number(fs.readFileSync(`/proc/${at}/stat`, 'utf8').split(') ')[1]?.split(' ')[1])
		} catch {
			return false
		}
	}
	return false
}

/**
 * The production server (`build/node/server.js` as `npm start` runs it, built
 * beforehand by `npm test`) on a free port (or `env.PORT`) and a fresh data directory, ready when /readyz answers.
 * `script` runs another entry instead (`scripts/start.mjs`, what `npm start` runs).
 *
 * The port is free when it is chosen, not necessarily when the server listens: a server another test
 * file started meanwhile may hold it. So ready means ready with this server's own pid (otherwise the
 * test would talk to the other file's server and its database), and a server that found its port
 * taken is started again on another.
 */
export async function startServer(env: Record<string, string> = {}, { script = serverEntry() } = {}): Promise<RunningServer> {
	const dataDir = env.DATA_DIR ?? makeTempDir('site-server-')
	for (let attempt = 1; ; attempt++) {
		// A port the caller names is used as it is, and not tried again when it is taken.
		const port = env.PORT ? Number(env.PORT) : await freePort()
		// With the V8 flags and allocator settings of `npm start` (the heap limit among them).
		const child = spawn(process.execPath, [...NODE_FLAGS, script], {
			cwd: ROOT,
			env: {
				...START_ENV,
				PATH: process.env.PATH ?? '',
				SITE_BUILD_DIR: process.env.SITE_BUILD_DIR ?? 'build',
				// As `npm start` does: compiled code kept on disk makes each of the suite's many starts cheaper.
				NODE_COMPILE_CACHE: path.join(os.tmpdir(), 'node-compile-cache'),
				NODE_ENV: 'production',
				SEED_DEMO: '0',
				// Share cards are drawn by a background process whose writes would move pages under a test's feet; the share-cards test turns them on.
				SHARE_CARDS: 'off',
				LOG_LEVEL: 'warn',
				// One process, whatever the machine (a test reads that process's cache and counters); workers.test.ts asks for two.
				WEB_CONCURRENCY: '1',
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
		let ready = false
		while (!ready && child.exitCode === null) {
			try {
				const answer = await fetch(`${url}/readyz`)
				ready = answer.ok && isProcessOf(((await answer.json()) as { pid?: number }).pid ?? 0, child.pid)
			} catch {
				// not listening yet
			}
			if (ready) break
			if (Date.now() > deadline) {
				child.kill('SIGKILL')
				throw new Error(`server did not become ready: ${output}`)
			}
			await new Promise((resolve) => setTimeout(resolve, 100))
		}
		if (!ready) {
			await exited
			if (attempt < 3 && !env.PORT && output.includes(`Port ${port} is already in use`)) continue
			throw new Error(`server exited: ${output}`)
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

/** An admin form's fields: a FormData goes multipart (files and all), anything else urlencoded, as a browser sends them. */
export type AdminFields = FormData | URLSearchParams | Record<string, string | number | ReadonlyArray<string | number>>

/** What the admin's write door answered a plain form post. */
export type AdminAnswer = {
	status: number
	/** Where a success sends the browser (`/admin/<slug>`), or null. */
	location: string | null
	/** The body as sent: after a refusal, the section's page rendered by the server. */
	html: string
	/** What a person sees of `html` (see visibleText). */
	text: string
}

/**
 * Posts a form to `/admin/<slug>` (the section route's action, the admin's
 * only write door) the way a browser without JavaScript does: from this
 * site (its Origin, unless `origin` says otherwise; null sends none), not
 * following the redirect. `query` is the address's parameters, e.g.
 * `{ new: 1 }` or `{ edit: 3 }` for the dialog a refused form comes back in.
 */
export async function postAdmin(
	server: Pick<RunningServer, 'url'>,
	slug: string,
	fields: AdminFields,
	options: { cookie?: string; query?: Record<string, string | number>; origin?: string | null; headers?: Record<string, string> } = {},
): Promise<AdminAnswer> {
	const query = new URLSearchParams(Object.entries(options.query ?? {}).map(([name, value]) => [name, String(value)])).toString()
	let body: FormData | URLSearchParams
	if (fields instanceof FormData || fields instanceof URLSearchParams) body = fields
	else {
		body = new URLSearchParams()
		for (const [name, value] of Object.entries(fields))
			for (const item of Array.isArray(value) ? value : [value]) body.append(name, String(item))
	}
	const headers: Record<string, string> = { ...options.headers }
	const origin = options.origin === undefined ? server.url : options.origin
	if (origin !== null) headers.origin = origin
	if (options.cookie) headers.cookie = options.cookie
	const response = await fetch(`${server.url}/admin/${slug}${query ? `?${query}` : ''}`, {
		method: 'POST',
		redirect: 'manual',
		headers,
		body,
	})
	const html = await response.text()
	return { status: response.status, location: response.headers.get('location'), html, text: visibleText(html) }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/** Text with HTML's character references resolved. */
export function decodeEntities(text: string) {
	return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
		if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16))
		if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)))
		return ENTITIES[name.toLowerCase()] ?? whole
	})
}

/**
 * The text a person sees on a server-rendered page: without tags, comments,
 * scripts (React Router's hydration data repeats an action's answer there)
 * and styles; references decoded; whitespace collapsed.
 */
export function visibleText(html: string) {
	const text = html
		.replace(/<(script|style|template|title)\b[\s\S]*?<\/\1\s*>/gi, ' ')
		.replace(/<!--[\s\S]*?-->/g, '')
		.replace(/<[^>]*>/g, ' ')
	return decodeEntities(text).replace(/\s+/g, ' ').trim()
}

type Control = { tag: string; attributes: Map<string, string>; content: string }

function attributesOf(source: string) {
	const attributes = new Map<string, string>()
	for (const match of source.matchAll(/([^\s"'=<>/]+)(?:="([^"]*)")?/g))
		attributes.set(match[1]!.toLowerCase(), decodeEntities(match[2] ?? ''))
	return attributes
}

/** The form controls (input, textarea, select) named `name`, in page order, outside scripts. */
function controlsNamed(html: string, name: string): Array<Control> {
	const page = html.replace(/<script\b[\s\S]*?<\/script\s*>/gi, '')
	const controls: Array<Control> = []
	for (const match of page.matchAll(/<(input|textarea|select)\b([^>]*)>/gi)) {
		const attributes = attributesOf(match[2] ?? '')
		if (attributes.get('name') !== name) continue
		const tag = match[1]!.toLowerCase()
		const start = (match.index ?? 0) + match[0].length
		const end = tag === 'input' ? start : page.indexOf(`</${tag}>`, start)
		controls.push({ tag, attributes, content: page.slice(start, end === -1 ? start : end) })
	}
	return controls
}

/** The control a person fills in: the first named `name` that is not hidden. */
function visibleControl(html: string, name: string) {
	const controls = controlsNamed(html, name)
	return controls.find((control) => control.attributes.get('type') !== 'hidden') ?? controls[0] ?? null
}

/**
 * The value the form shows in its control named `name` (after a refusal:
 * what was typed): an input's value, a textarea's text, a select's chosen
 * option, a ticked checkbox's value ('' unticked); null without such a control.
 */
export function fieldValue(html: string, name: string): string | null {
	const control = visibleControl(html, name)
	if (!control) return null
	if (control.tag === 'textarea') return decodeEntities(control.content.replace(/^\n/, ''))
	if (control.tag === 'select') {
		const options = [...control.content.matchAll(/<option\b([^>]*)>/gi)].map((option) => attributesOf(option[1] ?? ''))
		const chosen = options.find((option) => option.has('selected')) ?? options[0]
		return chosen?.get('value') ?? null
	}
	const type = control.attributes.get('type')
	if (type === 'checkbox' || type === 'radio') return control.attributes.has('checked') ? (control.attributes.get('value') ?? 'on') : ''
	return control.attributes.get('value') ?? ''
}

/**
 * The error shown at the control named `name`: the text of the element its
 * aria-describedby names that is a field error, so it is both next to the
 * field and read out with it; null when the field shows none.
 */
export function fieldError(html: string, name: string): string | null {
	const control = visibleControl(html, name)
	if (!control) return null
	for (const id of (control.attributes.get('aria-describedby') ?? '').split(/\s+/).filter(Boolean)) {
		const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
		const element = new RegExp(`<([a-z]+)\\b([^>]*\\bid="${escaped}"[^>]*)>([\\s\\S]*?)</\\1>`, 'i').exec(html)
		if (element && /\bfield__error\b/.test(attributesOf(element[2] ?? '').get('class') ?? '')) return visibleText(element[3] ?? '')
	}
	return null
}

/** The texts of the page's alerts (role="alert"): where a refusal's message shows. */
export function alertTexts(html: string): Array<string> {
	const page = html.replace(/<script\b[\s\S]*?<\/script\s*>/gi, '')
	return [...page.matchAll(/<([a-z]+)\b[^>]*\brole="alert"[^>]*>([\s\S]*?)<\/\1>/gi)].map((match) => visibleText(match[2] ?? ''))
}

export type AdminSite = { tdb: TestDatabase; server: RunningServer; cookie: string; stop(): Promise<void> }

/** A fresh SQLite site with one admin account, served by the production server, and that admin's session cookie. */
export async function startAdminSite(admin: { email: string; password: string; fullName: string }): Promise<AdminSite> {
	const tdb = await createTestDatabase('sqlite', { migrated: true })
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
	const tdb = await createTestDatabase(dialect, { migrated: true })
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
