import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { SETUP_CODE_FILE } from '#app/features/users/setup-code.server.ts'
import { msg } from '#app/lib/messages.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'
import { cookieHeader, cookiesFrom, startServer, withAccountsServer, type RunningServer } from '#tests/setup/server.ts'

const PASSWORD = 'kestane pusula lodos kervansaray'
const CODE_PATTERN = /^[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}$/

function postSetup(server: RunningServer, fields: Record<string, string>, headers: Record<string, string> = {}) {
	return fetch(`${server.url}/kurulum`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, ...headers },
		body: new URLSearchParams(fields),
	})
}

/** The text of the error shown under one field of the setup form. */
function fieldError(html: string, field: string) {
	return new RegExp(`<p class="field__error" id="kurulum-${field}-error">([^<]*)</p>`).exec(html)?.[1] ?? null
}

function inputValue(html: string, field: string) {
	const input = new RegExp(`<input[^>]*id="kurulum-${field}"[^>]*>`).exec(html)?.[0] ?? ''
	return /\svalue="([^"]*)"/.exec(input)?.[1] ?? null
}

const unescape = (text: string | null) => text?.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&') ?? null

for (const dialect of dialectsUnderTest()) {
	test(`a fresh site without demo content is set up once at /kurulum with the code from the start on ${dialect}`, async () => {
		const tdb = await createTestDatabase(dialect)
		const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url, TRUST_PROXY: 'loopback' })
		try {
			const file = path.join(tdb.dataDir, SETUP_CODE_FILE)
			expect(fs.statSync(file).mode & 0o777).toBe(0o600)
			const code = fs.readFileSync(file, 'utf8').split('\n')[0] ?? ''
			expect(code).toMatch(CODE_PATTERN)
			expect(server.output()).toContain(code)
			expect(server.output()).toContain(`http://127.0.0.1:${server.port}/kurulum`)

			const page = await fetch(`${server.url}/kurulum`)
			expect(page.status).toBe(200)
			expect(page.headers.get('cache-control')).toBe('no-store')
			const form = await page.text()
			for (const label of [msg.setup.code, msg.setup.fullName, msg.auth.email, msg.auth.password, msg.setup.passwordRepeat])
				expect(form).toContain(`>${label}</label>`)
			expect(form).toMatch(/<form[^>]*class="auth-form"[^>]*method="post"/)
			expect(form).not.toContain('__reactRouterContext')
			expect(form).toContain('name="robots" content="noindex')

			const typed = { name: 'Ayşe Yılmaz', email: 'baskan@example.org', password: PASSWORD, password_repeat: PASSWORD }
			const wrong = await postSetup(server, { ...typed, code: 'ABCD-EFGH-JKMN-PQRS' })
			expect(wrong.status).toBe(400)
			const wrongHtml = await wrong.text()
			expect(fieldError(wrongHtml, 'code')).toBe(msg.setup.codeWrong)
			expect(inputValue(wrongHtml, 'code')).toBe('ABCD-EFGH-JKMN-PQRS')
			expect(inputValue(wrongHtml, 'name')).toBe('Ayşe Yılmaz')
			expect(inputValue(wrongHtml, 'email')).toBe('baskan@example.org')
			expect(inputValue(wrongHtml, 'password')).toBeNull()
			expect(wrongHtml).not.toContain(PASSWORD)

			const weak = await postSetup(server, { ...typed, code, password: 'NotreDameDeSion2024!', password_repeat: 'NotreDameDeSion2024!' })
			expect(weak.status).toBe(400)
			const weakHtml = await weak.text()
			expect(unescape(fieldError(weakHtml, 'password'))).toMatch(/^Bu şifre kolay tahmin edilir: /)
			expect(fieldError(weakHtml, 'code')).toBeNull()
			expect(inputValue(weakHtml, 'code')).toBe(code)

			const short = await postSetup(server, { code, name: '', email: 'yok', password: 'kisa', password_repeat: 'kisa' })
			const shortHtml = await short.text()
			expect(fieldError(shortHtml, 'name')).toBe(msg.setup.fullNameRequired)
			expect(fieldError(shortHtml, 'email')).toBe(msg.setup.emailInvalid)
			expect(fieldError(shortHtml, 'password')).toBe(msg.password.tooShort(12))

			const mismatch = await postSetup(server, { ...typed, code, password_repeat: `${PASSWORD}!` })
			expect(fieldError(await mismatch.text(), 'password_repeat')).toBe(msg.setup.passwordMismatch)

			const elsewhere = { 'x-forwarded-for': '203.0.113.9' }
			for (let i = 0; i < 5; i++)
				expect((await postSetup(server, { ...typed, code: `WRNG-CODE-${i}${i}${i}${i}-AAAA` }, elsewhere)).status).toBe(400)
			const locked = await postSetup(server, { ...typed, code }, elsewhere)
			expect(locked.status).toBe(429)
			expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
			expect(await locked.text()).toContain(msg.setup.tooManyAttempts(1))

			const [first, second] = await Promise.all([
				postSetup(server, { ...typed, code }),
				postSetup(server, { ...typed, code, email: 'ikinci@example.org', name: 'İkinci Kişi' }),
			])
			const statuses = [first.status, second.status]
			expect(statuses.filter((status) => status === 302)).toHaveLength(1)
			expect(statuses.filter((status) => status !== 302).every((status) => [400, 404, 409].includes(status))).toBe(true)
			const created = first.status === 302 ? first : second
			expect(created.headers.get('location')).toBe('/admin')
			const admins = await tdb.handle.db.selectFrom('users').select(['email', 'full_name', 'is_admin']).execute()
			expect(admins).toHaveLength(1)
			expect(admins[0]?.email).toBe(first.status === 302 ? 'baskan@example.org' : 'ikinci@example.org')

			const cookie = cookieHeader(cookiesFrom(created))
			const adminPage = await fetch(`${server.url}/admin`, { headers: { cookie } })
			expect(adminPage.status).toBe(200)
			expect(new URL(adminPage.url).pathname).toMatch(/^\/admin(\/|$)/)

			expect(fs.existsSync(file)).toBe(false)
			expect(await tdb.handle.db.selectFrom('app_meta').select('key').where('key', 'like', 'setup:%').execute()).toEqual([])
			const gone = await fetch(`${server.url}/kurulum`, { redirect: 'manual' })
			expect(gone.status).toBe(404)
			expect(await gone.text()).toContain(msg.common.notFoundTitle)
			expect((await postSetup(server, { ...typed, code, email: 'ucuncu@example.org' })).status).toBe(404)
			expect((await fetch(`${server.url}/kurulum`, { redirect: 'manual', headers: { cookie } })).status).toBe(404)
			expect(await tdb.handle.db.selectFrom('users').select('id').execute()).toHaveLength(1)
		} finally {
			await server.stop()
			await tdb.cleanup()
		}
	})

	test(`a site with an admin never shows /kurulum and makes no setup code on ${dialect}`, async () => {
		const admin = { email: 'yonetici@example.org', password: PASSWORD, fullName: 'Yönetici', isAdmin: true }
		await withAccountsServer(dialect, [admin], async (server) => {
			expect(fs.existsSync(path.join(server.dataDir, SETUP_CODE_FILE))).toBe(false)
			expect(server.output()).not.toContain('kurulum kodu')
			expect((await fetch(`${server.url}/kurulum`, { redirect: 'manual' })).status).toBe(404)
			expect((await postSetup(server, { code: 'ABCD-EFGH-JKMN-PQRS' })).status).toBe(404)
		})
	})
}

test('an admin created with the command line ends the setup page and removes its code', async () => {
	const tdb = await createTestDatabase('sqlite')
	const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url })
	try {
		const file = path.join(tdb.dataDir, SETUP_CODE_FILE)
		expect(fs.existsSync(file)).toBe(true)
		expect((await fetch(`${server.url}/kurulum`)).status).toBe(200)
		const cli = spawnSync(
			process.execPath,
			['scripts/admin.ts', 'create', '--email', 'baskan@example.org', '--password', PASSWORD, '--name', 'Ayşe Yılmaz'],
			{
				cwd: path.resolve(import.meta.dirname, '..', '..'),
				env: { PATH: process.env.PATH ?? '', DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url, NODE_ENV: 'production' },
				encoding: 'utf8',
			},
		)
		expect(cli.stderr).toBe('')
		expect(cli.status).toBe(0)
		expect(fs.existsSync(file)).toBe(false)
		expect((await fetch(`${server.url}/kurulum`, { redirect: 'manual' })).status).toBe(404)
		expect(await tdb.handle.db.selectFrom('app_meta').select('key').where('key', 'like', 'setup:%').execute()).toEqual([])
	} finally {
		await server.stop()
		await tdb.cleanup()
	}
})

test('a start without demo content has the static pages, the settings and empty lists with their empty states', async () => {
	const tdb = await createTestDatabase('sqlite')
	const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url })
	try {
		const text = async (pathname: string) => {
			const response = await fetch(`${server.url}${pathname}`)
			expect(response.status, pathname).toBe(200)
			return (await response.text()).replaceAll('&#x27;', "'")
		}
		expect(await text('/kurumsal/hakkimizda')).toContain('Biz Kimiz?')
		const dues = await text('/uyelik/uyelik-aidati')
		expect(dues).toContain('Aidat Tutarları')
		expect(dues).not.toContain('{{')
		expect(await text('/kurumsal/dernek-tuzugu')).toContain('DERNEK TÜZÜĞÜ')
		expect(await text('/iletisim/iletisim-adresleri')).not.toContain('{{')
		const home = await text('/')
		expect(home).toContain(msg.announcements.empty)
		expect(home).toContain(msg.agenda.empty)
		expect(await text('/duyurular')).toContain(msg.announcements.empty)
		expect(await text('/duyurular/etkinlikler')).toContain(msg.events.empty)
		expect(await text('/duyurular/takvim')).toContain(msg.calendar.empty)
		expect(await text('/duyurular/bulten-arsivi')).toContain(msg.bulletins.empty)
		expect(await text('/mezunlarimiz/mezunlardan-haberler')).toContain(msg.alumniNews.empty)
		expect(await text('/mezunlarimiz/basari-onur-odulleri')).toContain(msg.awards.empty)
		expect(await text('/uyelik/uyelere-avantajlar')).toContain(msg.perks.empty)
		const pages = await tdb.handle.db.selectFrom('pages').select('slug').execute()
		expect(pages.length).toBe(fs.readdirSync(path.resolve(import.meta.dirname, '..', '..', 'content', 'pages')).length)
		expect(await tdb.handle.db.selectFrom('settings').select('key').execute()).not.toEqual([])
		expect(await tdb.handle.db.selectFrom('announcements').select('id').execute()).toEqual([])
	} finally {
		await server.stop()
		await tdb.cleanup()
	}
})
