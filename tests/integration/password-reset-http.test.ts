import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startSmtpServer, type TestSmtpServer } from '#tests/setup/smtp.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import {
	alertTexts,
	fieldError,
	postAdmin,
	signInCookie,
	visibleText,
	withAccountsServer,
	type RunningServer,
} from '#tests/setup/server.ts'

/**
 * "Şifremi unuttum" and "Hesabım" through the production server over HTTP,
 * on SQLite and PostgreSQL, with its mail going to a real SMTP server in
 * this process: what a person and an attacker can observe.
 */
const OWNER = { email: 'http-sifre@example.org', password: 'Eski-Kurul-Defteri-1971', fullName: 'Http Sahibi', isAdmin: true }
const SECOND = { email: 'http-hesap@example.org', password: 'Mavi-Kapili-Bahce-1983', fullName: 'Hesap Sahibi', isAdmin: true }
const NEW_PASSWORD = 'Yeni-Sezon-Pikniği-Sarıyer-2027'
const NEUTRAL =
	'Bu e-posta adresine kayıtlı bir hesap varsa, şifre yenileme bağlantısı birkaç dakika içinde gelecektir. Bağlantı 30 dakika geçerlidir.'

let smtp: TestSmtpServer

beforeAll(async () => {
	smtp = await startSmtpServer()
})

afterAll(async () => {
	await smtp.close()
})

function form(fields: Record<string, string>) {
	return new URLSearchParams(fields)
}

async function post(server: RunningServer, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
	const started = performance.now()
	const response = await fetch(`${server.url}${path}`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, ...headers },
		body: form(fields),
	})
	const html = await response.text()
	return {
		status: response.status,
		location: response.headers.get('location'),
		html,
		text: visibleText(html),
		ms: performance.now() - started,
	}
}

async function get(server: RunningServer, path: string, cookie?: string) {
	const response = await fetch(`${server.url}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} })
	const html = await response.text()
	return { status: response.status, location: response.headers.get('location'), html, text: visibleText(html), headers: response.headers }
}

function median(values: Array<number>) {
	const sorted = values.toSorted((a, b) => a - b)
	const middle = Math.floor(sorted.length / 2)
	return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

describe.each(dialectsUnderTest())('over HTTP (%s)', (dialect) => {
	test('forgot password: the mail that arrived carries a link that sets a new password, once, and signs every browser out', async () => {
		await withAccountsServer(
			dialect,
			[OWNER],
			async (server) => {
				const before = await signInCookie(server, OWNER)
				expect((await get(server, '/admin/hesabim', before)).status).toBe(200)

				const login = await get(server, '/giris')
				expect(login.html).toMatch(/<a href="\/sifremi-unuttum">Şifremi unuttum<\/a>/)

				const since = Date.now()
				const asked = await post(server, '/sifremi-unuttum', { email: OWNER.email })
				expect(asked.status).toBe(200)
				expect(asked.text).toContain(NEUTRAL)
				const mail = await smtp.waitForMail(OWNER.email, (m) => m.receivedAt >= since)
				expect(mail.subject).toBe('Şifre yenileme bağlantınız')
				expect(mail.text).toContain('Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz.')
				const link = mail.links.find((href) => href.startsWith(`${server.url}/sifre-yenile?token=`))
				expect(link, mail.links.join(' ')).toBeDefined()
				const path = link!.slice(server.url.length)

				const page = await get(server, path)
				expect(page.status).toBe(200)
				expect(page.headers.get('referrer-policy')).toBe('same-origin')
				expect(page.text).toContain(`${OWNER.email} hesabı için yeni bir şifre belirleyin.`)
				const token = new URL(link!).searchParams.get('token')!

				// Mismatched: a field error, nothing changes (the old password still works, the link still opens).
				const mismatch = await post(server, path, { token, password: NEW_PASSWORD, password_repeat: `${NEW_PASSWORD}!` })
				expect(mismatch.status).toBe(400)
				expect(fieldError(mismatch.html, 'password_repeat')).toMatch(/aynısı değil/)
				const weak = await post(server, path, { token, password: 'sifre12345678', password_repeat: 'sifre12345678' })
				expect(weak.status).toBe(400)
				expect(fieldError(weak.html, 'password')).toMatch(/kolay tahmin/)
				expect((await get(server, '/admin/hesabim', before)).status).toBe(200)

				const done = await post(server, path, { token, password: NEW_PASSWORD, password_repeat: NEW_PASSWORD })
				expect(done.status).toBe(303)
				expect(done.location).toBe('/giris?sifre=yenilendi')
				expect((await get(server, '/giris?sifre=yenilendi')).text).toContain('Şifreniz yenilendi.')

				// Every session ended: the browser signed in before is signed out.
				const afterwards = await get(server, '/admin/hesabim', before)
				expect(afterwards.status).toBe(302)
				expect(afterwards.location).toMatch(/^\/giris/)
				await expect(signInCookie(server, OWNER)).rejects.toThrow(/401/)
				expect(await signInCookie(server, { email: OWNER.email, password: NEW_PASSWORD })).toMatch(/session_token/)

				// Used: a clear message and a way to ask again; nothing changes.
				const again = await get(server, path)
				expect(again.status).toBe(410)
				expect(alertTexts(again.html).join(' ')).toMatch(/daha önce kullanılmış/)
				expect(again.html).toContain('href="/sifremi-unuttum"')
				const reuse = await post(server, path, {
					token,
					password: 'Baska-Bir-Sifre-Denemesi-99',
					password_repeat: 'Baska-Bir-Sifre-Denemesi-99',
				})
				expect(reuse.status).toBe(410)
				expect(await signInCookie(server, { email: OWNER.email, password: NEW_PASSWORD })).toMatch(/session_token/)

				const unknown = await get(server, '/sifre-yenile?token=bilinmeyen-bir-anahtar')
				expect(unknown.status).toBe(410)
				expect(alertTexts(unknown.html).join(' ')).toMatch(/geçersiz/)
			},
			{ SMTP_URL: smtp.url },
		)
	})

	test('no enumeration: the same status and text, and the same time, for an account and an unknown address; the client address is limited', async () => {
		await withAccountsServer(
			dialect,
			[OWNER],
			async (server) => {
				let n = 0
				const ask = (email: string) => post(server, '/sifremi-unuttum', { email }, { 'x-forwarded-for': `198.51.100.${++n % 250}` })
				// Warm-up (first render, first query plans).
				await ask('isinma@example.org')
				await ask(OWNER.email)
				const known: Array<number> = []
				const unknown: Array<number> = []
				let first: { status: number; text: string } | undefined
				for (let i = 0; i < 15; i++) {
					const a = await ask(OWNER.email)
					const b = await ask(`yok-${i}@example.org`)
					first ??= { status: a.status, text: a.text }
					expect({ status: a.status, text: a.text }).toEqual({ status: b.status, text: b.text })
					expect({ status: a.status, text: a.text }).toEqual(first)
					known.push(a.ms)
					unknown.push(b.ms)
				}
				expect(first?.status).toBe(200)
				expect(first?.text).toContain(NEUTRAL)
				expect(first?.text).not.toContain(OWNER.email)
				expect(Math.abs(median(known) - median(unknown))).toBeLessThan(50)

				// Ten requests an hour from one client address, then a 429 in Turkish (which says nothing about the account).
				const answers = []
				for (let i = 0; i < 11; i++) {
					answers.push(await post(server, '/sifremi-unuttum', { email: `kim-${i}@example.org` }, { 'x-forwarded-for': '203.0.113.99' }))
				}
				expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(200))
				expect(answers[10]?.status).toBe(429)
				expect(alertTexts(answers[10]!.html).join(' ')).toMatch(/çok fazla şifre yenileme isteği.*dakika sonra yeniden deneyin/)
			},
			{ SMTP_URL: smtp.url, TRUST_PROXY: 'loopback' },
		)
	})

	test('Hesabım: the current password is required; a change ends the other sessions and keeps this one', async () => {
		await withAccountsServer(dialect, [SECOND], async (server) => {
			const here = await signInCookie(server, SECOND)
			const elsewhere = await signInCookie(server, SECOND)
			const page = await get(server, '/admin/hesabim', here)
			expect(page.status).toBe(200)
			expect(page.text).toContain('Hesap Sahibi')
			expect(page.text).toContain(SECOND.email)
			expect(page.text).toContain('Yönetici')

			const wrong = await postAdmin(
				server,
				'hesabim',
				{ intent: 'change-password', current: 'Yanlis-Sifre-Denemesi-55', password: NEW_PASSWORD, password_repeat: NEW_PASSWORD },
				{ cookie: here },
			)
			expect(wrong.status).toBe(400)
			expect(fieldError(wrong.html, 'current')).toMatch(/Mevcut şifre hatalı/)
			expect(wrong.html).not.toContain(NEW_PASSWORD)
			const missing = await postAdmin(
				server,
				'hesabim',
				{ intent: 'change-password', current: '', password: NEW_PASSWORD, password_repeat: NEW_PASSWORD },
				{ cookie: here },
			)
			expect(fieldError(missing.html, 'current')).toMatch(/Mevcut şifrenizi yazın/)
			expect((await get(server, '/admin/hesabim', elsewhere)).status).toBe(200)

			const done = await postAdmin(
				server,
				'hesabim',
				{ intent: 'change-password', current: SECOND.password, password: NEW_PASSWORD, password_repeat: NEW_PASSWORD },
				{ cookie: here },
			)
			expect(done.status).toBe(303)
			expect(done.location).toBe('/admin/hesabim?degisti=1')
			const stays = await get(server, '/admin/hesabim?degisti=1', here)
			expect(stays.status).toBe(200)
			expect(stays.text).toContain('Şifreniz değiştirildi.')
			const gone = await get(server, '/admin/hesabim', elsewhere)
			expect(gone.status).toBe(302)
			await expect(signInCookie(server, SECOND)).rejects.toThrow(/401/)
			expect(await signInCookie(server, { email: SECOND.email, password: NEW_PASSWORD })).toMatch(/session_token/)
		})
	})
})
