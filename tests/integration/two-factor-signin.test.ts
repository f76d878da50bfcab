import { expect, test } from 'vitest'
import { totpCode } from '#app/lib/totp.server.ts'
import type { TestDatabase } from '#tests/setup/db.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import {
	alertTexts,
	cookieHeader,
	cookiesFrom,
	postAdmin,
	signInCookie,
	visibleText,
	withAccountsServer,
	type RunningServer,
} from '#tests/setup/server.ts'

const OWNER = { email: 'ikinci-adim@example.org', password: 'Kurul-Kararlari-2027-Iki', fullName: 'Nilüfer Şahin', isAdmin: true }
const OTHER = { email: 'zorunlu@example.org', password: 'Genel-Kurul-Zorunlu-2027', fullName: 'Deniz Öztürk', isAdmin: true }
const GONE = { email: 'ayrilan@example.org', password: 'Eski-Yonetim-Kurulu-2025', fullName: 'Selim Kaya', isAdmin: true }
const CODE_WRONG = /Kod doğrulanamadı/
const EXPIRED = /Doğrulama süresi doldu/

function form(fields: Record<string, string>) {
	return new URLSearchParams(fields)
}

async function post(server: RunningServer, path: string, fields: Record<string, string>, jar: Map<string, string>) {
	const response = await fetch(`${server.url}${path}`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, cookie: cookieHeader(jar) },
		body: form(fields),
	})
	cookiesFrom(response, jar)
	return { status: response.status, location: response.headers.get('location'), html: await response.text(), response }
}

async function get(server: RunningServer, path: string, jar: Map<string, string>) {
	const response = await fetch(`${server.url}${path}`, { redirect: 'manual', headers: { cookie: cookieHeader(jar) } })
	cookiesFrom(response, jar)
	return { status: response.status, location: response.headers.get('location'), html: await response.text() }
}

async function secretOf(tdb: TestDatabase, email: string) {
	const row = await tdb.handle.db
		.selectFrom('two_factor')
		.innerJoin('users', 'users.id', 'two_factor.user_id')
		.select('two_factor.secret')
		.where('users.email', '=', email)
		.executeTakeFirstOrThrow()
	return row.secret
}

/** A code from the app for a step after every one used so far (each test step moves on by one). */
let stepsAhead = 0
function nextCode(secret: string) {
	stepsAhead = Math.min(stepsAhead + 1, 1)
	return totpCode(secret, Date.now() + stepsAhead * 30_000)
}

async function auditActions(tdb: TestDatabase) {
	const rows = await tdb.handle.db.selectFrom('audit_log').select(['kind', 'action', 'user_email']).orderBy('id').execute()
	return rows.map((row) => `${row.kind}:${row.action}:${row.user_email ?? ''}`)
}

for (const dialect of dialectsUnderTest()) {
	test(`sign-in with two-factor authentication over HTTP (${dialect})`, { timeout: 120_000 }, async () => {
		await withAccountsServer(dialect, [OWNER, OTHER, GONE], async (server, tdb) => {
			stepsAhead = 0
			// Enrol: start, confirm with the app's code, the recovery codes shown once.
			const cookie = await signInCookie(server, OWNER)
			expect((await postAdmin(server, 'iki-adimli-dogrulama', { intent: 'start' }, { cookie })).status).toBe(303)
			const screen = await fetch(`${server.url}/admin/iki-adimli-dogrulama`, { headers: { cookie } })
			const page = await screen.text()
			const secret = await secretOf(tdb, OWNER.email)
			expect(visibleText(page)).toContain(secret.replace(/(.{4})(?=.)/g, '$1 '))
			expect(page).toMatch(
				/role="img" aria-label="Kimlik doğrulama uygulaması için karekod\. Elle girilecek anahtar: [A-Z2-7 ]+"[^>]*><svg/,
			)
			const refused = await postAdmin(server, 'iki-adimli-dogrulama', { intent: 'confirm', code: '12345' }, { cookie })
			expect(refused.status).toBe(400)
			const confirmed = await postAdmin(server, 'iki-adimli-dogrulama', { intent: 'confirm', code: totpCode(secret) }, { cookie })
			expect(confirmed.status).toBe(200)
			const codes = [...confirmed.html.matchAll(/<code>([a-z0-9]{5}-[a-z0-9]{5})<\/code>/g)].map((m) => m[1] ?? '')
			expect(codes).toHaveLength(10)
			expect(confirmed.html).toContain('download="kurtarma-kodlari.txt"')
			// Shown once: the page afterwards lists none.
			const later = await (await fetch(`${server.url}/admin/iki-adimli-dogrulama`, { headers: { cookie } })).text()
			expect(later).not.toContain(codes[0])
			expect(visibleText(later)).toContain('Kullanılmamış kurtarma kodu: 10')

			// The password alone leaves no session: the second step, carried by a five-minute cookie.
			const jar = new Map<string, string>()
			const first = await post(server, '/giris', { email: OWNER.email, password: OWNER.password }, jar)
			expect(first.status).toBe(302)
			expect(first.location).toBe('/giris/dogrulama')
			expect(first.response.headers.getSetCookie().some((c) => c.startsWith('nds.session_token='))).toBe(false)
			expect(first.response.headers.getSetCookie().find((c) => c.startsWith('nds.2fa_pending='))).toMatch(
				/Max-Age=300; Path=\/giris; HttpOnly; SameSite=Lax/,
			)
			expect((await get(server, '/admin/duyurular', jar)).location).toMatch(/^\/giris\?redirect=/)
			expect(visibleText((await get(server, '/giris/dogrulama', jar)).html)).toContain('Bu cihazı 30 gün hatırla')

			// A wrong code: a Turkish refusal, no session.
			const wrong = await post(server, '/giris/dogrulama', { code: '000000' === totpCode(secret) ? '111111' : '000000' }, jar)
			expect(wrong.status).toBe(401)
			expect(alertTexts(wrong.html).join(' ')).toMatch(CODE_WRONG)
			// The right code: signed in.
			const code = nextCode(secret)
			const second = await post(server, '/giris/dogrulama', { code }, jar)
			expect(second.status).toBe(302)
			expect(second.location).toBe('/admin')
			expect((await get(server, '/admin/duyurular', jar)).status).toBe(200)
			expect(jar.has('nds.2fa_pending')).toBe(false)

			// The same code again, after signing in afresh: refused (no replay inside its window).
			const replayJar = new Map<string, string>()
			await post(server, '/giris', { email: OWNER.email, password: OWNER.password }, replayJar)
			const replay = await post(server, '/giris/dogrulama', { code }, replayJar)
			expect(replay.status).toBe(401)
			expect(alertTexts(replay.html).join(' ')).toMatch(CODE_WRONG)

			// A recovery code signs in once, and remembers this browser when asked.
			const recovery = await post(server, '/giris/dogrulama', { code: codes[0] ?? '', remember: 'on' }, replayJar)
			expect(recovery.status).toBe(302)
			expect(replayJar.get('nds.2fa_trusted')).toMatch(/^[\w-]{43}$/)
			const usedAgainJar = new Map<string, string>()
			await post(server, '/giris', { email: OWNER.email, password: OWNER.password }, usedAgainJar)
			const usedAgain = await post(server, '/giris/dogrulama', { code: codes[0] ?? '' }, usedAgainJar)
			expect(usedAgain.status).toBe(401)

			// The remembered browser: the password alone, no code.
			const trustedJar = new Map([['nds.2fa_trusted', replayJar.get('nds.2fa_trusted') ?? '']])
			const trusted = await post(server, '/giris', { email: OWNER.email, password: OWNER.password }, trustedJar)
			expect(trusted.status).toBe(302)
			expect(trusted.location).toBe('/admin')
			expect(trustedJar.has('nds.session_token')).toBe(true)

			// A forged or missing pending cookie: told to sign in again.
			const forgedJar = new Map([['nds.2fa_pending', `${Buffer.from('x').toString('base64url')}.9999999999.${'A'.repeat(43)}`]])
			const forged = await post(server, '/giris/dogrulama', { code: nextCode(secret) }, forgedJar)
			expect(forged.location).toBeNull()
			expect(forged.status).toBe(401)
			expect(alertTexts(forged.html).join(' ')).toMatch(EXPIRED)
			expect(alertTexts((await get(server, '/giris/dogrulama', new Map())).html).join(' ')).toMatch(EXPIRED)

			// Wrong codes are counted (three so far): from the fifth, the account is locked and even the right code waits.
			const lockJar = new Map<string, string>()
			await post(server, '/giris', { email: OWNER.email, password: OWNER.password }, lockJar)
			const statuses: Array<number> = []
			for (let i = 0; i < 3; i++) statuses.push((await post(server, '/giris/dogrulama', { code: '999999' }, lockJar)).status)
			expect(statuses).toEqual([401, 401, 429])
			const locked = await post(server, '/giris/dogrulama', { code: nextCode(secret) }, lockJar)
			expect(locked.status).toBe(429)
			expect(alertTexts(locked.html).join(' ')).toMatch(/Çok fazla hatalı kod girildi/)

			// A disabled account: the same answer as a wrong password.
			await tdb.handle.db.updateTable('users').set({ disabled_at: new Date().toISOString() }).where('email', '=', GONE.email).execute()
			const disabled = await post(server, '/giris', { email: GONE.email, password: GONE.password }, new Map())
			const unknown = await post(server, '/giris', { email: 'kimse@example.org', password: GONE.password }, new Map())
			expect(disabled.status).toBe(401)
			expect(alertTexts(disabled.html)).toEqual(alertTexts(unknown.html))
			expect(alertTexts(disabled.html).join(' ')).toContain('e-posta adresi veya şifre hatalı')

			// Require 2FA for every admin: an account without it is held at the set-up section, on the server.
			const owner = await signInCookie(server, OTHER)
			expect(
				(await postAdmin(server, 'ayarlar', { intent: 'save-security', group: 'security', requireTwoFactor: 'on' }, { cookie: owner }))
					.status,
			).toBe(303)
			const heldJar = new Map<string, string>()
			const held = await post(server, '/giris', { email: OTHER.email, password: OTHER.password }, heldJar)
			expect(held.location).toBe('/admin/iki-adimli-dogrulama')
			expect((await get(server, '/admin/duyurular', heldJar)).location).toBe('/admin/iki-adimli-dogrulama')
			expect((await get(server, '/admin/ayarlar', heldJar)).location).toBe('/admin/iki-adimli-dogrulama')
			const write = await postAdmin(server, 'duyurular', { intent: 'create', title: 'E2E yok' }, { cookie: cookieHeader(heldJar) })
			expect(write.status).toBe(403)
			const enrolPage = await get(server, '/admin/iki-adimli-dogrulama', heldJar)
			expect(enrolPage.status).toBe(200)
			expect(visibleText(enrolPage.html)).toContain('tüm yöneticiler için zorunlu')
			// The account with 2FA passes.
			expect((await get(server, '/admin/duyurular', jar)).status).toBe(200)

			// last sign-in and the audit log.
			const owned = await tdb.handle.db
				.selectFrom('users')
				.select('last_sign_in_at')
				.where('email', '=', OWNER.email)
				.executeTakeFirstOrThrow()
			expect(owned.last_sign_in_at).not.toBeNull()
			const signOut = await post(server, '/cikis', {}, jar)
			expect(signOut.status).toBe(302)
			const actions = await auditActions(tdb)
			expect(actions).toContain(`account:two-factor-enabled:${OWNER.email}`)
			expect(actions).toContain(`auth:two-factor-failed:${OWNER.email}`)
			expect(actions).toContain(`account:recovery-code-used:${OWNER.email}`)
			expect(actions).toContain(`auth:sign-in:${OWNER.email}`)
			expect(actions).toContain('auth:sign-in-failed:kimse@example.org')
			expect(actions).toContain(`auth:sign-in-failed:${GONE.email}`)
			expect(actions).toContain(`auth:sign-out:${OWNER.email}`)
		})
	})
}
