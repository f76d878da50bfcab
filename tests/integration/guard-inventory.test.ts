import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import routes from '#app/routes.ts'
import { ADMIN_SECTIONS, findSection } from '#app/features/admin/sections.ts'
import { createInvitation } from '#app/features/users/invitations.server.ts'
import { createAccount } from '#app/features/users/users.server.ts'
import { readContentVersion } from '#app/lib/content-version.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'
import { signInCookie, startServer } from '#tests/setup/server.ts'

type RouteEntry = { path?: string; index?: boolean; file: string; id?: string; children?: Array<RouteEntry> }
type FlatRoute = { url: string; file: string; underAdmin: boolean }

const APP = path.resolve(import.meta.dirname, '..', '..', 'app')
/**
 * Public routes that take posts on purpose: signing in and out, the catch-all
 * that sends any post home, and the one-time setup of the first admin
 * (/kurulum: only while no admin exists, only with the setup code from the
 * start log, rate-limited; a 404 once an admin exists).
 */
const PUBLIC_ACTIONS = new Set([
	'routes/auth/login.tsx',
	'routes/auth/logout.ts',
	'routes/resources/redirect-home.ts',
	'routes/auth/setup.tsx',
	// Şifremi unuttum: the same neutral answer for any address, rate-limited per address and client address.
	'routes/auth/forgot-password.tsx',
	// A new password with the e-mailed link: only with a valid, unused, unexpired reset token.
	'routes/auth/reset-password.tsx',
	// The second step of a sign-in: only with the signed five-minute cookie the right password set, rate-limited.
	'routes/auth/two-factor.tsx',
	// An invited person chooses their password: only with a valid, unused, unexpired invitation token.
	'routes/auth/invitation.tsx',
	// The contact form: stores a message for the yöneticiler (honeypot, signed minimum fill time, limits per address and e-mail).
	'routes/public/pages/contact.tsx',
])

function flatten(entries: Array<RouteEntry>, parent = '', underAdmin = false): Array<FlatRoute> {
	return entries.flatMap((entry) => {
		const segment = entry.index ? '' : (entry.path ?? '')
		const url = `${parent}/${segment}`.replace(/\/+/g, '/').replace(/\/$/, '') || '/'
		const admin = underAdmin || /^\/admin(\/|$)/.test(url)
		const sample = url.replace(/:[^/]+/g, '1').replace(/\*$/, 'x')
		return [{ url: sample, file: entry.file, underAdmin: admin }, ...flatten(entry.children ?? [], url, admin)]
	})
}

const source = (file: string) => fs.readFileSync(path.join(APP, file), 'utf8')
const exportsAction = (file: string) => /export\s+(async\s+)?(function|const)\s+action\b/.test(source(file))

test('takes posts only in the admin area, besides signing in and out', () => {
	expect(source('routes/resources/redirect-home.ts')).toMatch(/export function action\(\) \{\s*throw redirect\('\/', 303\)/)
	const all = flatten(routes as Array<RouteEntry>)
	const withActions = all.filter((route) => exportsAction(route.file))
	const stray = withActions.filter((route) => !route.underAdmin && !PUBLIC_ACTIONS.has(route.file)).map((route) => route.file)
	expect(stray).toEqual([])
	const adminLayout = source('routes/admin/layout.tsx')
	expect(adminLayout).toMatch(/export const middleware[^=]*=\s*\[requireAdmin\]/)
})

test('lists every admin section of the registry, each a route under the admin layout with its own write door', () => {
	const adminRoutes = flatten(routes as Array<RouteEntry>).filter((route) => route.underAdmin)
	expect(ADMIN_SECTIONS.length).toBeGreaterThanOrEqual(6)
	for (const { slug } of ADMIN_SECTIONS) {
		const route = adminRoutes.find((entry) => entry.url === `/admin/${slug}`)
		expect(route, slug).toBeDefined()
		expect(route?.file, slug).toBe(`routes/admin/sections/${slug}.tsx`)
		expect(exportsAction(route!.file), slug).toBe(true)
	}
})

test(
	'answers every admin route and action of the route table with a login redirect, 401 or 403 unless the caller is an admin, and changes nothing',
	{ timeout: 240_000 },
	async () => {
		const adminRoutes = flatten(routes as Array<RouteEntry>).filter((route) => route.underAdmin)
		const urls = adminRoutes.map((route) => route.url)
		// Every section of the registry is in the inventory, so a new section is covered here without a change.
		expect(urls).toEqual(expect.arrayContaining(ADMIN_SECTIONS.map(({ slug }) => `/admin/${slug}`)))
		const tdb = await createTestDatabase('sqlite')
		await migrateToLatest(tdb.handle.db)
		await createAccount({ email: 'uye@example.org', password: 'Mayis-Bulusmasi-2026', fullName: 'Üye', isAdmin: false })
		const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url })
		try {
			const member = await signInCookie(server, { email: 'uye@example.org', password: 'Mayis-Bulusmasi-2026' })
			const tables = (await tdb.handle.db.introspection.getTables())
				.map((table) => table.name)
				.filter((name) => !name.startsWith('kysely_'))
			expect(tables).toEqual(expect.arrayContaining(['announcements', 'calendar_entries', 'users', 'settings', 'pages']))
			const snapshot = async () => ({
				version: await readContentVersion(),
				counts: Object.fromEntries(
					await Promise.all(
						tables.map(async (table) => [
							table,
							Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(tdb.handle.db)).rows[0]?.n),
						]),
					),
				),
			})
			const before = await snapshot()
			const bodies = ['save', 'delete', 'reorder', 'move'].map(
				(intent) => new URLSearchParams({ intent, id: '1', ids: '1,2', title: 'x', date: '2027-01-01', business_name: 'x' }),
			)
			// Each route as the list, a dialog and an old link address it; the index also as React Router posts to it.
			const addresses = [
				...new Set(
					urls.flatMap((url) => [
						url,
						`${url}?new=1`,
						`${url}?edit=1`,
						...(url === '/admin' ? ['/admin?index', '/admin?tab=calendar'] : []),
					]),
				),
			]

			// Four addresses at a time, as busy clients send them: a refusal that ends its connection must say so
			// (one at a time, the server and this test also took turns waiting on each other).
			await eachConcurrently(addresses, 4, async (address) => {
				const url = `${server.url}${address}`
				for (const [who, cookie] of [
					['anonymous', ''],
					['member', member],
				] as const) {
					const page = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} })
					expect(page.status, `${who} GET ${url}`).toBe(302)
					const location = page.headers.get('location') ?? ''
					expect(location, url).toMatch(who === 'anonymous' ? /^\/giris\?redirect=%2Fadmin/ : /^\/$/)

					const expected = who === 'anonymous' ? 401 : 403
					for (const body of bodies) {
						for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
							const response = await fetch(url, {
								method,
								redirect: 'manual',
								headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
								body,
							})
							// A post meets the guard; other methods may be refused as such before it.
							expect(method === 'POST' ? [expected] : [expected, 405], `${who} ${method} ${url} ${body}`).toContain(response.status)
						}
					}
					// The enhanced form's door (React Router's single fetch) too.
					const dataUrl = `${server.url}${address.replace(/^([^?]*)/, '$1.data')}`
					for (const body of bodies) {
						const response = await fetch(dataUrl, {
							method: 'POST',
							redirect: 'manual',
							headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
							body,
						})
						expect(response.status, `${who} POST ${dataUrl} ${body}`).toBe(expected)
					}
				}
			})
			expect(await snapshot()).toEqual(before)
		} finally {
			await server.stop()
			await tdb.cleanup()
		}
	},
)

/** Runs `run` on every item, at most `limit` at a time; the first failure fails the whole. */
async function eachConcurrently<T>(items: ReadonlyArray<T>, limit: number, run: (item: T) => Promise<void>) {
	let next = 0
	await Promise.all(
		Array.from({ length: Math.min(limit, items.length) }, async () => {
			while (next < items.length) await run(items[next++] as T)
		}),
	)
}

/**
 * Every intent any admin door handles (`case '<intent>':` in the
 * app/features/<kind>/<kind>.admin.server.ts files), so a new action of an
 * admin-only section is posted here without a change to this test.
 */
function everyAdminIntent() {
	const features = path.join(APP, 'features')
	const intents = new Set<string>()
	for (const dir of fs.readdirSync(features)) {
		const folder = path.join(features, dir)
		if (!fs.statSync(folder).isDirectory()) continue
		for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.admin.server.ts'))) {
			for (const match of fs.readFileSync(path.join(folder, file), 'utf8').matchAll(/case '([a-z][a-z-]*)':/g)) intents.add(match[1]!)
		}
	}
	return [...intents].toSorted()
}

/** The access an admin address needs: its section's (`/admin/<slug>/…` belongs to section <slug>); other admin pages are for every admin-area account. */
function accessOf(url: string) {
	const slug = url.split('/')[2] ?? ''
	return findSection(slug)?.access ?? 'editor'
}

for (const dialect of dialectsUnderTest()) {
	test(
		`refuses an editör every admin-only section and action (403, nothing changes) and lets them into every content section on ${dialect}`,
		{ timeout: 240_000 },
		async () => {
			const adminRoutes = flatten(routes as Array<RouteEntry>).filter((route) => route.underAdmin && !route.url.includes('*'))
			const adminOnly = adminRoutes.filter((route) => route.url !== '/admin' && accessOf(route.url) === 'admin').map((route) => route.url)
			const forEditors = adminRoutes.filter((route) => route.url !== '/admin' && accessOf(route.url) === 'editor').map((route) => route.url)
			// The registry drives both lists: every admin-only section is refused, every content section open.
			expect(adminOnly).toEqual(
				expect.arrayContaining(ADMIN_SECTIONS.filter((section) => section.access === 'admin').map(({ slug }) => `/admin/${slug}`)),
			)
			expect(adminOnly).toEqual(expect.arrayContaining(['/admin/ayarlar', '/admin/kullanicilar']))
			expect(forEditors).toEqual(
				expect.arrayContaining(ADMIN_SECTIONS.filter((section) => section.access === 'editor').map(({ slug }) => `/admin/${slug}`)),
			)
			expect(forEditors).toContain('/admin/oduller/disa-aktar')
			const intents = everyAdminIntent()
			expect(intents).toEqual(expect.arrayContaining(['save', 'delete', 'invite', 'role', 'disable', 'enable', 'end-sessions', 'resend']))

			const tdb = await createTestDatabase(dialect)
			await migrateToLatest(tdb.handle.db)
			const admin = await createAccount({
				email: 'baskan@example.org',
				password: 'Kurul-Toplantisi-1987',
				fullName: 'Başkan',
				isAdmin: true,
			})
			const editorAccount = {
				email: 'editor@example.org',
				password: 'Bahar-Senligi-Afisi-1994',
				fullName: 'Editör',
				isAdmin: true,
				role: 'editor' as const,
			}
			const editor = await createAccount(editorAccount)
			const invitation = await createInvitation(
				{ email: 'davetli@example.org', fullName: 'Davetli', role: 'admin' },
				{ invitedBy: admin.id },
			)
			const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url })
			try {
				const cookie = await signInCookie(server, editorAccount)
				const tables = (await tdb.handle.db.introspection.getTables())
					.map((table) => table.name)
					.filter((name) => !name.startsWith('kysely_'))
				// Row counts of every table, and the accounts and invitations as they are (a role or a token changed in place shows too).
				const snapshot = async () => ({
					version: await readContentVersion(),
					counts: Object.fromEntries(
						await Promise.all(
							tables
								.filter((table) => table !== 'sessions')
								.map(async (table) => [
									table,
									Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(tdb.handle.db)).rows[0]?.n),
								]),
						),
					),
					users: await tdb.handle.db.selectFrom('users').select(['id', 'email', 'role', 'is_admin', 'disabled_at']).orderBy('id').execute(),
					invitations: await tdb.handle.db.selectFrom('invitations').select(['id', 'token_hash', 'expires_at', 'accepted_at']).execute(),
					adminSessions: (await tdb.handle.db.selectFrom('sessions').select('id').where('user_id', '=', admin.id).execute()).length,
				})
				// The yönetici is signed in too, so "end sessions" would show.
				await signInCookie(server, { email: 'baskan@example.org', password: 'Kurul-Toplantisi-1987' })
				const before = await snapshot()
				expect(before.adminSessions).toBe(1)

				const withAction = new Set(adminRoutes.filter((route) => exportsAction(route.file)).map((route) => route.url))
				const refusals = (url: string) => (withAction.has(url) ? [403] : [403, 405])
				for (const url of adminOnly) {
					for (const address of [url, `${url}?edit=${admin.id}`, `${url}?new=1`]) {
						const page = await fetch(`${server.url}${address}`, { redirect: 'manual', headers: { cookie } })
						expect(page.status, `editor GET ${address}`).toBe(403)
					}
					for (const intent of intents) {
						const body = new URLSearchParams({
							intent,
							id: String(invitation.id),
							user_id: admin.id,
							role: 'editor',
							email: 'yeni@example.org',
							full_name: 'Yeni Kişi',
							confirm_self: 'on',
							group: 'association',
							ids: '1,2',
						})
						for (const target of [url, `${url}.data`]) {
							const response = await fetch(`${server.url}${target}`, {
								method: 'POST',
								redirect: 'manual',
								headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded', cookie },
								body,
							})
							// A route without an action (a download) refuses any post as such; one with an action meets the role guard.
							expect(refusals(url), `editor POST ${target} intent=${intent}`).toContain(response.status)
						}
					}
				}
				expect(await snapshot()).toEqual(before)

				// Every content section (and the awards export) still opens for the editör, whose menu offers no admin-only section.
				const contentSections = new Set(ADMIN_SECTIONS.filter((section) => section.access === 'editor').map(({ slug }) => `/admin/${slug}`))
				for (const url of forEditors) {
					const page = await fetch(`${server.url}${url}`, { redirect: 'manual', headers: { cookie } })
					// A section opens; a route for one item (its parameter filled with 1) may answer 404 for an item that does not exist, past the guard.
					const reached = contentSections.has(url) || url === '/admin/oduller/disa-aktar' ? [200] : [200, 404]
					expect(reached, `editor GET ${url}`).toContain(page.status)
				}
				for (const url of forEditors.filter((address) => !address.includes('disa-aktar'))) {
					const html = await (await fetch(`${server.url}${url}`, { redirect: 'manual', headers: { cookie } })).text()
					for (const hidden of adminOnly) expect(html, `${url} links to ${hidden}`).not.toContain(`href="${hidden}"`)
				}
				// The editör is still signed in and unchanged.
				expect((await fetch(`${server.url}/admin/duyurular`, { redirect: 'manual', headers: { cookie } })).status).toBe(200)
				expect((await tdb.handle.db.selectFrom('users').select('role').where('id', '=', editor.id).executeTakeFirstOrThrow()).role).toBe(
					'editor',
				)
			} finally {
				await server.stop()
				await tdb.cleanup()
			}
		},
	)
}
