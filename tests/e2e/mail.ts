import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import type { ReceivedMail } from '../setup/smtp.ts'
import { outboxDir } from './outbox.ts'

export type { ReceivedMail }

/** The port of the e2e server a page (or base URL, or port) talks to. */
function portOf(target: Page | string | number) {
	if (typeof target === 'number') return target
	const candidates = [typeof target === 'string' ? target : target.url(), String(test.info().project.use.baseURL ?? '')]
	for (const candidate of candidates) {
		try {
			const url = new URL(candidate)
			if (url.protocol.startsWith('http') && url.port) return Number(url.port)
		} catch {
			// not an address (about:blank)
		}
	}
	return Number(process.env.E2E_PORT ?? 3210)
}

function messagesIn(dir: string): Array<ReceivedMail> {
	if (!fs.existsSync(dir)) return []
	return fs
		.readdirSync(dir)
		.filter((name) => name.endsWith('.json'))
		.toSorted()
		.map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as ReceivedMail)
}

/**
 * The latest message the e2e server sent to `to` (whose subject contains
 * `subject`, when given, and which arrived after `after`, a time in ms), once
 * it has arrived at the server's SMTP server: polls its outbox.
 */
export async function readMail(
	target: Page | string | number,
	to: string,
	options: { subject?: string | RegExp; after?: number; timeout?: number } = {},
): Promise<ReceivedMail> {
	const dir = outboxDir(portOf(target))
	const address = to.toLowerCase()
	const find = () =>
		messagesIn(dir)
			.filter((mail) => mail.to.includes(address))
			.filter((mail) => options.after === undefined || mail.receivedAt >= options.after)
			.filter((mail) =>
				options.subject === undefined
					? true
					: typeof options.subject === 'string'
						? mail.subject.includes(options.subject)
						: options.subject.test(mail.subject),
			)
			.at(-1)
	await expect.poll(() => find() !== undefined, { message: `a mail to ${to} in ${dir}`, timeout: options.timeout ?? 15_000 }).toBe(true)
	return find()!
}

/** The first link in a mail whose path starts with `pathPrefix` (e.g. '/sifre-yenile'). */
export function linkIn(mail: ReceivedMail, pathPrefix: string): string {
	const link = mail.links.find((href) => {
		try {
			return new URL(href).pathname.startsWith(pathPrefix)
		} catch {
			return false
		}
	})
	if (!link) throw new Error(`no link to ${pathPrefix} in the mail "${mail.subject}": ${mail.links.join(', ') || 'none'}`)
	return link
}
