import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { freePort } from '#tests/setup/server.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/setup/smtp.ts'
import { isMailConfigured, mailLayout, mailOffNotice, sendMail, setMailUrlForTests } from './mail.server.ts'

let smtp: TestSmtpServer

beforeAll(async () => {
	smtp = await startSmtpServer()
})

afterAll(async () => {
	setMailUrlForTests(undefined)
	await smtp.close()
})

describe('sendMail', () => {
	test('delivers a Turkish plain-text and HTML message to the SMTP server', async () => {
		setMailUrlForTests(smtp.url)
		expect(isMailConfigured()).toBe(true)
		expect(mailOffNotice()).toBeNull()
		const { text, html } = mailLayout({
			associationName: 'NDS Mezunları Derneği',
			greeting: 'Merhaba Ayşe <b>Işık</b>,',
			paragraphs: ['Şifrenizi yenilemek için aşağıdaki bağlantıyı açın.'],
			action: { label: 'Şifremi yenile', url: 'https://mezunlar.example.org/sifre-yenile?token=abc&x=1' },
			after: ['Bağlantı 30 dakika geçerlidir.'],
		})
		const result = await sendMail({ to: 'Ayse@Example.org', subject: 'Şifre yenileme', text, html, fromName: 'NDS Mezunları Derneği' })
		expect(result).toEqual({ sent: true })
		const mail = await smtp.waitForMail('ayse@example.org')
		expect(mail.subject).toBe('Şifre yenileme')
		expect(mail.from).toContain('NDS Mezunları Derneği')
		expect(mail.text).toContain('Merhaba Ayşe <b>Işık</b>,')
		expect(mail.html).toContain('Merhaba Ayşe &lt;b&gt;Işık&lt;/b&gt;,')
		expect(mail.text).toContain('https://mezunlar.example.org/sifre-yenile?token=abc&x=1')
		expect(mail.html).toContain('lang="tr"')
		expect(mail.html).toContain('href="https://mezunlar.example.org/sifre-yenile?token=abc&amp;x=1"')
		expect(mail.links).toContain('https://mezunlar.example.org/sifre-yenile?token=abc&x=1')
	})

	test('without SMTP_URL nothing is sent and the admin notice says e-mail is off', async () => {
		setMailUrlForTests(null)
		expect(isMailConfigured()).toBe(false)
		expect(mailOffNotice()).toMatch(/E-posta gönderimi kapalı/)
		const before = smtp.messages.length
		expect(await sendMail({ to: 'kimse@example.org', subject: 'x', text: 'x', html: '<p>x</p>' })).toEqual({ sent: false })
		expect(smtp.messages.length).toBe(before)
	})

	test('a server that does not answer is logged and reported as not sent, never thrown', async () => {
		setMailUrlForTests(`smtp://127.0.0.1:${await freePort()}`)
		await expect(sendMail({ to: 'kimse@example.org', subject: 'x', text: 'x', html: '<p>x</p>' })).resolves.toEqual({ sent: false })
	})
})
