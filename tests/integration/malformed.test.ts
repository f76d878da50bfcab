import net from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ADMIN_SECTIONS } from '#app/features/admin/sections.ts'
import { createAnnouncement } from '#tests/factories/announcements.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { everyRoutePath, startAdminSite, withAccountsServer, type AdminSite } from '#tests/setup/server.ts'

/**
 * Requests no browser sends, written byte for byte on a raw socket (fetch
 * would normalise them): odd methods, Host headers, bodies and request
 * targets, against every route. Each one gets an answer below 500, a
 * Turkish page when it is a page, and the server logs no error.
 */

const ADMIN = { email: 'bozuk-istek@example.org', password: 'Kurul-Toplantisi-1987', fullName: 'Bozuk İstek' }

let site: AdminSite
let routes: Array<string>
let sent = 0

beforeAll(async () => {
	site = await startAdminSite(ADMIN)
	await createAnnouncement({ title: 'Örnek kayıt', slug: 'ornek-kayit' })
	routes = await everyRoutePath()
})

afterAll(async () => {
	await site?.stop()
})

type Answer = { status: number; head: string; body: string; bodyless: boolean }

/** Sends the request line and headers (`lines`, latin1) and `body`; the answer ends when the server closes the connection. */
function raw(lines: Array<string>, body: Buffer | string = ''): Promise<Answer> {
	sent++
	return new Promise((resolve, reject) => {
		const socket = net.connect(site.server.port, '127.0.0.1')
		const chunks: Array<Buffer> = []
		const timer = setTimeout(() => {
			socket.destroy()
			reject(new Error(`no answer within 10 s: ${lines[0]?.slice(0, 120)}`))
		}, 10_000)
		socket.on('data', (chunk: Buffer) => chunks.push(chunk))
		socket.on('error', () => {})
		socket.on('close', () => {
			clearTimeout(timer)
			const text = Buffer.concat(chunks).toString('latin1')
			const split = text.indexOf('\r\n\r\n')
			const head = split === -1 ? text : text.slice(0, split)
			const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0)
			resolve({
				status,
				head,
				body: Buffer.from(split === -1 ? '' : text.slice(split + 4), 'latin1').toString('utf8'),
				bodyless: (lines[0] ?? '').startsWith('HEAD '),
			})
		})
		// No half-close: Node drops a request whose client has ended its side.
		socket.write(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.from(body)]))
	})
}

function expectAnswered(what: string, answer: Answer) {
	expect(answer.status, what).toBeGreaterThanOrEqual(200)
	expect(answer.status, what).toBeLessThan(500)
	const page = answer.status >= 400 && !answer.bodyless && /content-type: text\/html/i.test(answer.head)
	expect(page ? answer.body.includes('lang="tr"') : true, `${what}: a Turkish page`).toBe(true)
}

function hostOf() {
	return `127.0.0.1:${site.server.port}`
}

/** Every route once for each class, then random pairs: a class's values meet every route without the full product. */
async function everyRouteWith<T>(values: fc.Arbitrary<T>, first: T, send: (route: string, value: T) => Promise<[string, Answer]>) {
	const covered = new Set<string>()
	await fc.assert(
		fc.asyncProperty(fc.constantFrom(...routes), values, async (route, value) => {
			const [what, answer] = await send(route, value)
			expectAnswered(what, answer)
			covered.add(route)
		}),
		{ numRuns: routes.length + 40, examples: routes.map((route) => [route, first] as [string, T]) },
	)
	return covered
}

const METHODS = [
	'GET',
	'HEAD',
	'POST',
	'PUT',
	'DELETE',
	'PATCH',
	'OPTIONS',
	'TRACE',
	'TRACK',
	'CONNECT',
	'PROPFIND',
	'MKCOL',
	'PURGE',
	'QUERY',
	'M-SEARCH',
	'get',
	'post',
	'Get',
	'FOO',
	'G\u0130T',
]

test('every method on every route gets an answer below 500', async () => {
	const covered = await everyRouteWith(fc.constantFrom(...METHODS), 'TRACE', async (route, method) => {
		const answer = await raw(
			[
				`${method} ${route} HTTP/1.1`,
				`Host: ${hostOf()}`,
				`Origin: http://${hostOf()}`,
				'Content-Type: application/x-www-form-urlencoded',
				'Content-Length: 9',
				'Connection: close',
			],
			'intent=x&',
		)
		return [`${method} ${route}`, answer]
	})
	expect([...covered].toSorted()).toEqual([...routes].toSorted())
})

const HOSTS = fc.oneof(
	fc.constantFrom(
		null,
		'',
		'a b',
		'127.0.0.1:abc',
		'127.0.0.1:99999',
		'127.0.0.1:',
		':80',
		'[::1',
		'[::1]:x',
		'x@127.0.0.1',
		'çğüş.örnek.org',
		'xn--8ca.example:3000',
		'example.org:80:80',
		'a'.repeat(300),
		'a'.repeat(6000),
		'localhost, evil.example',
		'%00',
		'..',
		'/',
	),
	fc.string({ unit: 'binary', maxLength: 40 }).map((value) => value.replace(/[\r\n]/g, '')),
)

test('any Host header (missing, empty, spaced, long, Unicode, with a broken port) gets an answer below 500', async () => {
	const covered = await everyRouteWith(HOSTS, 'a b', async (route, host) => {
		const lines = [`GET ${route} HTTP/1.1`, 'Connection: close']
		if (host !== null) lines.push(`Host: ${host}`)
		const answer = await raw(lines.map((line) => Buffer.from(line, 'utf8').toString('latin1')))
		return [`Host ${JSON.stringify(host?.slice(0, 60))} ${route}`, answer]
	})
	expect([...covered].toSorted()).toEqual([...routes].toSorted())
})

const BODIES = fc.constantFrom(
	{ type: 'application/json', body: '{"email":"a@b.c","password":"x"}' },
	{ type: 'application/json', body: '{"__proto__":{"polluted":1}}' },
	{ type: 'multipart/form-data', body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na\r\n--x--\r\n' },
	{ type: 'multipart/form-data; boundary=x', body: 'not multipart at all' },
	{ type: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na' },
	{ type: `multipart/form-data; boundary=${'b'.repeat(5000)}`, body: `--${'b'.repeat(5000)}\r\n` },
	{ type: 'multipart/form-data; boundary=""', body: '--\r\n' },
	{ type: 'text/plain', body: 'email=a@b.c&password=x' },
	{ type: 'application/x-www-form-urlencoded', body: '%%%&&&==&email=%ZZ&password=%' },
	{ type: 'application/x-www-form-urlencoded', body: '\u0000\u00ff\ud800'.repeat(50) },
	{ type: 'application/x-www-form-urlencoded; charset=utf-7', body: 'intent=delete&id=__proto__' },
	{ type: '', body: 'email=a' },
	{ type: 'application/xml', body: '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
)

test('any body posted to any route, form or not, gets an answer below 500', async () => {
	const covered = await everyRouteWith(BODIES, { type: 'application/json', body: '{}' }, async (route, { type, body }) => {
		const bytes = Buffer.from(body, 'utf8')
		const lines = [
			`POST ${route} HTTP/1.1`,
			`Host: ${hostOf()}`,
			`Origin: http://${hostOf()}`,
			`Content-Length: ${bytes.length}`,
			'Connection: close',
		]
		if (type) lines.push(`Content-Type: ${type}`)
		return [`POST ${route} as ${type.slice(0, 40)}`, await raw(lines, bytes)]
	})
	expect([...covered].toSorted()).toEqual([...routes].toSorted())
})

const TARGETS = fc.constantFrom<(route: string) => string>(
	(route: string) => `http://127.0.0.1:${site.server.port}${route}`,
	(route: string) => `http://evil.example${route}`,
	(route: string) => `https://127.0.0.1${route}`,
	(route: string) => `ftp://127.0.0.1${route}`,
	(route: string) => `http://a b${route}`,
	(_route: string) => '*',
	(route: string) => route.slice(1) || 'x',
	(route: string) => `${route}#parca`,
	(route: string) => `${route}\\..\\..\\`,
	(route: string) => `\\\\evil.example${route}`,
	(route: string) => `/${route}`,
	(route: string) => `${route}%00`,
	(route: string) => `${route}/%2e%2e/%2e%2e/`,
	(route: string) => `${route}${route.includes('?') ? '&' : '?'}tab=__proto__&q=%&sayfa=constructor`,
)

test('any request target (absolute, asterisk, fragment, backslashes, %00) on any route gets an answer below 500', async () => {
	const methods = fc.constantFrom('GET', 'HEAD', 'POST', 'OPTIONS')
	const covered = await everyRouteWith<[(route: string) => string, string]>(
		fc.tuple(TARGETS, methods),
		[(route: string) => `http://127.0.0.1:${site.server.port}${route}`, 'GET'],
		async (route, [target, method]) => {
			const line = `${method} ${target(route)} HTTP/1.1`
			const answer = await raw([line, `Host: ${hostOf()}`, `Origin: http://${hostOf()}`, 'Content-Length: 0', 'Connection: close'])
			return [line, answer]
		},
	)
	expect([...covered].toSorted()).toEqual([...routes].toSorted())
})

test('admin lookups by a posted or addressed name use own entries only: __proto__, constructor and the like find nothing', async () => {
	const names = fc.oneof(
		fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype), 'prototype', '__defineGetter__'),
		fc.string({ maxLength: 12 }).filter((name) => !/^(save|delete|reorder|move)$/.test(name)),
	)
	// An old `/admin?tab=` link, a section address, a section's form (plain and enhanced) with the name as its intent.
	const doors = fc.constantFrom('legacy', 'page', 'post', 'intent', 'enhanced')
	const sections = fc.constantFrom(...ADMIN_SECTIONS.map((section) => section.slug))
	await fc.assert(
		fc.asyncProperty(names, doors, sections, async (name, door, slug) => {
			const encoded = encodeURIComponent(name)
			const path = {
				legacy: `/admin?tab=${encoded}`,
				page: `/admin/${encoded}`,
				post: `/admin/${encoded}`,
				intent: `/admin/${slug}?edit=${encoded}`,
				enhanced: `/admin/${slug}.data`,
			}[door]
			const body = `intent=${encoded}&id=1&${encoded}=1`
			const lines = [
				`${door === 'legacy' || door === 'page' ? 'GET' : 'POST'} ${path} HTTP/1.1`,
				`Host: ${hostOf()}`,
				`Origin: http://${hostOf()}`,
				`Cookie: ${site.cookie}`,
				'Content-Type: application/x-www-form-urlencoded',
				`Content-Length: ${Buffer.byteLength(body)}`,
				'Connection: close',
			]
			const answer = await raw(lines, body)
			expectAnswered(`${door} ${path} ${name}`, answer)
			// Nothing was done with a name that is no intent: never a success.
			const posted = door === 'intent' || door === 'enhanced'
			expect(posted ? answer.status >= 400 : true, `${door} ${slug} ${name}: refused`).toBe(true)
		}),
		{
			numRuns: 80,
			examples: [
				['__proto__', 'intent', 'duyurular'],
				['constructor', 'legacy', 'duyurular'],
			],
		},
	)
})

test('the server logged no error for any of them and still answers', async () => {
	expect(sent).toBeGreaterThan(300)
	const errors = site.server
		.output()
		.split('\n')
		.filter((line) => /"level":(50|60)/.test(line))
	expect(errors).toEqual([])
	expect((await fetch(`${site.server.url}/healthz`)).ok).toBe(true)
})

test('a NUL in any address, path or query, is refused with 400 before PostgreSQL sees it', async () => {
	if (!dialectsUnderTest().includes('postgres')) return
	await withAccountsServer('postgres', [], async (server) => {
		const targets = routes.flatMap((route) => {
			const [path = '', query] = route.split('?')
			return [`${path}%00`, `${path}/a%00b`, `${path}?${query ? `${query}&` : ''}q=%00&sayfa=%00&kategori=%00&ay=%00`]
		})
		const answers = await Promise.all(
			targets.map(async (target) => [target, (await fetch(`${server.url}${target}`, { redirect: 'manual' })).status] as const),
		)
		expect(answers.filter(([, status]) => status !== 400)).toEqual([])
		expect(server.output()).not.toMatch(/"level":(50|60)/)
		expect((await fetch(`${server.url}/etkinlikler/boyle-bir-etkinlik-yok`)).status).toBe(404)
	})
})
