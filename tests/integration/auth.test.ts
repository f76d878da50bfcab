import { sql } from 'kysely'
import { expect, test, vi } from 'vitest'
import { ADMIN_SECTIONS } from '#app/features/admin/sections.ts'
import { createAccount, revokeAdmin } from '#app/features/users/users.server.ts'
import { msg } from '#app/lib/messages.ts'
import { dialectsUnderTest, type TestDatabase } from '#tests/setup/db.ts'
import { cookieHeader, cookiesFrom, postAdmin, visibleText, withAccountsServer, type RunningServer } from '#tests/setup/server.ts'

const ADMIN = { email: 'admin@example.org', password: 'Kurul-Toplantisi-1987', fullName: 'Ayşe Nur Karaca' }
const MEMBER = { email: 'uye@example.org', password: 'Mayis-Bulusmasi-2026', fullName: 'Leyla Ertürk' }

function withServer(
	dialect: TestDatabase['dialect'],
	run: (server: RunningServer, tdb: TestDatabase) => Promise<void>,
	env: Record<string, string> = {},
) {
	return withAccountsServer(
		dialect,
		[
			{ ...ADMIN, isAdmin: true },
			{ ...MEMBER, isAdmin: false },
		],
		run,
		env,
	)
}

function post(server: RunningServer, path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
	return fetch(`${server.url}${path}`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, ...headers },
		body: new URLSearchParams(form),
	})
}

async function signIn(server: RunningServer, account: { email: string; password: string }, extra: Record<string, string> = {}) {
	const response = await post(server, '/giris', { email: account.email, password: account.password, ...extra })
	return { response, jar: cookiesFrom(response) }
}

const get = (server: RunningServer, path: string, cookie = '') =>
	fetch(`${server.url}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} })

for (const dialect of dialectsUnderTest()) {
	test(`guards the admin area on the server (${dialect})`, async () => {
		await withServer(dialect, async (server) => {
			const anonymous = await get(server, '/admin/etkinlikler?edit=3')
			expect(anonymous.status).toBe(302)
			expect(anonymous.headers.get('location')).toBe('/giris?redirect=%2Fadmin%2Fetkinlikler%3Fedit%3D3')
			// An old link is guarded before it is sent on.
			const anonymousOld = await get(server, '/admin?tab=events')
			expect(anonymousOld.status).toBe(302)
			expect(anonymousOld.headers.get('location')).toBe('/giris?redirect=%2Fadmin%3Ftab%3Devents')
			const anonymousData = await get(server, '/admin/etkinlikler.data')
			expect([202, 204, 302]).toContain(anonymousData.status)
			expect(await anonymousData.text()).not.toContain('Hoş geldin')
			const anonymousWrite = await postAdmin(server, 'etkinlikler', { intent: 'x' })
			expect(anonymousWrite.status).toBe(401)

			const member = await signIn(server, MEMBER)
			expect(member.response.status).toBe(302)
			const memberPage = await get(server, '/admin/etkinlikler', cookieHeader(member.jar))
			expect(memberPage.status).toBe(302)
			expect(memberPage.headers.get('location')).toBe('/')
			const memberWrite = await postAdmin(server, 'etkinlikler', { intent: 'x' }, { cookie: cookieHeader(member.jar) })
			expect(memberWrite.status).toBe(403)

			const admin = await signIn(server, ADMIN)
			const adminPage = await get(server, '/admin/etkinlikler', cookieHeader(admin.jar))
			expect(adminPage.status).toBe(200)
			expect(adminPage.headers.get('cache-control')).toBe('no-store')
			expect(await adminPage.text()).toContain('Ayşe Nur Karaca')

			// The admin opens on its first section; old links go to their section, keeping their other parameters.
			const home = await get(server, '/admin', cookieHeader(admin.jar))
			expect(home.status).toBe(302)
			expect(home.headers.get('location')).toBe(`/admin/${ADMIN_SECTIONS[0].slug}`)
			for (const section of ADMIN_SECTIONS) {
				if (!('legacyTab' in section)) continue
				const old = await get(server, `/admin?tab=${section.legacyTab}&edit=3`, cookieHeader(admin.jar))
				expect(old.status, section.legacyTab).toBe(301)
				expect(old.headers.get('location'), section.legacyTab).toBe(`/admin/${section.slug}?edit=3`)
			}
			// An address that names no section: a 404 inside the admin (its menu is there).
			const missing = await get(server, '/admin/boyle-bir-bolum-yok', cookieHeader(admin.jar))
			expect(missing.status).toBe(404)
			const missingText = visibleText(await missing.text())
			expect(missingText).toContain(msg.admin.missingTitle)
			expect(missingText).toContain('Yönetim Paneli')
		})
	})

	test(`signs in with the spec's redirect rules and refuses open redirects (${dialect})`, async () => {
		await withServer(dialect, async (server) => {
			const plain = await signIn(server, ADMIN)
			expect(plain.response.headers.get('location')).toBe('/admin')
			const cookie = plain.response.headers.getSetCookie().find((c) => c.startsWith('nds.session_token='))
			expect(cookie).toMatch(/HttpOnly/)
			expect(cookie).toMatch(/SameSite=Lax/i)
			expect(cookie).not.toMatch(/Secure/)
			const device = plain.response.headers.getSetCookie().find((c) => c.startsWith('nds.device='))
			expect(device).toMatch(/; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/)

			const withTarget = await signIn(server, ADMIN, { redirect: '/admin/takvim?edit=3' })
			expect(withTarget.response.headers.get('location')).toBe('/admin/takvim?edit=3')
			for (const evil of [
				'https://evil.example/',
				'//evil.example/x',
				'/\\evil.example',
				'javascript:alert(1)',
				'/\r\nSet-Cookie: x=1',
				'/giris',
				'/.//evil.example',
				'/%2e//evil.example',
				'/admin/..//evil.example',
				'/./giris',
			]) {
				const attempt = await signIn(server, ADMIN, { redirect: evil })
				expect(attempt.response.headers.get('location'), evil).toBe('/admin')
			}

			const loginWhileSignedIn = await get(server, '/giris?redirect=%2Fadmin%2Fbultenler%3Fnew%3D1', cookieHeader(plain.jar))
			expect(loginWhileSignedIn.status).toBe(302)
			expect(loginWhileSignedIn.headers.get('location')).toBe('/admin/bultenler?new=1')
			for (const evil of ['https%3A%2F%2Fevil.example', '%2F.%2F%2Fevil.example', '%2F%252e%2F%2Fevil.example']) {
				const evilWhileSignedIn = await get(server, `/giris?redirect=${evil}`, cookieHeader(plain.jar))
				expect(evilWhileSignedIn.headers.get('location'), evil).toBe('/admin')
			}
		})
	})

	test(`answers unknown e-mails and wrong passwords alike (${dialect})`, async () => {
		await withServer(dialect, async (server) => {
			const unknown = await post(server, '/giris', { email: 'kimse@example.org', password: 'Bir-Sifre-123' })
			const wrong = await post(server, '/giris', { email: ADMIN.email, password: 'Yanlis-Sifre-123' })
			expect(unknown.status).toBe(401)
			expect(wrong.status).toBe(401)
			const unknownText = await unknown.text()
			const wrongText = await wrong.text()
			expect(unknownText).toContain('Giriş başarısız')
			const stable = (html: string) => html.replace(/nonce(-|=")[^"']+|[0-9a-f]{12}/g, '')
			expect(stable(wrongText)).toBe(stable(unknownText))
			expect(unknown.headers.getSetCookie()).toEqual([])
		})
	})

	test(`ends sessions: sign-out, revoked admins, and refreshes a session in use (${dialect})`, async () => {
		await withServer(dialect, async (server, tdb) => {
			const first = await signIn(server, ADMIN)
			const second = await signIn(server, ADMIN)
			expect(cookieHeader(first.jar)).not.toBe(cookieHeader(second.jar))

			const signOut = await post(server, '/cikis', {}, { cookie: cookieHeader(first.jar) })
			expect(signOut.status).toBe(302)
			expect(signOut.headers.get('location')).toBe('/giris')
			expect(signOut.headers.getSetCookie().some((c) => c.startsWith('nds.session_token=;') && /Max-Age=0/i.test(c))).toBe(true)
			const signedOut = await get(server, '/admin/duyurular', cookieHeader(first.jar))
			expect(signedOut.status).toBe(302)
			expect(signedOut.headers.get('location')).toMatch(/^\/giris\?redirect=/)
			expect((await get(server, '/admin/duyurular', cookieHeader(second.jar))).status).toBe(200)

			const { db } = tdb.handle
			const lastUse = Date.now() - 10 * 60_000
			await db
				.updateTable('sessions')
				.set({ updated_at: new Date(lastUse).toISOString(), expires_at: new Date(lastUse + 2 * 3_600_000).toISOString() })
				.execute()
			const refreshed = await get(server, '/admin/duyurular', cookieHeader(second.jar))
			expect(refreshed.status).toBe(200)
			expect(refreshed.headers.getSetCookie().some((c) => c.startsWith('nds.session_token='))).toBe(true)
			const row = await db
				.selectFrom('sessions')
				.select(sql<string>`expires_at`.as('expires'))
				.executeTakeFirstOrThrow()
			expect(new Date(row.expires).getTime()).toBeGreaterThan(Date.now() + 119 * 60_000)

			await revokeAdmin(ADMIN.email)
			const afterRevoke = await get(server, '/admin/duyurular', cookieHeader(second.jar))
			expect(afterRevoke.status).toBe(302)
			expect(afterRevoke.headers.get('location')).toMatch(/^\/giris/)
		})
	})
}

test('marks session cookies Secure behind an HTTPS proxy it trusts', async () => {
	await withServer(
		'sqlite',
		async (server) => {
			const response = await post(server, '/giris', ADMIN, { 'x-forwarded-proto': 'https', origin: server.url.replace('http:', 'https:') })
			expect(response.status).toBe(302)
			expect(response.headers.getSetCookie().find((c) => c.startsWith('nds.session_token='))).toMatch(/; Secure/)
			expect(response.headers.getSetCookie().find((c) => c.startsWith('nds.device='))).toMatch(/; Secure/)
			expect(response.headers.get('strict-transport-security')).toMatch(/max-age=/)
		},
		{ TRUST_PROXY: 'loopback' },
	)
})

test('takes as long to refuse an unknown e-mail as a wrong password (no account enumeration by timing)', async () => {
	const median = (values: Array<number>) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
	const spread = (values: Array<number>) => {
		const sorted = values.toSorted((a, b) => a - b)
		return (sorted[Math.floor(sorted.length * 0.75)] ?? 0) - (sorted[Math.floor(sorted.length * 0.25)] ?? 0)
	}
	await withServer('sqlite', async (server) => {
		// One wrong attempt per account stays under the per-account limit; 16 attempts under the per-address one.
		const accounts = Array.from({ length: 8 }, (_, i) => ({
			email: `zamanlama${i}@example.org`,
			password: 'Dogru-Sifre-2026',
			fullName: `Zamanlama ${i}`,
		}))
		// At a production hash's cost (a test process hashes cheaper, app/lib/password-hash.server.ts): the dummy hash of an unknown address costs that much.
		vi.stubEnv('TEST_PASSWORD_COST', 'full')
		try {
			for (const account of accounts) await createAccount({ ...account, isAdmin: false })
		} finally {
			vi.unstubAllEnvs()
		}
		await post(server, '/giris', { email: 'isinma@example.org', password: 'Isinma-123' })
		const unknown: Array<number> = []
		const wrong: Array<number> = []
		for (const [i, account] of accounts.entries()) {
			for (const [list, email] of [
				[unknown, `yok${i}@example.org`],
				[wrong, account.email],
			] as const) {
				const started = performance.now()
				const response = await post(server, '/giris', { email, password: 'Yanlis-Sifre-2026' })
				list.push(performance.now() - started)
				expect(response.status).toBe(401)
			}
		}
		// Both paths hash a password (scrypt): the medians differ by less than the noise between attempts.
		const noise = Math.max(spread(unknown), spread(wrong), 10)
		expect(Math.abs(median(unknown) - median(wrong))).toBeLessThan(noise + 0.25 * Math.max(median(unknown), median(wrong)))
	})
})
