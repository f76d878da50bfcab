import fc from 'fast-check'
import { expect, test } from 'vitest'
import { createAccount } from '#app/features/users/users.server.ts'
import { safeRedirect } from '#app/lib/auth.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'
import { cookieHeader, cookiesFrom, startServer, type RunningServer } from '#tests/setup/server.ts'

const ADMIN = { email: 'yonlendirme@example.org', password: 'Kurul-Toplantisi-1987', fullName: 'Yönlendirme Testi' }

const pieces = [
	'/',
	'//',
	'///',
	'\\',
	'/\\',
	'.',
	'..',
	'./',
	'../',
	'/./',
	'/../',
	'%2e',
	'%2E',
	'%2e%2e',
	'.%2e',
	'%252e',
	'%2f',
	'%2F',
	'%252f',
	'%5c',
	'%5C',
	'%255c',
	'%09',
	'%0a',
	'%0d',
	'%00',
	'%20',
	'\t',
	'\n',
	'\r',
	'\u0000',
	'\u000b',
	'\u000c',
	'\u0085',
	'\u00a0',
	'\u2028',
	'\u3000',
	'\ufeff',
	'\u2215',
	'\u2044',
	'\u29f8',
	'\uff0f',
	'\u2216',
	'\uff3c',
	'\u3002',
	'\uff0e',
	'@',
	'%40',
	'user:pass@',
	'evil.example',
	'evil.example:80',
	'127.0.0.1',
	'localhost',
	'HtTp:',
	'hTTpS:',
	'JaVaScRiPt:',
	'data:',
	'file:',
	':',
	'?',
	'#',
	'?next=//evil.example',
	'#//evil.example',
	'admin',
	'giris',
	'%',
	' ',
]

const leading = ['', '', '', ' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\u3000', '\ufeff', '\u000b']

const dots = ['.', '..', '%2e', '%2E', '.%2e', '%2e%2e', '%252e', '\uff0e']
const slashes = ['/', '//', '\\', '/\\', '%2f', '%5c', '\u2215', '\uff0f', '\t/', '\n/']

/** Redirect targets built from the pieces attackers combine: a slash, dot segments, another slash, anything. */
const target = fc
	.oneof(
		{
			weight: 4,
			arbitrary: fc.tuple(fc.constantFrom(...leading), fc.boolean(), fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 8 })),
		},
		{
			weight: 4,
			arbitrary: fc
				.tuple(fc.constantFrom(...dots), fc.constantFrom(...slashes), fc.array(fc.constantFrom(...pieces), { maxLength: 4 }))
				.map(([dot, slash, rest]) => ['', true, [dot, slash, ...rest]] as const),
		},
		{
			weight: 1,
			arbitrary: fc.tuple(fc.constant(''), fc.constant(false), fc.array(fc.string({ unit: 'binary', maxLength: 12 }), { maxLength: 3 })),
		},
	)
	.map(([lead, slash, parts]) => `${lead}${slash ? '/' : ''}${parts.join('')}`)

function expectSameSite(location: string | null, origin: string) {
	expect(location).toMatch(/^\/(?![/\\])/)
	expect([...(location ?? '')].filter((ch) => ch === '\\' || (ch.codePointAt(0) ?? 0) < 0x20 || /\p{Cc}/u.test(ch))).toEqual([])
	expect(new URL(location ?? '', origin).origin).toBe(origin)
}

test('keeps every normalised redirect target on the site (property)', () => {
	const origin = 'http://127.0.0.1:3000'
	fc.assert(
		fc.property(target, (value) => {
			const result = safeRedirect(value)
			expectSameSite(result, origin)
			expect(new URL(result, origin).pathname).not.toMatch(/^\/(giris|cikis)$/)
		}),
		{ numRuns: 3000 },
	)
	for (const evil of ['/.//evil.example', '/%2e//evil.example', '/%2E%2E//evil.example', '/a/..//evil.example', '/.%2e/..//evil']) {
		expect(safeRedirect(evil), evil).toBe('/admin')
	}
	expect(safeRedirect('/admin/../duyurular?x=1#y')).toBe('/duyurular?x=1#y')
	expect(safeRedirect('/admin/takvim?edit=3')).toBe('/admin/takvim?edit=3')
	// An old admin link is a path on the site like any other (the admin sends it on to its section).
	expect(safeRedirect('/admin?tab=calendar')).toBe('/admin?tab=calendar')
})

async function withSite(dialect: 'sqlite' | 'postgres', run: (server: RunningServer, jar: Map<string, string>) => Promise<void>) {
	const tdb = await createTestDatabase(dialect)
	let server: RunningServer | undefined
	try {
		await migrateToLatest(tdb.handle.db)
		await createAccount({ ...ADMIN, isAdmin: true })
		server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url })
		const response = await signIn(server, new Map(), '')
		expect(response.status).toBe(302)
		await run(server, cookiesFrom(response))
	} finally {
		await server?.stop()
		await tdb.cleanup()
	}
}

function signIn(server: RunningServer, jar: Map<string, string>, redirect: string) {
	return fetch(`${server.url}/giris`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, cookie: cookieHeader(jar) },
		body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password, redirect }),
	})
}

for (const dialect of dialectsUnderTest()) {
	test(`redirects a signed-in visitor of /giris and a fresh sign-in only to paths on the site (property, ${dialect})`, async () => {
		await withSite(dialect, async (server, jar) => {
			await fc.assert(
				// An address holding a NUL is refused before any route (server/request-guard.ts), checked below.
				fc.asyncProperty(
					target.filter((value) => !value.includes('\0')),
					async (value) => {
						const response = await fetch(`${server.url}/giris?${new URLSearchParams({ redirect: value })}`, {
							redirect: 'manual',
							headers: { cookie: cookieHeader(jar) },
						})
						expect(response.status).toBe(302)
						expectSameSite(response.headers.get('location'), server.url)
					},
				),
				{ numRuns: 60 },
			)
			await fc.assert(
				fc.asyncProperty(target, async (value) => {
					const response = await signIn(server, jar, value)
					expect(response.status).toBe(302)
					expectSameSite(response.headers.get('location'), server.url)
				}),
				{ numRuns: 12 },
			)
			for (const evil of ['/.//evil.example', '/%2e//evil.example', '/%252e//evil.example', '/..//evil.example']) {
				const viaGet = await fetch(`${server.url}/giris?redirect=${encodeURIComponent(evil)}`, {
					redirect: 'manual',
					headers: { cookie: cookieHeader(jar) },
				})
				expect(viaGet.headers.get('location'), evil).toMatch(/^\/(?![/\\])/)
				expect((await signIn(server, jar, evil)).headers.get('location'), evil).toMatch(/^\/(?![/\\])/)
			}
			const withNul = await fetch(`${server.url}/giris?redirect=%00%2F%2Fevil.example`, {
				redirect: 'manual',
				headers: { cookie: cookieHeader(jar) },
			})
			expect(withNul.status).toBe(400)
			expect(withNul.headers.get('location')).toBeNull()
			const kept = await fetch(`${server.url}/giris?redirect=%2Fadmin%2Ftakvim%3Fedit%3D3`, {
				redirect: 'manual',
				headers: { cookie: cookieHeader(jar) },
			})
			expect(kept.headers.get('location')).toBe('/admin/takvim?edit=3')
		})
	})
}
