import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { checkContactToken, issueContactToken } from '#app/features/contact/contact-token.server.ts'
import { createAccount } from '#app/features/users/users.server.ts'
import { db } from '#app/lib/db.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createContactMessage } from '#tests/factories/contact-messages.ts'
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '#tests/setup/db.ts'
import {
	alertTexts,
	fieldError,
	fieldValue,
	postAdmin,
	signInCookie,
	startServer,
	visibleText,
	type RunningServer,
} from '#tests/setup/server.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/setup/smtp.ts'

/**
 * The contact form and the admin's "Mesajlar" through the production server
 * over HTTP, on SQLite and PostgreSQL, with the association's mail going to
 * a real SMTP server in this process: what a visitor, a bot, an attacker, a
 * yönetici and an editör can observe.
 */
const PAGE = '/iletisim/iletisim-adresleri'
const SENT = '/iletisim/iletisim-adresleri?gonderildi=1#bize-yazin'
const ASSOCIATION = 'iletisim@ornek-dernek.org.tr'
const SECRET = 'iletisim-formu-testleri-icin-en-az-32-karakter'
const ADMIN = { email: 'mesaj-yonetici@example.org', password: 'Kurul-Toplantisi-1987', fullName: 'Mesaj Yöneticisi', isAdmin: true }
const EDITOR = {
	email: 'mesaj-editor@example.org',
	password: 'Bahar-Senligi-Afisi-1994',
	fullName: 'Mesaj Editörü',
	isAdmin: true,
	role: 'editor' as const,
}
const SENT_TEXT = 'Mesajınız bize ulaştı. En kısa sürede size dönüş yapacağız.'

let smtp: TestSmtpServer

beforeAll(async () => {
	smtp = await startSmtpServer()
})

afterAll(async () => {
	await smtp.close()
})

/** A stamp from two minutes ago: the form has been open long enough (the servers here ask for 60 seconds). */
const agedToken = () => issueContactToken(SECRET, Date.now() - 120_000)

const valid = (fields: Record<string, string> = {}) => ({
	form_token: agedToken(),
	name: 'Ayşe Yılmaz',
	email: 'ayse.yilmaz@example.org',
	subject: 'Burs başvurusu',
	message: 'Merhaba,\r\n\r\nburs başvuruları ne zaman başlıyor?\r\nTeşekkürler.',
	consent: 'on',
	website: '',
	...fields,
})

type Answer = { status: number; location: string | null; html: string; text: string; headers: Headers }

async function post(server: RunningServer, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Answer> {
	const response = await fetch(`${server.url}${PAGE}`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, ...headers },
		body: new URLSearchParams(fields),
	})
	const html = await response.text()
	return { status: response.status, location: response.headers.get('location'), html, text: visibleText(html), headers: response.headers }
}

async function get(server: RunningServer, path: string, cookie?: string): Promise<Answer> {
	const response = await fetch(`${server.url}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} })
	const html = await response.text()
	return { status: response.status, location: response.headers.get('location'), html, text: visibleText(html), headers: response.headers }
}

/** The form's time stamp as the page carries it. */
const tokenOf = (html: string) => /name="form_token" value="([^"]+)"/.exec(html)?.[1] ?? null
/** The form's live region (the confirmation after sending). */
const statusOf = (html: string) => visibleText(/<div role="status" class="contact-form__status">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '')
const countMessages = async () =>
	Number(
		(
			await db
				.selectFrom('contact_messages')
				.select((eb) => eb.fn.countAll().as('n'))
				.executeTakeFirst()
		)?.n,
	)
const from = (ip: string) => ({ 'x-forwarded-for': ip })

/** The visible rows of the Mesajlar table. */
function rows(html: string) {
	const body = /<table class="admin-table messages-table"[^>]*>[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? ''
	return [...body.matchAll(/<tr\b[\s\S]*?<\/tr>/g)].map((match) => visibleText(match[0]))
}

describe.each(dialectsUnderTest())('the contact form over HTTP (%s)', (dialect) => {
	let tdb: TestDatabase
	let server: RunningServer
	let adminCookie: string

	beforeAll(async () => {
		tdb = await createTestDatabase(dialect, { migrated: true })
		await migrateToLatest(tdb.handle.db)
		await createAccount(ADMIN)
		await createAccount(EDITOR)
		const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()
		await createContactMessage({ subject: 'Süresi dolmuş mesaj', created_at: daysAgo(31) })
		await createContactMessage({ subject: 'Süresi dolmamış mesaj', created_at: daysAgo(29) })
		server = await startServer({
			DATA_DIR: tdb.dataDir,
			DATABASE_URL: tdb.url,
			AUTH_SECRET: SECRET,
			SMTP_URL: smtp.url,
			TRUST_PROXY: 'loopback',
			CONTACT_MIN_FILL_SECONDS: '60',
			CONTACT_RETENTION_DAYS: '30',
		})
		adminCookie = await signInCookie(server, ADMIN)
	})

	afterAll(async () => {
		await server?.stop()
		await tdb?.cleanup()
	})

	test('the server deletes messages past CONTACT_RETENTION_DAYS at start and keeps the rest', async () => {
		const subjects = async () =>
			(await db.selectFrom('contact_messages').select('subject').orderBy('id').execute()).map((row) => row.subject)
		const deadline = Date.now() + 15_000
		while ((await subjects()).includes('Süresi dolmuş mesaj') && Date.now() < deadline)
			await new Promise((resolve) => setTimeout(resolve, 100))
		expect(await subjects()).toEqual(['Süresi dolmamış mesaj'])
		await db.deleteFrom('contact_messages').execute()
	})

	test('a message is stored, e-mailed to the association with Reply-To the sender, and the page confirms it', async () => {
		const page = await get(server, PAGE)
		expect(page.status).toBe(200)
		// Rendered for each visit (its form carries the time it was shown): never from the render cache, never in a shared cache.
		expect(page.headers.get('cache-control')).toBe('private, no-cache')
		expect(page.headers.get('x-render-cache')).toBeNull()
		expect((await get(server, PAGE)).headers.get('x-render-cache')).toBeNull()
		expect(page.html).toMatch(/<h2 id="bize-yazin">Bize yazın<\/h2>/)
		expect(page.html).toMatch(/<form[^>]*action="\/iletisim\/iletisim-adresleri" method="post"/)
		expect(page.html).toMatch(/<a href="\/kurumsal\/kvkk" target="_blank" rel="noopener">KVKK Aydınlatma Metni/)
		expect(checkContactToken(tokenOf(page.html), SECRET, { minAgeMs: 0 })).toBe('ok')
		expect(statusOf(page.html)).toBe('')

		const subject = `Burs başvurusu (${dialect})`
		const answer = await post(server, valid({ subject }), from('203.0.113.10'))
		expect(answer.status).toBe(303)
		expect(answer.location).toBe(SENT)
		expect(answer.headers.get('cache-control')).toBe('no-store')
		const stored = await db.selectFrom('contact_messages').selectAll().where('subject', '=', subject).executeTakeFirstOrThrow()
		expect(stored).toMatchObject({
			name: 'Ayşe Yılmaz',
			email: 'ayse.yilmaz@example.org',
			message: 'Merhaba,\n\nburs başvuruları ne zaman başlıyor?\nTeşekkürler.',
			read_at: null,
			archived_at: null,
		})
		// The client address is kept nowhere as such: the limits hold a keyed digest.
		const keys = (await db.selectFrom('login_failures').select('key').execute()).map((row) => row.key)
		expect(keys.some((key) => key.startsWith('contact:ip:'))).toBe(true)
		expect(keys.join(' ')).not.toContain('203.0.113.10')

		const mail = await smtp.waitForMail(ASSOCIATION, (m) => m.subject === `[İletişim formu] ${subject}`)
		expect(mail.replyTo).toContain('ayse.yilmaz@example.org')
		expect(mail.replyTo).toContain('Ayşe Yılmaz')
		expect(mail.text).toContain('Gönderen: Ayşe Yılmaz <ayse.yilmaz@example.org>')
		expect(mail.text).toContain('Merhaba,\n\nburs başvuruları ne zaman başlıyor?\nTeşekkürler.')
		expect(mail.text).toContain('Bu e-postayı yanıtladığınızda yanıtınız doğrudan ayse.yilmaz@example.org adresine gider.')
		expect(mail.html).toContain('burs başvuruları ne zaman başlıyor?')
		expect(mail.links).toContain(`${server.url}/admin/mesajlar?mesaj=${stored.id}`)

		const confirmed = await get(server, SENT)
		expect(confirmed.status).toBe(200)
		expect(statusOf(confirmed.html)).toBe(SENT_TEXT)
		expect(confirmed.headers.get('cache-control')).toBe('private, no-cache')
	})

	test('a bot that fills the hidden field is answered like a person, and nothing is stored or sent', async () => {
		const before = await countMessages()
		const bot = await post(server, valid({ website: 'https://reklam.example', subject: `Ucuz takipçi (${dialect})` }), from('203.0.113.11'))
		expect(bot.status).toBe(303)
		expect(bot.location).toBe(SENT)
		expect(await countMessages()).toBe(before)
		// A person's message sent after it arrives; the bot's never did.
		const subject = `Sonraki mesaj (${dialect})`
		expect((await post(server, valid({ subject }), from('203.0.113.11'))).status).toBe(303)
		await smtp.waitForMail(ASSOCIATION, (m) => m.subject === `[İletişim formu] ${subject}`)
		expect(smtp.messages.some((m) => m.subject.includes('Ucuz takipçi'))).toBe(false)
		expect(await countMessages()).toBe(before + 1)
	})

	test('a form sent too soon after it was shown is refused with everything typed kept, and works once it has waited', async () => {
		const page = await get(server, PAGE)
		const token = tokenOf(page.html)!
		const before = await countMessages()
		const typed = valid({
			form_token: token,
			name: 'Leyla Ertürk',
			email: 'leyla@example.org',
			subject: 'Aidat sorusu',
			message: 'Aidatı havaleyle ödeyebilir miyim?',
		})
		const refused = await post(server, typed, from('203.0.113.12'))
		expect(refused.status).toBe(400)
		expect(refused.headers.get('cache-control')).toBe('no-store')
		expect(alertTexts(refused.html)).toEqual([
			'Form çok hızlı gönderildi. Lütfen bilgilerinizi kontrol edip birkaç saniye sonra yeniden gönderin.',
		])
		expect(fieldValue(refused.html, 'name')).toBe('Leyla Ertürk')
		expect(fieldValue(refused.html, 'email')).toBe('leyla@example.org')
		expect(fieldValue(refused.html, 'subject')).toBe('Aidat sorusu')
		expect(fieldValue(refused.html, 'message')).toBe('Aidatı havaleyle ödeyebilir miyim?')
		expect(fieldValue(refused.html, 'consent')).toBe('on')
		// The page opens at the reason (no field is wrong).
		expect(refused.html).toMatch(/<p class="contact-form__error" role="alert" id="contact-form-error" tabindex="-1" autofocus="">/)
		// The same stamp comes back, so its time keeps counting.
		expect(tokenOf(refused.html)).toBe(token)
		expect(await countMessages()).toBe(before)
	})

	test('a made-up, tampered or day-old stamp is refused with everything typed kept and a new stamp', async () => {
		const before = await countMessages()
		const [issued, signature] = agedToken().split('.')
		for (const token of [
			issueContactToken('bir-baska-sitenin-gizli-anahtari-en-az-32-karakter', Date.now() - 120_000),
			`${Number(issued) - 1000}.${signature}`,
			issueContactToken(SECRET, Date.now() - 25 * 60 * 60_000),
			'',
		]) {
			const refused = await post(server, valid({ form_token: token, subject: 'Eski form' }), from('203.0.113.13'))
			expect(refused.status, token).toBe(400)
			expect(alertTexts(refused.html)).toEqual(['Formun süresi doldu. Lütfen bilgilerinizi kontrol edip yeniden gönderin.'])
			expect(fieldValue(refused.html, 'subject')).toBe('Eski form')
			expect(fieldValue(refused.html, 'message')).toContain('burs başvuruları')
			const fresh = tokenOf(refused.html)
			expect(fresh).not.toBe(token)
			expect(checkContactToken(fresh, SECRET, { minAgeMs: 0 })).toBe('ok')
		}
		expect(await countMessages()).toBe(before)
	})

	test('bad input gets a Turkish error at each field, pointed to by the field, and loses nothing typed', async () => {
		const before = await countMessages()
		const script = '<script>alert(1)</script>'
		const refused = await post(
			server,
			{ form_token: agedToken(), name: script, email: 'ayse@', subject: 'K'.repeat(151), message: 'Kısa', website: '' },
			from('203.0.113.14'),
		)
		expect(refused.status).toBe(400)
		expect(alertTexts(refused.html)).toEqual(['Mesajınız gönderilemedi. Lütfen işaretli alanları düzeltin; yazdıklarınız kaybolmadı.'])
		expect(fieldError(refused.html, 'name')).toBeNull()
		expect(fieldError(refused.html, 'email')).toBe('Geçerli bir e-posta adresi yazın (ör. ad.soyad@ornek.com).')
		expect(fieldError(refused.html, 'subject')).toBe('Konu en fazla 150 karakter olabilir.')
		expect(fieldError(refused.html, 'message')).toBe('Mesajınız en az 10 karakter olmalı.')
		expect(fieldError(refused.html, 'consent')).toBe('Mesajınızı gönderebilmek için KVKK Aydınlatma Metni’ni okuduğunuzu onaylayın.')
		expect(refused.html).toMatch(
			/<input id="contact-email"[^>]*aria-invalid="true"[^>]*aria-describedby="contact-email-hint contact-email-error"[^>]*autofocus=""/,
		)
		expect(fieldValue(refused.html, 'name')).toBe(script)
		expect(fieldValue(refused.html, 'email')).toBe('ayse@')
		expect(fieldValue(refused.html, 'subject')).toBe('K'.repeat(151))
		expect(fieldValue(refused.html, 'message')).toBe('Kısa')
		expect(fieldValue(refused.html, 'consent')).toBe('')
		expect(refused.html).not.toContain(script)

		const empty = await post(server, { form_token: agedToken(), consent: 'on' }, from('203.0.113.14'))
		expect(empty.status).toBe(400)
		expect(fieldError(empty.html, 'name')).toBe('Adınızı ve soyadınızı yazın.')
		expect(fieldError(empty.html, 'email')).toBe('E-posta adresinizi yazın.')
		expect(fieldError(empty.html, 'subject')).toBe('Mesajınızın konusunu yazın.')
		expect(fieldValue(empty.html, 'consent')).toBe('on')
		expect(await countMessages()).toBe(before)
	})

	test('five messages an hour per client address and per e-mail address, then 429 with the minutes to wait', async () => {
		const before = await countMessages()
		for (let i = 1; i <= 5; i++) {
			const sent = await post(server, valid({ email: `sinir${i}-${dialect}@example.org`, subject: `Sınır ${i}` }), from('198.51.100.20'))
			expect(sent.status, `message ${i}`).toBe(303)
		}
		const limited = await post(server, valid({ email: `sinir6-${dialect}@example.org`, subject: 'Sınır 6' }), from('198.51.100.20'))
		expect(limited.status).toBe(429)
		expect(alertTexts(limited.html)).toEqual(['Kısa sürede çok sayıda mesaj gönderildi. Lütfen 60 dakika sonra yeniden deneyin.'])
		expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3500)
		expect(fieldValue(limited.html, 'subject')).toBe('Sınır 6')
		// The first sender's address wrote once; four more from elsewhere, then its own limit.
		for (let i = 1; i <= 4; i++) {
			expect((await post(server, valid({ email: `sinir1-${dialect}@example.org` }), from(`198.51.100.${20 + i}`))).status).toBe(303)
		}
		expect((await post(server, valid({ email: `sinir1-${dialect}@example.org` }), from('198.51.100.30'))).status).toBe(429)
		expect(await countMessages()).toBe(before + 9)
	})

	test('refuses a post from another site, with or without an Origin', async () => {
		const before = await countMessages()
		const crossSite = await post(server, valid({ subject: 'Başka siteden' }), { origin: 'https://kotu.example', ...from('203.0.113.15') })
		expect(crossSite.status).toBe(403)
		expect(crossSite.text).toBe('İstek reddedildi: başka bir siteden gönderildi.')
		const response = await fetch(`${server.url}${PAGE}`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site', ...from('203.0.113.15') },
			body: new URLSearchParams(valid({ subject: 'Başka siteden' })),
		})
		expect(response.status).toBe(403)
		expect(await countMessages()).toBe(before)
	})

	test('a yönetici opens, marks unread, archives, brings back and deletes messages, each change in the audit log', async () => {
		await db.deleteFrom('contact_messages').execute()
		const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()
		const first = await createContactMessage({
			subject: 'Bağış makbuzu',
			name: 'Leyla Ertürk',
			email: 'leyla@example.org',
			message: 'Merhaba,\n\ngeçen ayki bağışım için makbuz rica ederim.',
			created_at: minutesAgo(5),
		})
		const second = await createContactMessage({ subject: 'Mezunlar günü <img src=x onerror=alert(1)>', created_at: minutesAgo(1) })
		const audited = await db.selectFrom('audit_log').select('id').execute()

		const list = await get(server, '/admin/mesajlar', adminCookie)
		expect(list.status).toBe(200)
		expect(list.headers.get('cache-control')).toBe('no-store')
		expect(rows(list.html)).toEqual([
			expect.stringMatching(/^Okunmadı Mezunlar günü <img src=x onerror=alert\(1\)>/),
			expect.stringMatching(
				/^Okunmadı Bağış makbuzu Merhaba, geçen ayki bağışım için makbuz rica ederim\. Leyla Ertürk leyla@example\.org /,
			),
		])
		expect(list.html.replace(/<script\b[\s\S]*?<\/script>/g, '')).not.toContain('<img src=x')
		expect(list.html).toMatch(
			/<a[^>]*href="\/admin\/mesajlar"[^>]*>Mesajlar<span class="admin-tabs__badge"><span aria-hidden="true">2<\/span><span class="sr-only"> \(2 okunmamış mesaj\)<\/span>/,
		)

		const opened = await postAdmin(server, 'mesajlar', { intent: 'open', id: first.id }, { cookie: adminCookie })
		expect(opened.status).toBe(303)
		expect(opened.location).toBe(`/admin/mesajlar?mesaj=${first.id}`)
		const view = await get(server, opened.location!, adminCookie)
		expect(view.text).toContain('Bağış makbuzu Okundu Gönderen Leyla Ertürk <leyla@example.org>')
		expect(view.html).toContain('Merhaba,\n\ngeçen ayki bağışım için makbuz rica ederim.')
		const reply = new URL(/href="(mailto:[^"]+)"/.exec(view.html)![1]!.replace(/&amp;/g, '&'))
		expect(decodeURIComponent(reply.pathname)).toBe('leyla@example.org')
		expect(reply.searchParams.get('subject')).toBe('Re: Bağış makbuzu')
		expect(reply.searchParams.get('body')).toMatch(
			/Leyla Ertürk <leyla@example\.org> şunu yazdı:\r\n> Merhaba,\r\n>\r\n> geçen ayki bağışım için makbuz rica ederim\./,
		)
		expect(view.html).toContain('1 okunmamış mesaj')
		expect(
			(await db.selectFrom('contact_messages').select('read_at').where('id', '=', first.id).executeTakeFirstOrThrow()).read_at,
		).not.toBeNull()

		const unread = await postAdmin(
			server,
			'mesajlar',
			{ intent: 'unread', id: first.id },
			{ cookie: adminCookie, query: { mesaj: first.id } },
		)
		expect(unread.location).toBe(`/admin/mesajlar?mesaj=${first.id}`)
		expect(
			(await db.selectFrom('contact_messages').select('read_at').where('id', '=', first.id).executeTakeFirstOrThrow()).read_at,
		).toBeNull()

		const archived = await postAdmin(server, 'mesajlar', { intent: 'archive', id: first.id }, { cookie: adminCookie })
		expect(archived.location).toBe('/admin/mesajlar?durum=arsivlendi')
		const inbox = await get(server, archived.location!, adminCookie)
		expect(inbox.text).toContain('Mesaj arşive taşındı.')
		expect(rows(inbox.html).join(' ')).not.toContain('Bağış makbuzu')
		const archive = await get(server, '/admin/mesajlar?kutu=arsiv', adminCookie)
		expect(rows(archive.html)).toEqual([expect.stringMatching(/^Okunmadı Bağış makbuzu/)])
		expect(archive.html).toMatch(/<option value="arsiv" selected="">Arşiv<\/option>/)

		const back = await postAdmin(
			server,
			'mesajlar',
			{ intent: 'unarchive', id: first.id },
			{ cookie: adminCookie, query: { kutu: 'arsiv' } },
		)
		expect(back.location).toBe('/admin/mesajlar?kutu=arsiv&durum=gelen-kutusu')
		expect(rows((await get(server, '/admin/mesajlar?kutu=arsiv', adminCookie)).html)).toEqual(['Arşivde mesaj yok.'])

		const question = await get(server, `/admin/mesajlar?sil=${second.id}`, adminCookie)
		expect(question.text).toContain('Bu mesaj kalıcı olarak silinsin mi? Mezunlar günü <img src=x onerror=alert(1)>')
		expect(question.text).toContain('Silinen mesaj çöp kutusuna gitmez ve geri alınamaz.')
		const deleted = await postAdmin(server, 'mesajlar', { intent: 'delete', id: second.id }, { cookie: adminCookie })
		expect(deleted.location).toBe('/admin/mesajlar?durum=silindi')
		expect(await db.selectFrom('contact_messages').select('id').where('id', '=', second.id).execute()).toEqual([])
		expect(await db.selectFrom('trash').select('id').execute()).toEqual([])

		const gone = await postAdmin(server, 'mesajlar', { intent: 'read', id: second.id }, { cookie: adminCookie })
		expect(gone.status).toBe(404)
		expect(alertTexts(gone.html)).toContain('İşlem yapılamadı: Mesaj bulunamadı; silinmiş ya da saklama süresi dolmuş olabilir.')

		const entries = await db
			.selectFrom('audit_log')
			.select(['kind', 'action', 'item_kind', 'item_id', 'user_email', 'item_title'])
			.where('id', 'not in', audited.length > 0 ? audited.map((row) => row.id) : [0])
			.where('kind', '=', 'content')
			.orderBy('id')
			.execute()
		expect(entries).toEqual([
			{
				kind: 'content',
				action: 'read',
				item_kind: 'contact_messages',
				item_id: String(first.id),
				user_email: ADMIN.email,
				item_title: null,
			},
			{
				kind: 'content',
				action: 'unread',
				item_kind: 'contact_messages',
				item_id: String(first.id),
				user_email: ADMIN.email,
				item_title: null,
			},
			{
				kind: 'content',
				action: 'archive',
				item_kind: 'contact_messages',
				item_id: String(first.id),
				user_email: ADMIN.email,
				item_title: null,
			},
			{
				kind: 'content',
				action: 'unarchive',
				item_kind: 'contact_messages',
				item_id: String(first.id),
				user_email: ADMIN.email,
				item_title: null,
			},
			{
				kind: 'content',
				action: 'purge',
				item_kind: 'contact_messages',
				item_id: String(second.id),
				user_email: ADMIN.email,
				item_title: null,
			},
		])
		const log = await get(server, '/admin/kayitlar?tur=content', adminCookie)
		expect(log.text).toContain('Okundu olarak işaretlendi')
		expect(log.text).toContain(`İletişim formu mesajı: #${first.id}`)
	})

	test('an editör can neither open nor change Mesajlar, and the menu does not offer it', async () => {
		const message = await createContactMessage({ subject: 'Editörden gizli' })
		const cookie = await signInCookie(server, EDITOR)
		expect((await get(server, '/admin/mesajlar', cookie)).status).toBe(403)
		expect((await get(server, `/admin/mesajlar?mesaj=${message.id}`, cookie)).status).toBe(403)
		for (const intent of ['open', 'read', 'archive', 'delete']) {
			expect((await postAdmin(server, 'mesajlar', { intent, id: message.id }, { cookie })).status, intent).toBe(403)
		}
		const content = await get(server, '/admin/duyurular', cookie)
		expect(content.status).toBe(200)
		expect(content.html).not.toContain('href="/admin/mesajlar"')
		expect(
			await db.selectFrom('contact_messages').select(['read_at', 'archived_at']).where('id', '=', message.id).executeTakeFirstOrThrow(),
		).toEqual({
			read_at: null,
			archived_at: null,
		})
	})
})
