import { expect, test } from 'vitest'
import { readEnv } from '#app/lib/env.server.ts'
import { dialectsUnderTest, type TestDatabase } from '#tests/setup/db.ts'
import { cookieHeader, cookiesFrom, postAdmin, withAccountsServer, type RunningServer } from '#tests/setup/server.ts'

const ADMIN = { email: 'oturum@example.org', password: 'Kurul-Toplantisi-1987', fullName: 'Oturum Testi' }
const MINUTE = 60_000
const DAY = 86_400_000

function withSite(
	dialect: TestDatabase['dialect'],
	run: (server: RunningServer, tdb: TestDatabase) => Promise<void>,
	env: Record<string, string> = {},
) {
	return withAccountsServer(dialect, [{ ...ADMIN, isAdmin: true }], run, env)
}

async function signIn(server: RunningServer) {
	const response = await fetch(`${server.url}/giris`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
		body: new URLSearchParams(ADMIN),
	})
	expect(response.status).toBe(302)
	return cookiesFrom(response)
}

const iso = (ms: number) => new Date(ms).toISOString()

async function setSession(tdb: TestDatabase, times: { createdAt: number; updatedAt: number; expiresAt: number }) {
	await tdb.handle.db
		.updateTable('sessions')
		.set({ created_at: iso(times.createdAt), updated_at: iso(times.updatedAt), expires_at: iso(times.expiresAt) })
		.execute()
}

/** Opens an admin section: 200 while the session lasts, a redirect to sign in after. */
async function openAdmin(server: RunningServer, jar: Map<string, string>) {
	const response = await fetch(`${server.url}/admin/duyurular`, { redirect: 'manual', headers: { cookie: cookieHeader(jar) } })
	cookiesFrom(response, jar)
	return response
}

async function sessionRows(tdb: TestDatabase) {
	const rows = await tdb.handle.db.selectFrom('sessions').select(['updated_at', 'expires_at']).execute()
	return rows.map((row) => ({ updatedAt: new Date(row.updated_at).getTime(), expiresAt: new Date(row.expires_at).getTime() }))
}

for (const dialect of dialectsUnderTest()) {
	test(`ends an admin session after two idle hours or seven days, and keeps one in use alive (${dialect})`, async () => {
		await withSite(dialect, async (server, tdb) => {
			const jar = await signIn(server)
			const fresh = await openAdmin(server, jar)
			expect(fresh.status).toBe(200)
			expect(fresh.headers.getSetCookie().some((c) => c.startsWith('nds.session_token='))).toBe(false)
			const now = Date.now()

			await setSession(tdb, { createdAt: now - DAY, updatedAt: now - 119 * MINUTE, expiresAt: now + MINUTE })
			const active = await openAdmin(server, jar)
			expect(active.status).toBe(200)
			expect(active.headers.getSetCookie().find((c) => c.startsWith('nds.session_token='))).toMatch(/Max-Age=7200/)
			const [touched] = await sessionRows(tdb)
			expect(touched?.updatedAt).toBeGreaterThan(now - MINUTE)
			expect(touched?.expiresAt).toBeGreaterThan(now + 119 * MINUTE)
			expect((await openAdmin(server, jar)).status).toBe(200)

			await setSession(tdb, { createdAt: now - DAY, updatedAt: now - 121 * MINUTE, expiresAt: now + DAY })
			const idle = await openAdmin(server, jar)
			expect(idle.status).toBe(302)
			expect(idle.headers.get('location')).toBe('/giris?redirect=%2Fadmin%2Fduyurular')
			expect(idle.headers.getSetCookie().some((c) => c.startsWith('nds.session_token=;') && /Max-Age=0/i.test(c))).toBe(true)
			expect(await sessionRows(tdb)).toEqual([])
			expect((await openAdmin(server, jar)).status).toBe(302)

			const second = await signIn(server)
			await setSession(tdb, { createdAt: now - 7 * DAY - MINUTE, updatedAt: now - MINUTE, expiresAt: now + DAY })
			const write = await postAdmin(server, 'duyurular', { intent: 'x' }, { cookie: cookieHeader(second) })
			expect(write.status).toBe(401)
			expect(await sessionRows(tdb)).toEqual([])
			expect((await openAdmin(server, second)).status).toBe(302)

			const third = await signIn(server)
			await setSession(tdb, { createdAt: now - 7 * DAY + 10 * MINUTE, updatedAt: now - MINUTE, expiresAt: now + DAY })
			expect((await openAdmin(server, third)).status).toBe(200)
		})
	})
}

test('takes the session lifetimes from SESSION_IDLE_MINUTES and SESSION_MAX_DAYS', async () => {
	await withSite(
		'sqlite',
		async (server, tdb) => {
			const jar = await signIn(server)
			const now = Date.now()
			await setSession(tdb, { createdAt: now - MINUTE, updatedAt: now - 29 * MINUTE, expiresAt: now + DAY })
			expect((await openAdmin(server, jar)).status).toBe(200)
			await setSession(tdb, { createdAt: now - MINUTE, updatedAt: now - 31 * MINUTE, expiresAt: now + DAY })
			expect((await openAdmin(server, jar)).status).toBe(302)
			const again = await signIn(server)
			await setSession(tdb, { createdAt: now - DAY - MINUTE, updatedAt: now - MINUTE, expiresAt: now + DAY })
			expect((await openAdmin(server, again)).status).toBe(302)
		},
		{ SESSION_IDLE_MINUTES: '30', SESSION_MAX_DAYS: '1' },
	)
	expect(readEnv({}).SESSION_IDLE_MINUTES).toBe(120)
	expect(readEnv({}).SESSION_MAX_DAYS).toBe(7)
	for (const [name, value] of [
		['SESSION_IDLE_MINUTES', '4'],
		['SESSION_IDLE_MINUTES', '1441'],
		['SESSION_IDLE_MINUTES', '90.5'],
		['SESSION_IDLE_MINUTES', 'iki saat'],
		['SESSION_MAX_DAYS', '0'],
		['SESSION_MAX_DAYS', '31'],
	] as const) {
		expect(() => readEnv({ [name]: value }), `${name}=${value}`).toThrow(new RegExp(`^${name} is invalid: must be a whole number`))
	}
})
