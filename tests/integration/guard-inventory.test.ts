import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import routes from '#app/routes.ts'
import { createAccount } from '#app/features/users/users.server.ts'
import { readContentVersion } from '#app/lib/content-version.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createTestDatabase } from '#tests/setup/db.ts'
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
])
const TABLES = [
	'announcements',
	'events',
	'calendar_entries',
	'bulletins',
	'alumni_news',
	'member_perks',
	'users',
	'settings',
	'pages',
] as const

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

test('answers every admin route and action of the route table with a login redirect, 401 or 403 unless the caller is an admin, and changes nothing', async () => {
	const adminRoutes = flatten(routes as Array<RouteEntry>).filter((route) => route.underAdmin)
	expect(adminRoutes.length).toBeGreaterThanOrEqual(3)
	const tdb = await createTestDatabase('sqlite')
	await migrateToLatest(tdb.handle.db)
	await createAccount({ email: 'uye@example.org', password: 'Mayis-Bulusmasi-2026', fullName: 'Üye', isAdmin: false })
	const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url })
	try {
		const member = await signInCookie(server, { email: 'uye@example.org', password: 'Mayis-Bulusmasi-2026' })
		const snapshot = async () => ({
			version: await readContentVersion(),
			counts: await Promise.all(
				TABLES.map(async (table) =>
					Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(tdb.handle.db)).rows[0]?.n),
				),
			),
		})
		const before = await snapshot()
		const tabs = ['announcements', 'events', 'calendar', 'bulletins', 'alumniNews', 'memberPerks']
		const bodies = ['save', 'delete', 'reorder', 'move'].map(
			(intent) => new URLSearchParams({ intent, id: '1', ids: '1,2', title: 'x', date: '2027-01-01', business_name: 'x' }),
		)

		for (const route of adminRoutes) {
			for (const tab of tabs) {
				const url = `${server.url}${route.url}${route.url.includes('?') ? '&' : '?'}tab=${tab}${route.url === '/admin' ? '&index' : ''}`
				for (const [who, cookie] of [
					['anonymous', ''],
					['member', member],
				] as const) {
					const page = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} })
					expect(page.status, `${who} GET ${url}`).toBe(302)
					const location = page.headers.get('location') ?? ''
					expect(location, url).toMatch(who === 'anonymous' ? /^\/giris\?redirect=%2Fadmin/ : /^\/$/)

					for (const body of bodies) {
						for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
							const response = await fetch(url, {
								method,
								redirect: 'manual',
								headers: {
									origin: server.url,
									'x-requested-with': 'site-admin',
									'content-type': 'application/x-www-form-urlencoded',
									...(cookie ? { cookie } : {}),
								},
								body,
							})
							const expected = who === 'anonymous' ? 401 : 403
							expect([expected, 405], `${who} ${method} ${url} ${body}`).toContain(response.status)
						}
					}
				}
			}
		}
		expect(await snapshot()).toEqual(before)
	} finally {
		await server.stop()
		await tdb.cleanup()
	}
})
