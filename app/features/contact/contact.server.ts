import crypto from 'node:crypto'
import { getSettings } from '#app/features/settings/settings.server.ts'
import { recordAudit } from '#app/lib/audit.server.ts'
import { db } from '#app/lib/db.server.ts'
import { toIso } from '#app/lib/db-utils.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { mailLayout, sendMail } from '#app/lib/mail.server.ts'
import { msg } from '#app/lib/messages.ts'
import { accountDigest, claimAttempt, refundAttempt, type GrantedClaim, type LockoutRule } from '#app/lib/rate-limit.server.ts'
import { formatDateTime } from '#app/lib/tr.ts'
import type { ContactForm } from './contact.schema.ts'
import { messageHref, type ContactFolder } from './contact.shared.ts'

/**
 * The contact form's messages: stored for the admin's "Mesajlar" (yöneticiler
 * only), e-mailed to the association when SMTP is configured, deleted after
 * CONTACT_RETENTION_DAYS. They are personal data, so: the sender's IP
 * address is never stored with a message; the audit log names a message by
 * its number only; messages are not content (no content version, no search
 * index, no trash, which editörler can open).
 */

export type ContactMessage = {
	id: number
	createdAt: string
	name: string
	email: string
	subject: string
	message: string
	readAt: string | null
	archivedAt: string | null
}

const COLUMNS = ['id', 'created_at', 'name', 'email', 'subject', 'message', 'read_at', 'archived_at'] as const

type StoredRow = {
	id: number
	created_at: unknown
	name: string
	email: string
	subject: string
	message: string
	read_at: unknown
	archived_at: unknown
}

function toMessage(row: StoredRow): ContactMessage {
	return {
		id: Number(row.id),
		createdAt: toIso(row.created_at) ?? '',
		name: row.name,
		email: row.email,
		subject: row.subject,
		message: row.message,
		readAt: toIso(row.read_at),
		archivedAt: toIso(row.archived_at),
	}
}

/** Stores a message (unread, in the inbox); its id. */
export async function storeContactMessage(form: ContactForm, now = new Date()): Promise<number> {
	const row = await db
		.insertInto('contact_messages')
		.values({
			created_at: now.toISOString(),
			name: form.name,
			email: form.email,
			subject: form.subject,
			message: form.message,
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	return Number(row.id)
}

/** The list shows at most this many messages of a folder (newest first); retention keeps the rest in check. */
export const LIST_LIMIT = 500

/** A folder's messages, newest first, and how many it holds in all. */
export async function listContactMessages(folder: ContactFolder): Promise<{ rows: Array<ContactMessage>; total: number }> {
	const base = db.selectFrom('contact_messages').where('archived_at', folder === 'archive' ? 'is not' : 'is', null)
	const [rows, counted] = await Promise.all([
		base.select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(LIST_LIMIT).execute(),
		base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
	])
	return { rows: (rows as Array<StoredRow>).map(toMessage), total: Number(counted?.count ?? 0) }
}

export async function getContactMessage(id: number): Promise<ContactMessage | null> {
	const row = await db.selectFrom('contact_messages').select(COLUMNS).where('id', '=', id).executeTakeFirst()
	return row ? toMessage(row as StoredRow) : null
}

/** Unread messages in the inbox: the number beside "Mesajlar" in the sidebar. */
export async function countUnreadContactMessages(): Promise<number> {
	const row = await db
		.selectFrom('contact_messages')
		.select((eb) => eb.fn.countAll().as('count'))
		.where('read_at', 'is', null)
		.where('archived_at', 'is', null)
		.executeTakeFirst()
	return Number(row?.count ?? 0)
}

export type MessageChange = 'read' | 'unread' | 'archive' | 'unarchive'

/**
 * Marks a message read or unread, archives it or brings it back, with its
 * audit entry in the same transaction. Null when there is no such message;
 * false when it already was so (nothing written, nothing logged).
 */
export async function changeContactMessage(id: number, change: MessageChange, now = new Date()): Promise<boolean | null> {
	const column = change === 'read' || change === 'unread' ? 'read_at' : 'archived_at'
	const setTo = change === 'read' || change === 'archive' ? now.toISOString() : null
	return db.transaction().execute(async (trx) => {
		const found = await trx.selectFrom('contact_messages').select(['id', column]).where('id', '=', id).executeTakeFirst()
		if (!found) return null
		const isSet = (found as Record<string, unknown>)[column] != null
		if (isSet === (setTo !== null)) return false
		await trx
			.updateTable('contact_messages')
			.set({ [column]: setTo })
			.where('id', '=', id)
			.execute()
		await recordAudit(auditEntry(change, id), trx)
		return true
	})
}

/** Deletes a message for good (it never goes to the trash: editörler open the trash); false when there was none. */
export async function deleteContactMessage(id: number): Promise<boolean> {
	return db.transaction().execute(async (trx) => {
		const result = await trx.deleteFrom('contact_messages').where('id', '=', id).executeTakeFirst()
		if (Number(result.numDeletedRows) === 0) return false
		await recordAudit(auditEntry('purge', id), trx)
		return true
	})
}

/** The audit log keeps its entries longer than a message may live: it names the message by its number, never the sender or the subject. */
function auditEntry(action: MessageChange | 'purge', id: number) {
	return { kind: 'content' as const, action, itemKind: 'contact_messages', itemId: id, itemTitle: null }
}

/** Deletes messages older than `days` days (CONTACT_RETENTION_DAYS); how many. */
export async function pruneContactMessages(days: number, now = new Date()): Promise<number> {
	const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString()
	const result = await db.deleteFrom('contact_messages').where('created_at', '<', cutoff).executeTakeFirst()
	return Number(result.numDeletedRows)
}

const HOUR_MS = 60 * 60 * 1000

/**
 * Documented in the README and the KVKK notice: 5 messages per client
 * address and 5 per sender's e-mail address, then a pause of an hour; the
 * count starts again an hour after the last message.
 */
export const CONTACT_LIMIT: LockoutRule = { threshold: 5, firstLockMs: HOUR_MS, maxLockMs: HOUR_MS, forgetAfterMs: HOUR_MS }

const KEY_PREFIX = 'contact:'

/**
 * The limits' keys: a digest of the client address keyed with the site's
 * secret (an IPv4 address could be found again from a plain hash), and the
 * same digest of an e-mail address the sign-in limits use.
 */
export const contactKeys = {
	ip: (ip: string, secret: string) =>
		`${KEY_PREFIX}ip:${crypto
			.createHmac('sha256', secret)
			.update(`contact-ip|${ip || 'unknown'}`)
			.digest('base64url')
			.slice(0, 32)}`,
	email: (email: string) => `${KEY_PREFIX}email:${accountDigest(email)}`,
}

export type SendClaim = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/**
 * Counts a message against its client address and its e-mail address
 * (the sign-in limiter's storage: one atomic statement per key, shared by
 * every instance); a refusal gives back what it had counted.
 */
export async function claimContactSend(input: { ip: string; email: string; secret: string }, now = Date.now()): Promise<SendClaim> {
	const claims: Array<GrantedClaim> = []
	for (const key of [contactKeys.ip(input.ip, input.secret), contactKeys.email(input.email)]) {
		const claim = await claimAttempt(key, CONTACT_LIMIT, now)
		if (!claim.allowed) {
			await Promise.all(claims.map(refundAttempt))
			return { allowed: false, retryAfterSeconds: claim.retryAfterSeconds }
		}
		claims.push(claim)
	}
	return { allowed: true }
}

/** Forgets the limits' counters an hour after their last message, once no pause is running: the digests live two hours at most. */
export async function pruneContactLimits(now = Date.now()): Promise<number> {
	const result = await db
		.deleteFrom('login_failures')
		.where('key', 'like', `${KEY_PREFIX}%`)
		.where('last_failure', '<=', now - CONTACT_LIMIT.forgetAfterMs)
		.where('locked_until', '<=', now)
		.executeTakeFirst()
	return Number(result.numDeletedRows)
}

/** The e-mail to the association: who wrote, about what, when, the message as written, and a link to it in the admin. */
export function contactMail(input: { associationName: string; message: ContactMessage; origin: string }) {
	const { message } = input
	const m = msg.contact
	return {
		subject: m.mailSubject(message.subject),
		...mailLayout({
			associationName: input.associationName,
			paragraphs: [
				m.mailIntro(input.associationName),
				m.mailFrom(message.name, message.email),
				m.mailSubjectLine(message.subject),
				m.mailDate(formatDateTime(message.createdAt)),
			],
			quote: message.message,
			action: { label: m.mailOpen, url: `${input.origin}${messageHref(message.id)}` },
			after: [m.mailReplyNote(message.email)],
			footer: m.mailFooter,
		}),
	}
}

/**
 * E-mails a stored message to the association's contact address (Ayarlar ›
 * İletişim), replies going to the sender. Never throws and never tells the
 * visitor: without SMTP, without an address or when the server refuses, the
 * message waits in Mesajlar and the log says why.
 */
export async function notifyAssociation(id: number, origin: string): Promise<boolean> {
	try {
		const [message, settings] = await Promise.all([getContactMessage(id), getSettings()])
		if (!message) return false
		const to = settings.contact.email.trim()
		if (!/^[^\s@]+@[^\s@]+$/.test(to)) {
			logger.warn({ messageId: id }, 'contact message not e-mailed: no contact e-mail address in the settings')
			return false
		}
		const mail = contactMail({ associationName: settings.association.name, message, origin })
		const { sent } = await sendMail({
			to,
			...mail,
			fromName: settings.association.shortName,
			replyTo: { name: message.name, address: message.email },
		})
		return sent
	} catch (error) {
		logger.error({ err: error, messageId: id }, 'contact message not e-mailed')
		return false
	}
}
