import type { Transporter } from 'nodemailer'
import { getEnv } from './env.server.ts'
import { logger } from './logger.server.ts'
import { msg } from './messages.ts'

/**
 * Outgoing e-mail over SMTP (nodemailer), configured by `SMTP_URL` and
 * `MAIL_FROM`. Without `SMTP_URL` e-mail is off: nothing is sent, a log line
 * says so, admin screens say so (see `mailOffNotice`) and the CLI prints the
 * links instead. Sending never throws at the person who caused it: a
 * transport failure is logged and answered as `{ sent: false }`.
 */
export type MailMessage = {
	to: string
	subject: string
	text: string
	html: string
	/** The sender's display name when MAIL_FROM is not set (the association's short name). */
	fromName?: string
	/** Where a reply goes instead of the sender (the contact form: the visitor who wrote). */
	replyTo?: { name: string; address: string }
}

let override: { url: string | null } | undefined
let cached: { url: string; transport: Transporter } | undefined

/** Tests point the process at their own SMTP server (or at none with null); undefined goes back to the environment. */
export function setMailUrlForTests(url: string | null | undefined) {
	override = url === undefined ? undefined : { url }
	cached?.transport.close()
	cached = undefined
}

function smtpUrl() {
	return override ? override.url : (getEnv().SMTP_URL ?? null)
}

export function isMailConfigured(): boolean {
	return Boolean(smtpUrl())
}

/** nodemailer is loaded with the first message: a process that sends no mail does not hold it (about 2 MB of resident memory). */
async function transportFor(url: string) {
	const { default: nodemailer } = await import('nodemailer')
	if (cached?.url !== url) {
		cached?.transport.close()
		cached = {
			url,
			transport: nodemailer.createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 }),
		}
	}
	return cached.transport
}

/** `"Name" <no-reply@host>` for the site's public host (or the SMTP server's when PUBLIC_URL is unset). */
export function defaultSender(fromName: string | undefined, url: string) {
	const env = getEnv()
	if (env.MAIL_FROM) return env.MAIL_FROM
	let host = 'localhost'
	try {
		host = new URL(env.PUBLIC_URL ?? url).hostname || host
	} catch {
		// keep localhost
	}
	const name = (fromName ?? 'Mezunlar Derneği').replace(/["\\\r\n]/g, '').trim()
	return name ? `"${name}" <no-reply@${host}>` : `no-reply@${host}`
}

/** The recipient's domain only: logs need not carry the address. */
function domainOf(address: string) {
	return address.split('@')[1] ?? '?'
}

export async function sendMail(message: MailMessage): Promise<{ sent: boolean }> {
	const url = smtpUrl()
	if (!url) {
		logger.info({ subject: message.subject, toDomain: domainOf(message.to) }, 'e-mail is off (SMTP_URL is not set): message not sent')
		return { sent: false }
	}
	try {
		await (
			await transportFor(url)
		).sendMail({
			from: defaultSender(message.fromName, url),
			to: message.to,
			subject: message.subject,
			text: message.text,
			html: message.html,
			...(message.replyTo ? { replyTo: message.replyTo } : {}),
		})
		return { sent: true }
	} catch (error) {
		logger.error(
			{ subject: message.subject, toDomain: domainOf(message.to), err: error instanceof Error ? error.message : String(error) },
			'sending e-mail failed',
		)
		return { sent: false }
	}
}

/** What an admin screen that would send mail says when e-mail is off (null when it is on). */
export function mailOffNotice(): string | null {
	return isMailConfigured() ? null : msg.mail.off
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

function escapeHtml(text: string) {
	return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch)
}

export type MailLayoutInput = {
	/** The association's name (from settings; app/lib reads no settings itself). */
	associationName: string
	/** The greeting line, e.g. "Merhaba Ayşe Hanım,". */
	greeting?: string
	/** The message's paragraphs, plain text. */
	paragraphs: Array<string>
	/** The one thing to do: a button in HTML, the address on its own line in plain text. */
	action?: { label: string; url: string }
	/** Paragraphs after the action (validity, "if it was not you"). */
	after?: Array<string>
	/** Someone's text shown as written, line breaks kept (the contact form's message), after the paragraphs. */
	quote?: string
	/** The last line, instead of "automatically sent; please do not reply" (for a message meant to be answered). */
	footer?: string
}

/**
 * A Turkish message as plain text and as simple HTML: one column, inline
 * styles, a real link (the button is a link with its address repeated as
 * text below it), sufficient contrast, `lang="tr"`.
 */
export function mailLayout(input: MailLayoutInput): { text: string; html: string } {
	const { associationName, greeting, paragraphs, action, after = [], quote, footer = msg.mail.autoFooter } = input
	const text = [
		...(greeting ? [greeting] : []),
		...paragraphs,
		...(quote ? [quote] : []),
		...(action ? [`${action.label}:\n${action.url}`] : []),
		...after,
		`--\n${associationName}\n${footer}`,
	].join('\n\n')
	const p = (line: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2933">${escapeHtml(line)}</p>`
	const button = action
		? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;background:#12355b;color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none;border-radius:6px">${escapeHtml(action.label)}</a></p>` +
			`<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#3e4c59">${escapeHtml(msg.mail.buttonFallback)}<br><a href="${escapeHtml(action.url)}" style="color:#12355b;word-break:break-all">${escapeHtml(action.url)}</a></p>`
		: ''
	const html = `<!doctype html>
<html lang="tr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(associationName)}</title></head>
<body style="margin:0;padding:0;background:#f5f7fa">
<div role="article" aria-label="${escapeHtml(associationName)}" style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;font-family:Arial,Helvetica,sans-serif">
<p style="margin:0 0 24px;font-size:18px;font-weight:bold;color:#12355b">${escapeHtml(associationName)}</p>
${greeting ? p(greeting) : ''}${paragraphs.map(p).join('')}${quote ? `<div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #c9a227;background:#f5f7fa;font-size:16px;line-height:1.5;color:#1f2933;white-space:pre-wrap;overflow-wrap:anywhere">${escapeHtml(quote)}</div>` : ''}${button}${after.map(p).join('')}
<p style="margin:32px 0 0;font-size:13px;line-height:1.5;color:#52606d">${escapeHtml(footer)}</p>
</div>
</body>
</html>
`
	return { text, html }
}
