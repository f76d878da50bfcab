import type { AddressInfo } from 'node:net'
import type { Readable } from 'node:stream'
import { callbackify } from 'node:util'
import { simpleParser, type AddressObject } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** A message as the SMTP server received it. */
export type ReceivedMail = {
	/** Recipients (lower-case addresses) from the envelope. */
	to: Array<string>
	from: string
	/** The Reply-To header as sent (`"Name" <address>`), or '' without one. */
	replyTo: string
	subject: string
	text: string
	html: string
	/** Every http(s) address in the text and in the HTML's href attributes, in order, without repeats. */
	links: Array<string>
	receivedAt: number
}

export type TestSmtpServer = {
	/** The SMTP_URL that reaches this server (any user name and password are accepted). */
	url: string
	port: number
	messages: Array<ReceivedMail>
	/** The first message to `to` (matching `predicate`) received so far or from now on; rejects after `timeoutMs`. */
	waitForMail(to: string, predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>
	/** Called for every message as it arrives. */
	onMail(listener: (mail: ReceivedMail) => void): void
	close(): Promise<void>
}

/** http(s) addresses in a message's text and HTML. */
export function linksOf(text: string, html: string) {
	const found = [
		...[...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0]),
		...[...html.matchAll(/href="(https?:\/\/[^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')),
	]
	return [...new Set(found)]
}

function addressesOf(value: AddressObject | Array<AddressObject> | undefined) {
	const list = Array.isArray(value) ? value : value ? [value] : []
	return list.flatMap((item) => item.value.map((address) => address.address ?? '')).filter(Boolean)
}

/**
 * A real SMTP server in this process on a free port of 127.0.0.1 (smtp-server,
 * plain SMTP without STARTTLS, any credentials accepted), parsing each message
 * with mailparser, so tests read the mail the site actually sent.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
	const messages: Array<ReceivedMail> = []
	const listeners = new Set<(mail: ReceivedMail) => void>()
	async function receive(stream: NodeJS.ReadableStream, rcptTo: Array<{ address: string }>) {
		const parsed = await simpleParser(stream as Readable)
		const envelopeTo = rcptTo.map((rcpt) => rcpt.address.toLowerCase())
		const text = parsed.text ?? ''
		const html = typeof parsed.html === 'string' ? parsed.html : ''
		const mail: ReceivedMail = {
			to: envelopeTo.length > 0 ? envelopeTo : addressesOf(parsed.to).map((a) => a.toLowerCase()),
			from: parsed.from?.text ?? '',
			replyTo: parsed.replyTo?.text ?? '',
			subject: parsed.subject ?? '',
			text,
			html,
			links: linksOf(text, html),
			receivedAt: Date.now(),
		}
		messages.push(mail)
		for (const listener of listeners) listener(mail)
	}
	const server = new SMTPServer({
		disabledCommands: ['STARTTLS'],
		authOptional: true,
		allowInsecureAuth: true,
		logger: false,
		onAuth(_auth, _session, callback) {
			callback(null, { user: 'test' })
		},
		onData(stream, session, callback) {
			callbackify(receive)(stream, session.envelope.rcptTo, (error) => callback(error ? new Error(String(error)) : undefined))
		},
	})
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(0, '127.0.0.1', () => resolve())
	})
	const { port } = server.server.address() as AddressInfo
	return {
		url: `smtp://test:test@127.0.0.1:${port}`,
		port,
		messages,
		onMail(listener) {
			listeners.add(listener)
		},
		waitForMail(to, predicate = () => true, timeoutMs = 15_000) {
			const address = to.toLowerCase()
			const matches = (mail: ReceivedMail) => mail.to.includes(address) && predicate(mail)
			const already = messages.find(matches)
			if (already) return Promise.resolve(already)
			return new Promise<ReceivedMail>((resolve, reject) => {
				const timer = setTimeout(() => {
					listeners.delete(listener)
					reject(
						new Error(
							`no mail to ${to} within ${timeoutMs} ms (received: ${messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none'})`,
						),
					)
				}, timeoutMs)
				const listener = (mail: ReceivedMail) => {
					if (!matches(mail)) return
					clearTimeout(timer)
					listeners.delete(listener)
					resolve(mail)
				}
				listeners.add(listener)
			})
		},
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}
