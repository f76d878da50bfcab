import { expect, test } from 'vitest'
import { db } from '#app/lib/db.server.ts'
import { withAuditActor } from '#app/lib/audit.server.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { createContactMessage } from '#tests/factories/contact-messages.ts'
import { checkContactToken, issueContactToken, MAX_TOKEN_AGE_MS } from './contact-token.server.ts'
import { ContactFormSchema } from './contact.schema.ts'
import {
	changeContactMessage,
	claimContactSend,
	contactKeys,
	contactMail,
	countUnreadContactMessages,
	deleteContactMessage,
	listContactMessages,
	pruneContactLimits,
	pruneContactMessages,
} from './contact.server.ts'
import { replyHref } from './contact.shared.ts'

const SECRET = 'a-test-secret-of-at-least-32-characters!'
const NOW = Date.parse('2026-11-27T10:40:00.000Z')

test('accepts a stamp only when it is genuine, at least the minimum old and at most a day old', () => {
	const options = { minAgeMs: 3000, now: NOW }
	expect(checkContactToken(issueContactToken(SECRET, NOW - 3000), SECRET, options)).toBe('ok')
	expect(checkContactToken(issueContactToken(SECRET, NOW - 2999), SECRET, options)).toBe('too-fast')
	expect(checkContactToken(issueContactToken(SECRET, NOW + 30_000), SECRET, options)).toBe('too-fast')
	expect(checkContactToken(issueContactToken(SECRET, NOW + 10 * 60_000), SECRET, options)).toBe('invalid')
	expect(checkContactToken(issueContactToken(SECRET, NOW - MAX_TOKEN_AGE_MS), SECRET, options)).toBe('ok')
	expect(checkContactToken(issueContactToken(SECRET, NOW - MAX_TOKEN_AGE_MS - 1), SECRET, options)).toBe('expired')
	expect(checkContactToken(issueContactToken('another-secret-of-at-least-32-characters', NOW - 5000), SECRET, options)).toBe('invalid')
	const [issued, signature] = issueContactToken(SECRET, NOW - 5000).split('.')
	expect(checkContactToken(`${Number(issued) - 60_000}.${signature}`, SECRET, options)).toBe('invalid')
	for (const junk of [null, '', 'abc', `${issued}.`, `${issued}.${signature}x`, 42])
		expect(checkContactToken(junk, SECRET, options)).toBe('invalid')
	expect(checkContactToken(issueContactToken(SECRET, NOW), SECRET, { minAgeMs: 0, now: NOW })).toBe('ok')
})

test('checks the fields the way the form says, in Turkish, and keeps each to one line', () => {
	const valid = {
		name: '  Ayşe\tYılmaz\r\n',
		email: ' ayse.yilmaz@örnek.com.tr ',
		subject: 'Üyelik\u0007 hakkında',
		message: '  Merhaba,\r\n\r\nbilgi rica ederim.  ',
		consent: true,
	}
	expect(ContactFormSchema.parse(valid)).toEqual({
		name: 'Ayşe Yılmaz',
		email: 'ayse.yilmaz@örnek.com.tr',
		subject: 'Üyelik hakkında',
		message: 'Merhaba,\n\nbilgi rica ederim.',
		consent: true,
	})
	const errors = (input: Partial<typeof valid>) => {
		const result = ContactFormSchema.safeParse({ ...valid, ...input })
		return result.success ? {} : Object.fromEntries(result.error.issues.toReversed().map((issue) => [String(issue.path[0]), issue.message]))
	}
	expect(errors({ name: ' ', email: '', subject: '', message: 'kısa', consent: false })).toEqual({
		name: 'Adınızı ve soyadınızı yazın.',
		email: 'E-posta adresinizi yazın.',
		subject: 'Mesajınızın konusunu yazın.',
		message: 'Mesajınız en az 10 karakter olmalı.',
		consent: 'Mesajınızı gönderebilmek için KVKK Aydınlatma Metni’ni okuduğunuzu onaylayın.',
	})
	expect(errors({ name: 'A'.repeat(121), subject: 'K'.repeat(151), message: 'm'.repeat(5001) })).toEqual({
		name: 'Ad soyad en fazla 120 karakter olabilir.',
		subject: 'Konu en fazla 150 karakter olabilir.',
		message: 'Mesajınız en fazla 5000 karakter olabilir.',
	})
	expect(errors({ name: 'A'.repeat(120), subject: 'K'.repeat(150), message: 'm'.repeat(5000) })).toEqual({})
	// Anything a mail header could read as a second address, a name or a comment is refused.
	for (const email of [
		'ayse',
		'ayse@',
		'@example.org',
		'ayse@example',
		'a b@example.org',
		'a,b@example.org',
		'Ayşe <a@example.org>',
		'a@example.org\nBcc: b@example.org',
		'a@b@example.org',
	]) {
		expect(errors({ email }), email).toEqual({ email: 'Geçerli bir e-posta adresi yazın (ör. ad.soyad@ornek.com).' })
	}
})

test('answers "Yanıtla" with a mailto: link: the sender, "Re: <konu>" and the original quoted, a long one cut', () => {
	const message = {
		name: 'Ayşe Yılmaz',
		email: 'ayse+dernek@example.org',
		subject: 'Burs & başvuru?',
		message: 'Merhaba,\n\nburs başvurusu ne zaman?',
		createdAt: '2026-11-27T10:40:00.000Z',
	}
	const href = replyHref(message)
	const url = new URL(href)
	expect(url.protocol).toBe('mailto:')
	expect(decodeURIComponent(url.pathname)).toBe('ayse+dernek@example.org')
	expect(url.searchParams.get('subject')).toBe('Re: Burs & başvuru?')
	expect(url.searchParams.get('body')).toBe(
		'\r\n\r\n27 Kasım 2026 Cuma 13:40 tarihinde Ayşe Yılmaz <ayse+dernek@example.org> şunu yazdı:\r\n> Merhaba,\r\n>\r\n> burs başvurusu ne zaman?\r\n',
	)
	const long = new URL(replyHref({ ...message, message: 'ş'.repeat(4000) }))
	expect(long.searchParams.get('body')).toContain(`> ${'ş'.repeat(1000)}\r\n> […]`)
	expect(long.href.length).toBeLessThan(20_000)
})

test('writes the association a Turkish e-mail with the message as written, escaped in HTML, and a link to it', () => {
	const mail = contactMail({
		associationName: 'Örnek Mezunlar Derneği',
		origin: 'https://mezunlar.example.org',
		message: {
			id: 7,
			createdAt: '2026-11-27T10:40:00.000Z',
			name: 'Ayşe Yılmaz',
			email: 'ayse@example.org',
			subject: 'Aidat <b>sorusu</b>',
			message: 'Merhaba,\n<script>alert(1)</script>\nTeşekkürler.',
			readAt: null,
			archivedAt: null,
		},
	})
	expect(mail.subject).toBe('[İletişim formu] Aidat <b>sorusu</b>')
	expect(mail.text).toContain('Gönderen: Ayşe Yılmaz <ayse@example.org>')
	expect(mail.text).toContain('Merhaba,\n<script>alert(1)</script>\nTeşekkürler.')
	expect(mail.text).toContain('https://mezunlar.example.org/admin/mesajlar?mesaj=7')
	expect(mail.text).not.toContain('lütfen yanıtlamayın')
	expect(mail.html).not.toContain('<script>')
	expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
	expect(mail.html).toContain('white-space:pre-wrap')
})

for (const dialect of dialectsUnderTest()) {
	test(`pruning removes only messages older than the retention period (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const now = new Date(NOW)
			const daysAgo = (days: number, extraMs = 0) => new Date(NOW - days * 86_400_000 + extraMs).toISOString()
			await createContactMessage({ subject: 'çok eski', created_at: daysAgo(400) })
			await createContactMessage({ subject: 'tam sınırdan önce', created_at: daysAgo(365, -1000), archived_at: daysAgo(300) })
			await createContactMessage({ subject: 'sınırdan sonra', created_at: daysAgo(365, 1000) })
			await createContactMessage({ subject: 'yeni', created_at: daysAgo(2) })
			expect(await pruneContactMessages(365, now)).toBe(2)
			const left = await db.selectFrom('contact_messages').select('subject').orderBy('id').execute()
			expect(left.map((row) => row.subject)).toEqual(['sınırdan sonra', 'yeni'])
			expect(await pruneContactMessages(365, now)).toBe(0)
			expect(await pruneContactMessages(30, now)).toBe(1)
		})
	})

	test(`counts 5 messages per client address and per e-mail address, then pauses an hour (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const send = (ip: string, email: string, at = NOW) => claimContactSend({ ip, email, secret: SECRET }, at)
			for (let i = 1; i <= 5; i++) expect(await send('203.0.113.1', `kisi${i}@example.org`)).toEqual({ allowed: true })
			expect(await send('203.0.113.1', 'kisi6@example.org')).toEqual({ allowed: false, retryAfterSeconds: 3600 })
			// The refused address counted nothing against the e-mail: kisi6 may still write from elsewhere 5 times.
			for (let i = 1; i <= 4; i++) expect(await send(`198.51.100.${i}`, 'kisi1@example.org')).toEqual({ allowed: true })
			expect(await send('198.51.100.9', 'kisi1@example.org')).toEqual({ allowed: false, retryAfterSeconds: 3600 })
			// …and the refused e-mail gave back what it had counted against the address.
			for (let i = 1; i <= 5; i++) expect(await send('198.51.100.9', `baska${i}@example.org`)).toEqual({ allowed: true })
			// An hour later both may write again.
			const later = NOW + 60 * 60_000
			expect(await send('203.0.113.1', 'kisi1@example.org', later)).toEqual({ allowed: true })

			const keys = (await db.selectFrom('login_failures').select('key').execute()).map((row) => row.key)
			expect(keys).toContain(contactKeys.ip('203.0.113.1', SECRET))
			expect(keys.join(' ')).not.toMatch(/203\.0\.113|198\.51\.100|example\.org/)
			expect(contactKeys.ip('203.0.113.1', SECRET)).not.toBe(contactKeys.ip('203.0.113.1', 'another-secret-of-at-least-32-characters'))

			// The counters go an hour after their last message, once no pause runs; sign-in counters stay.
			await db
				.insertInto('login_failures')
				.values({ key: 'login:ip:203.0.113.1', failures: 1, last_failure: NOW - 86_400_000 })
				.execute()
			expect(await pruneContactLimits(NOW + 30 * 60_000)).toBe(0)
			expect(await pruneContactLimits(later + 60 * 60_000)).toBeGreaterThan(0)
			const left = (await db.selectFrom('login_failures').select('key').execute()).map((row) => row.key)
			expect(left).toEqual(['login:ip:203.0.113.1'])
		})
	})

	test(`reads, archives and deletes a message with an audit entry that names no one (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const older = await createContactMessage({ created_at: new Date(NOW - 60_000).toISOString() })
			const newer = await createContactMessage({ created_at: new Date(NOW).toISOString(), subject: 'Gizli konu', name: 'Ayşe Yılmaz' })
			expect((await listContactMessages('inbox')).rows.map((row) => row.id)).toEqual([newer.id, older.id])
			expect(await countUnreadContactMessages()).toBe(2)

			const actor = { userId: null, email: 'baskan@example.org', ip: '192.0.2.5', userAgent: null }
			await withAuditActor(actor, async () => {
				expect(await changeContactMessage(newer.id, 'read')).toBe(true)
				expect(await changeContactMessage(newer.id, 'read')).toBe(false)
				expect(await countUnreadContactMessages()).toBe(1)
				expect(await changeContactMessage(older.id, 'archive')).toBe(true)
				expect(await countUnreadContactMessages()).toBe(0)
				expect((await listContactMessages('archive')).rows.map((row) => row.id)).toEqual([older.id])
				expect(await changeContactMessage(older.id, 'unarchive')).toBe(true)
				expect(await changeContactMessage(newer.id, 'unread')).toBe(true)
				expect(await deleteContactMessage(newer.id)).toBe(true)
				expect(await deleteContactMessage(newer.id)).toBe(false)
				expect(await changeContactMessage(newer.id, 'read')).toBeNull()
			})
			expect((await listContactMessages('inbox')).rows.map((row) => row.id)).toEqual([older.id])
			const audit = await db.selectFrom('audit_log').selectAll().orderBy('id').execute()
			expect(audit.map((row) => [row.kind, row.action, row.item_kind, row.item_id, row.user_email])).toEqual([
				['content', 'read', 'contact_messages', String(newer.id), 'baskan@example.org'],
				['content', 'archive', 'contact_messages', String(older.id), 'baskan@example.org'],
				['content', 'unarchive', 'contact_messages', String(older.id), 'baskan@example.org'],
				['content', 'unread', 'contact_messages', String(newer.id), 'baskan@example.org'],
				['content', 'purge', 'contact_messages', String(newer.id), 'baskan@example.org'],
			])
			expect(JSON.stringify(audit)).not.toMatch(/Gizli konu|Ayşe Yılmaz|gonderen/)
		})
	})
}
