import { expect, test } from 'vitest'
import { dialectsUnderTest, type TestDatabase } from '#tests/setup/db.ts'
import { cookieHeader, cookiesFrom, postAdmin, visibleText, withAccountsServer, type RunningServer } from '#tests/setup/server.ts'

/**
 * Oturumlar over HTTP against the production server: the signed-in account
 * sees its own sessions in words, ends one (that browser is signed out),
 * ends all others (this one stays), and cannot end anyone else's.
 */

const ALI = { email: 'ali-oturum@example.org', password: 'Kurul-Toplantisi-1987', fullName: 'Ali Oturum', isAdmin: true }
const AYSE = { email: 'ayse-oturum@example.org', password: 'Mayis-Bulusmasi-2026', fullName: 'Ayşe Oturum', isAdmin: true }

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
const SAFARI_IPHONE =
	'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

async function signIn(server: RunningServer, account: { email: string; password: string }, userAgent: string) {
	const response = await fetch(`${server.url}/giris`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, 'user-agent': userAgent },
		body: new URLSearchParams({ email: account.email, password: account.password }),
	})
	expect(response.status).toBe(302)
	return cookieHeader(cookiesFrom(response))
}

async function open(server: RunningServer, cookie: string, path = '/admin/oturumlar') {
	const response = await fetch(`${server.url}${path}`, { redirect: 'manual', headers: { cookie } })
	return { status: response.status, location: response.headers.get('location'), html: await response.text() }
}

/** The visible text of each body row of the sessions table. */
function rows(html: string) {
	const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? ''
	return [...body.matchAll(/<tr\b[\s\S]*?<\/tr>/g)].map((match) => visibleText(match[0]))
}

async function sessionsOf(tdb: TestDatabase, email: string) {
	const user = await tdb.handle.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
	return tdb.handle.db.selectFrom('sessions').select(['id', 'user_agent']).where('user_id', '=', user.id).execute()
}

async function idOf(tdb: TestDatabase, email: string, userAgent: string) {
	const found = (await sessionsOf(tdb, email)).find((session) => session.user_agent === userAgent)
	if (!found) throw new Error(`no session of ${email} with ${userAgent}`)
	return found.id
}

async function auditActions(tdb: TestDatabase) {
	const entries = await tdb.handle.db
		.selectFrom('audit_log')
		.select(['kind', 'action', 'user_email', 'item_title', 'summary'])
		.where('kind', '=', 'account')
		.orderBy('id')
		.execute()
	return entries
}

for (const dialect of dialectsUnderTest()) {
	test(`lists the account's own sessions in words and ends one, all others, or this one (${dialect})`, async () => {
		await withAccountsServer(dialect, [ALI, AYSE], async (server, tdb) => {
			const chrome = await signIn(server, ALI, CHROME_WINDOWS)
			const firefox = await signIn(server, ALI, FIREFOX_LINUX)
			const ayse = await signIn(server, AYSE, SAFARI_IPHONE)

			const page = await open(server, chrome)
			expect(page.status).toBe(200)
			const listed = rows(page.html)
			expect(listed).toHaveLength(2)
			// This browser first, marked; the other one named by its browser and system.
			expect(listed[0]).toMatch(/^Chrome · Windows Bu oturum/)
			expect(listed[1]).toContain('Firefox · Linux')
			expect(listed[1]).not.toContain('Bu oturum')
			expect(listed.join(' ')).not.toContain('Safari')
			expect(listed[0]).toMatch(/127\.0\.0\.1/)
			// Times in Istanbul, Turkish month names.
			expect(listed[0]).toMatch(/\d{1,2} (Ocak|Şubat|Mart|Nisan|Mayıs|Haziran|Temmuz|Ağustos|Eylül|Ekim|Kasım|Aralık) \d{4} \d{2}:\d{2}/)
			// From Firefox, the mark moves.
			expect(rows((await open(server, firefox)).html)[0]).toMatch(/^Firefox · Linux Bu oturum/)

			// Someone else's session id: refused, nothing ends.
			const ayseId = await idOf(tdb, AYSE.email, SAFARI_IPHONE)
			const refused = await postAdmin(server, 'oturumlar', { intent: 'end', id: ayseId }, { cookie: chrome })
			expect(refused.status).toBe(404)
			expect(refused.text).toContain('Oturum kapatılamadı: Bu oturum bulunamadı')
			expect(await sessionsOf(tdb, AYSE.email)).toHaveLength(1)
			expect((await open(server, ayse)).status).toBe(200)
			expect(await sessionsOf(tdb, ALI.email)).toHaveLength(2)
			expect(await auditActions(tdb)).toEqual([])

			// Ending the Firefox session from Chrome signs Firefox out.
			const firefoxId = await idOf(tdb, ALI.email, FIREFOX_LINUX)
			const ended = await postAdmin(server, 'oturumlar', { intent: 'end', id: firefoxId }, { cookie: chrome })
			expect(ended.status).toBe(303)
			expect(ended.location).toBe('/admin/oturumlar?kapatildi=1')
			const signedOut = await open(server, firefox, '/admin/duyurular')
			expect(signedOut.status).toBe(302)
			expect(signedOut.location).toBe('/giris?redirect=%2Fadmin%2Fduyurular')
			const after = await open(server, chrome, '/admin/oturumlar?kapatildi=1')
			expect(after.status).toBe(200)
			expect(visibleText(after.html)).toContain('Oturum kapatıldı.')
			expect(rows(after.html)).toHaveLength(1)
			expect(await auditActions(tdb)).toEqual([
				{
					kind: 'account',
					action: 'session-ended',
					user_email: ALI.email,
					item_title: ALI.email,
					summary: 'Oturum kapatıldı: Firefox · Linux, IP 127.0.0.1',
				},
			])

			// "Diğer tüm oturumları kapat" keeps this one and ends the rest (only this account's).
			const phone = await signIn(server, ALI, SAFARI_IPHONE)
			const firefox2 = await signIn(server, ALI, FIREFOX_LINUX)
			expect(rows((await open(server, chrome)).html)).toHaveLength(3)
			const others = await postAdmin(server, 'oturumlar', { intent: 'end-others' }, { cookie: chrome })
			expect(others.status).toBe(303)
			expect(others.location).toBe('/admin/oturumlar?digerleri=2')
			expect((await open(server, phone)).status).toBe(302)
			expect((await open(server, firefox2)).status).toBe(302)
			const kept = await open(server, chrome, others.location ?? '')
			expect(kept.status).toBe(200)
			expect(visibleText(kept.html)).toContain('Diğer 2 oturum kapatıldı.')
			expect(rows(kept.html)).toHaveLength(1)
			expect((await open(server, ayse)).status).toBe(200)
			expect((await auditActions(tdb)).at(-1)).toMatchObject({
				action: 'sessions-ended',
				summary: 'Bu oturum dışındaki 2 oturum kapatıldı',
			})

			// Ending this very session signs this browser out.
			const chromeId = await idOf(tdb, ALI.email, CHROME_WINDOWS)
			const self = await postAdmin(server, 'oturumlar', { intent: 'end', id: chromeId }, { cookie: chrome })
			expect(self.status).toBe(303)
			expect(self.location).toBe('/giris')
			expect((await open(server, chrome)).status).toBe(302)
			expect(await sessionsOf(tdb, ALI.email)).toEqual([])
			expect((await auditActions(tdb)).at(-1)).toMatchObject({
				action: 'session-ended',
				summary: expect.stringMatching(/^Kendi oturumunu kapattı/),
			})

			// A forged id or an unknown intent changes nothing.
			const bad = await postAdmin(server, 'oturumlar', { intent: 'end', id: "x' or 1=1" }, { cookie: ayse })
			expect(bad.status).toBe(400)
			expect(await sessionsOf(tdb, AYSE.email)).toHaveLength(1)
		})
	}, 180_000)

	test(`an editör opens Oturumlar too, and sessions idle too long are not listed (${dialect})`, async () => {
		await withAccountsServer(dialect, [ALI], async (server, tdb) => {
			await tdb.handle.db.updateTable('users').set({ role: 'editor' }).where('email', '=', ALI.email).execute()
			const chrome = await signIn(server, ALI, CHROME_WINDOWS)
			await signIn(server, ALI, FIREFOX_LINUX)
			const firefoxId = await idOf(tdb, ALI.email, FIREFOX_LINUX)
			const hoursAgo = new Date(Date.now() - 3 * 3_600_000).toISOString()
			await tdb.handle.db.updateTable('sessions').set({ updated_at: hoursAgo }).where('id', '=', firefoxId).execute()
			const page = await open(server, chrome)
			expect(page.status).toBe(200)
			expect(rows(page.html)).toEqual([expect.stringMatching(/^Chrome · Windows Bu oturum/)])
			expect(visibleText(page.html)).toContain('Şu anda yalnızca bu oturum açık.')
		})
	})
}
