import { expect, test } from 'vitest'
import { createAccount } from '#app/features/users/users.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createDeviceCookieValue, DEVICE_COOKIE } from '#app/lib/rate-limit.server.ts'
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '#tests/setup/db.ts'
import { cookieHeader, cookiesFrom, startServer, type RunningServer } from '#tests/setup/server.ts'

const ADMIN = { email: 'baskan@example.org', password: 'Kurul-Toplantisi-1987', fullName: 'Ayşe Nur Karaca' }
const SECOND = { email: 'sayman@example.org', password: 'Genel-Kurul-Hesaplari-2027', fullName: 'Meltem Aydın' }
const MEMBER = { email: 'uye@example.org', password: 'Mayis-Bulusmasi-2026', fullName: 'Leyla Ertürk' }
const SECRET = 'lockout-test-secret-0123456789abcdef'
const LOCKED = /Çok fazla giriş denemesi yapıldı\. Lütfen \d+ dakika sonra yeniden deneyin\./

async function withSite(dialect: TestDatabase['dialect'], run: (server: RunningServer) => Promise<void>) {
	const tdb = await createTestDatabase(dialect)
	let server: RunningServer | undefined
	try {
		await migrateToLatest(tdb.handle.db)
		for (const account of [ADMIN, SECOND]) await createAccount({ ...account, isAdmin: true })
		await createAccount({ ...MEMBER, isAdmin: false })
		server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url, TRUST_PROXY: '1', AUTH_SECRET: SECRET })
		await run(server)
	} finally {
		await server?.stop()
		await tdb.cleanup()
	}
}

type Attempt = { email: string; password: string; ip: string; jar?: Map<string, string>; cookie?: string }

async function attempt(server: RunningServer, { email, password, ip, jar, cookie }: Attempt) {
	const response = await fetch(`${server.url}/giris`, {
		method: 'POST',
		redirect: 'manual',
		headers: {
			'content-type': 'application/x-www-form-urlencoded',
			origin: server.url,
			'x-forwarded-for': ip,
			cookie: cookie ?? (jar ? cookieHeader(jar) : ''),
		},
		body: new URLSearchParams({ email, password }),
	})
	if (jar) {
		cookiesFrom(response, jar)
		// A returning browser: its session has ended, its device cookie is still there.
		jar.delete('nds.session_token')
	}
	return { status: response.status, retryAfter: Number(response.headers.get('retry-after')), text: await response.text(), response }
}

for (const dialect of dialectsUnderTest()) {
	test(`keeps an admin's own browser signing in while unknown browsers are locked out of the account (${dialect})`, async () => {
		await withSite(dialect, async (server) => {
			const own = new Map<string, string>()
			const first = await attempt(server, { ...ADMIN, ip: '10.0.0.1', jar: own })
			expect(first.status).toBe(302)
			const deviceCookie = first.response.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))
			expect(deviceCookie).toMatch(/; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Lax$/)
			const member = new Map<string, string>()
			expect((await attempt(server, { ...MEMBER, ip: '10.0.0.2', jar: member })).status).toBe(302)

			const answers: Array<{ status: number; locked: boolean; retryAfter: number }> = []
			for (let i = 0; i < 50; i++) {
				const wrong = await attempt(server, { email: ADMIN.email, password: `Yanlis-Sifre-${i}x`, ip: `198.51.100.${i + 1}` })
				answers.push({ status: wrong.status, locked: LOCKED.test(wrong.text), retryAfter: wrong.retryAfter })
			}
			expect(answers.map((a) => a.status)).toEqual([...Array(5).fill(401), ...Array(45).fill(429)])
			const refusals = answers.filter((a) => a.status === 429)
			expect(refusals.every((a) => a.locked && a.retryAfter > 0 && a.retryAfter <= 60)).toBe(true)

			const rightFromUnknown = await attempt(server, { ...ADMIN, ip: '198.51.100.200' })
			expect(rightFromUnknown.status).toBe(429)
			expect(rightFromUnknown.text).toMatch(LOCKED)
			const genuine = own.get(DEVICE_COOKIE) ?? ''
			const forged = `${genuine.slice(0, -1)}${genuine.endsWith('A') ? 'B' : 'A'}`
			const expired = createDeviceCookieValue(SECRET, ADMIN.email, Date.now() - 181 * 86_400_000)
			const otherUsers = member.get(DEVICE_COOKIE) ?? ''
			const otherSecret = createDeviceCookieValue('another-secret-0123456789abcdefghij', ADMIN.email)
			for (const value of [forged, expired, otherUsers, otherSecret, 'garbage']) {
				const withCookie = await attempt(server, { ...ADMIN, ip: '198.51.100.201', cookie: `${DEVICE_COOKIE}=${value}` })
				expect(withCookie.status, value).toBe(429)
			}

			expect(own.has('nds.session_token')).toBe(false)
			const ownAgain = await attempt(server, { ...ADMIN, ip: '198.51.100.7', jar: own })
			expect(ownAgain.status).toBe(302)
			expect(ownAgain.response.headers.get('location')).toBe('/admin')
			expect(ownAgain.response.headers.getSetCookie().some((c) => c.startsWith('nds.session_token='))).toBe(true)
			expect((await attempt(server, { ...ADMIN, ip: '10.0.0.1', jar: own })).status).toBe(302)

			const stranger = new Map<string, string>()
			expect((await attempt(server, { ...SECOND, ip: '10.0.0.3', jar: stranger })).status).toBe(302)
			for (let i = 0; i < 5; i++) {
				expect((await attempt(server, { email: SECOND.email, password: `Yanlis-${i}-Sifre`, ip: '10.0.0.3', jar: stranger })).status).toBe(
					401,
				)
			}
			expect((await attempt(server, { ...SECOND, ip: '10.0.0.3', jar: stranger })).status).toBe(429)
			expect((await attempt(server, { ...SECOND, ip: '10.0.0.3' })).status).toBe(302)
		})
	})

	test(`counts only failures: thirty sign-ins in a row succeed, twenty failures lock an address for unknown browsers (${dialect})`, async () => {
		await withSite(dialect, async (server) => {
			for (let i = 0; i < 30; i++) expect((await attempt(server, { ...ADMIN, ip: '10.9.9.9' })).status, `sign-in ${i + 1}`).toBe(302)

			const known = new Map<string, string>()
			expect((await attempt(server, { ...MEMBER, ip: '10.7.7.7', jar: known })).status).toBe(302)
			for (let i = 0; i < 20; i++) {
				expect((await attempt(server, { email: `kimse${i}@example.org`, password: 'Bir-Sifre-123', ip: '10.7.7.7' })).status).toBe(401)
			}
			const blocked = await attempt(server, { ...MEMBER, ip: '10.7.7.7' })
			expect(blocked.status).toBe(429)
			expect(blocked.text).toMatch(LOCKED)
			expect((await attempt(server, { ...MEMBER, ip: '10.7.7.8' })).status).toBe(302)
			expect((await attempt(server, { ...MEMBER, ip: '10.7.7.7', jar: known })).status).toBe(302)
		})
	})
}
