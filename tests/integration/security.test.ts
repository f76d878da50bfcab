import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { ADMIN_SECTIONS } from '#app/features/admin/sections.ts'
import type { TestDatabase } from '#tests/setup/db.ts'
import { postAdmin, signInCookie, withAccountsServer, type RunningServer } from '#tests/setup/server.ts'

const ADMIN = { email: 'guvenlik@example.org', password: 'Kurul-Toplantisi-1987', fullName: 'Güvenlik Testi' }

function withServer(run: (server: RunningServer, tdb: TestDatabase) => Promise<void>, env: Record<string, string> = {}) {
	return withAccountsServer('sqlite', [{ ...ADMIN, isAdmin: true }], run, env)
}

function csp(response: Response) {
	const header = response.headers.get('content-security-policy') ?? ''
	return Object.fromEntries(
		header
			.split(';')
			.map((part) => part.trim().split(/\s+/))
			.map(([name, ...values]) => [name, values]),
	)
}

test('sends the security headers on pages, with per-request script nonces and no inline scripts without one', async () => {
	await withServer(async (server) => {
		for (const pathname of ['/', '/duyurular', '/giris', '/boyle-bir-yol-yok', '/robots.txt']) {
			const response = await fetch(`${server.url}${pathname}`, { redirect: 'manual' })
			const policy = csp(response)
			expect(policy['script-src'], pathname).toEqual(expect.arrayContaining(["'self'"]))
			expect(policy['script-src'], pathname).not.toContain("'unsafe-inline'")
			expect(policy['frame-ancestors'], pathname).toEqual(["'self'"])
			expect(policy['object-src'], pathname).toEqual(["'none'"])
			expect(response.headers.get('x-content-type-options'), pathname).toBe('nosniff')
			expect(response.headers.get('referrer-policy'), pathname).toBe('strict-origin-when-cross-origin')
			expect(response.headers.get('permissions-policy'), pathname).toMatch(/camera=\(\)/)
			expect(response.headers.get('strict-transport-security'), pathname).toBeNull()
		}
		const login = await fetch(`${server.url}/giris`)
		const nonce = /'nonce-([^']+)'/.exec(login.headers.get('content-security-policy') ?? '')?.[1]
		const html = await login.text()
		const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1] ?? '')
		expect(inline.length).toBeGreaterThan(0)
		for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`)
		const again = await fetch(`${server.url}/giris`)
		expect(/'nonce-([^']+)'/.exec(again.headers.get('content-security-policy') ?? '')?.[1]).not.toBe(nonce)

		const home = await (await fetch(`${server.url}/`)).text()
		expect(home).not.toMatch(/<script(?![^>]*\b(?:src=|type="application\/ld\+json"))[^>]*>/)
	})
})

test('adds HSTS behind an HTTPS proxy it trusts', async () => {
	await withServer(
		async (server) => {
			const response = await fetch(`${server.url}/`, { headers: { 'x-forwarded-proto': 'https' } })
			expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
		},
		{ TRUST_PROXY: 'loopback' },
	)
})

test('serves media only as media: no HTML, no traversal, sandboxed, with the right disposition', async () => {
	await withServer(async (server, tdb) => {
		const dir = path.join(tdb.dataDir, 'media', 'events')
		fs.mkdirSync(dir, { recursive: true })
		fs.writeFileSync(path.join(dir, '1700-ab12cd-10x10.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0]))
		fs.writeFileSync(path.join(dir, 'evil.html'), '<script>alert(1)</script>')
		fs.writeFileSync(path.join(dir, 'evil.svg'), '<svg onload="alert(1)"/>')

		const image = await fetch(`${server.url}/media/events/1700-ab12cd-10x10.jpg`)
		expect(image.status).toBe(200)
		expect(image.headers.get('content-type')).toBe('image/jpeg')
		expect(image.headers.get('x-content-type-options')).toBe('nosniff')
		expect(image.headers.get('content-disposition')).toBe('inline; filename="1700-ab12cd-10x10.jpg"')
		expect(image.headers.get('content-security-policy')).toContain('sandbox')
		expect(image.headers.get('cache-control')).toContain('immutable')

		for (const bad of [
			'/media/events/evil.html',
			'/media/events/evil.svg',
			'/media/../site.db',
			'/media/%2e%2e/site.db',
			'/media/events/..%2f..%2fsite.db',
			'/media/events/x%00.jpg',
			'/media/events/%ff.jpg',
		]) {
			const response = await rawGet(`${server.url}${bad}`)
			expect([400, 404], bad).toContain(response.status)
			expect(response.type, bad).not.toContain('text/html')
			expect(response.body, bad).not.toContain('SQLite format')
		}
	})
})

test('refuses an oversized body before reading it', async () => {
	await withServer(async (server) => {
		const status = await new Promise<number>((resolve, reject) => {
			const request = http.request(`${server.url}/admin/takvim`, {
				method: 'POST',
				headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(200 * 1024 * 1024) },
			})
			request.on('response', (response) => resolve(response.statusCode ?? 0))
			request.on('error', reject)
			request.write('--x\r\n')
		})
		expect(status).toBe(413)
	})
})

test('refuses state changes from another origin, with or without a session', async () => {
	await withServer(async (server, tdb) => {
		const cookie = await signInCookie(server, ADMIN)
		const evil = 'https://evil.example'
		const form = { intent: 'save', title: 'CSRF girişimi', date: '2027-01-01' }
		const count = async () => (await tdb.handle.db.selectFrom('calendar_entries').select('id').execute()).length
		const before = await count()
		const attempts: Array<{ origin: string | null; cookie?: string; headers?: Record<string, string> }> = [
			{ origin: evil, cookie },
			{ origin: evil },
			{ origin: 'null', cookie },
			{ origin: `${server.url.replace('127.0.0.1', 'localhost')}`, cookie },
			// A browser that sends no Origin still says where the form came from.
			{ origin: null, cookie, headers: { 'sec-fetch-site': 'cross-site' } },
		]
		for (const attempt of attempts) {
			const what = JSON.stringify(attempt)
			// The plain form post and the enhanced one (React Router's single fetch) alike.
			const page = await postAdmin(server, 'takvim', form, attempt)
			expect([400, 401, 403], what).toContain(page.status)
			expect(page.location, what).toBeNull()
			const enhanced = await postAdmin(server, 'takvim.data', form, attempt)
			expect([400, 401, 403], what).toContain(enhanced.status)
		}
		// Every section's door, every kind of write.
		for (const { slug } of ADMIN_SECTIONS) {
			for (const intent of ['save', 'delete', 'reorder']) {
				const answer = await postAdmin(server, slug, { ...form, intent, id: '1', ids: ['1', '2'] }, { origin: evil, cookie })
				expect(answer.status, `${slug} ${intent}`).toBe(403)
			}
		}
		expect(await count()).toBe(before)

		// The old JSON door is gone: whatever is sent there changes nothing.
		for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
			const old = await fetch(`${server.url}/admin/api?tab=calendar`, {
				method,
				redirect: 'manual',
				headers: {
					origin: server.url,
					cookie,
					'x-requested-with': 'site-admin',
					...(method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
				},
				body: method === 'GET' ? undefined : new URLSearchParams(form),
			})
			expect([404, 405], method).toContain(old.status)
			expect(old.headers.get('content-type'), method).not.toMatch(/json/)
		}
		expect(await count()).toBe(before)

		const logout = await fetch(`${server.url}/cikis`, { method: 'POST', redirect: 'manual', headers: { origin: evil, cookie } })
		expect(logout.status).toBe(403)
		expect((await fetch(`${server.url}/admin/takvim`, { redirect: 'manual', headers: { cookie } })).status).toBe(200)

		const login = await fetch(`${server.url}/giris`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: evil },
			body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
		})
		expect(login.status).toBe(403)
		expect(login.headers.getSetCookie()).toEqual([])

		const sameOrigin = await postAdmin(server, 'takvim', form, { cookie })
		expect(sameOrigin).toMatchObject({ status: 303, location: '/admin/takvim' })
		expect(await count()).toBe(before + 1)
	})
})

test('issues a new session id at login even when the browser brings one (no fixation)', async () => {
	await withServer(async (server) => {
		const planted = 'nds.session_token=attacker-chosen-value.signature'
		const response = await fetch(`${server.url}/giris`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, cookie: planted },
			body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
		})
		expect(response.status).toBe(302)
		const issued = response.headers.getSetCookie().find((c) => c.startsWith('nds.session_token='))
		expect(issued).toBeDefined()
		expect(issued).not.toContain('attacker-chosen-value')
		const withPlanted = await fetch(`${server.url}/admin/duyurular`, { redirect: 'manual', headers: { cookie: planted } })
		expect(withPlanted.status).toBe(302)
		expect(withPlanted.headers.get('location')).toMatch(/^\/giris\?redirect=/)
	})
})

test('a failing page shows a Turkish apology with a request id; the details go only to the log', async () => {
	await withServer(async (server, tdb) => {
		// Break the database behind the server's back: the board page's query now fails.
		await sql`ALTER TABLE board_members RENAME TO board_members_gone`.execute(tdb.handle.db)
		const response = await fetch(`${server.url}/kurumsal/yonetim-kurulu`)
		expect(response.status).toBe(500)
		expect(response.headers.get('content-type')).toContain('text/html')
		const html = await response.text()
		expect(html).toContain('lang="tr"')
		const id = /Hata kodu(?:<!-- -->)?: <code>([\w-]+)<\/code>/.exec(html)?.[1] ?? ''
		expect(id).toMatch(/^[0-9a-f-]{8,}$/i)
		for (const leak of ['board_members', 'no such table', 'SqliteError', 'SELECT', '    at ', 'node_modules', '.ts:'])
			expect(html, leak).not.toContain(leak)
		await expect.poll(() => server.output()).toContain(id)
		const logged = server
			.output()
			.split('\n')
			.filter((line) => line.includes(id))
			.join('\n')
		expect(logged).toContain('board_members')
		expect(logged).toMatch(/"level":50/)
	})
})

/** A GET that sends the path exactly as written (fetch would normalise `..`). */
function rawGet(url: string): Promise<{ status: number; type: string; body: string }> {
	const { origin } = new URL(url)
	const rawPath = url.slice(origin.length)
	return new Promise((resolve, reject) => {
		const request = http.request(origin, { method: 'GET', path: rawPath }, (response) => {
			let body = ''
			response.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')))
			response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type'] ?? ''), body }))
		})
		request.on('error', reject)
		request.end()
	})
}
