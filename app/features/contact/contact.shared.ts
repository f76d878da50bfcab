import { msg } from '#app/lib/messages.ts'
import { formatDateTime } from '#app/lib/tr.ts'

/**
 * Addresses and the reply link of the admin's "Mesajlar", shared by the
 * screen and its server door. Pure, safe for the browser.
 */
export const CONTACT_SECTION = 'mesajlar'
/** The public page whose form sends the messages. */
export const CONTACT_PAGE_PATH = '/iletisim/iletisim-adresleri'
/** Where the form's heading is: the page opens there after sending or a refusal. */
export const CONTACT_FORM_ANCHOR = 'bize-yazin'
/** After a message was sent: the page shows the confirmation (post/redirect/get). */
export const SENT_PARAM = 'gonderildi'

export type ContactFolder = 'inbox' | 'archive'

/** `?kutu=arsiv` is the archive; anything else the inbox. */
export const FOLDER_PARAM = 'kutu'
const ARCHIVE_VALUE = 'arsiv'
/** The open message (`?mesaj=<id>`). */
export const MESSAGE_PARAM = 'mesaj'
/** The delete confirmation without JavaScript (`?sil=<id>`). */
export const DELETE_PARAM = 'sil'
/** After a change: what happened (`?durum=silindi|arsivlendi|geri-alindi`). */
export const DONE_PARAM = 'durum'

export const DONE_VALUES = { deleted: 'silindi', archived: 'arsivlendi', unarchived: 'gelen-kutusu' } as const
export type Done = keyof typeof DONE_VALUES

export function folderOf(params: URLSearchParams): ContactFolder {
	return params.get(FOLDER_PARAM) === ARCHIVE_VALUE ? 'archive' : 'inbox'
}

export function doneOf(params: URLSearchParams): Done | null {
	const value = params.get(DONE_PARAM)
	return (Object.keys(DONE_VALUES) as Array<Done>).find((key) => DONE_VALUES[key] === value) ?? null
}

/** The section's address for a folder, with an open message, a confirmation or an outcome. */
export function contactHref(folder: ContactFolder, extra: { message?: number; confirmDelete?: number; done?: Done } = {}): string {
	const params = new URLSearchParams()
	if (folder === 'archive') params.set(FOLDER_PARAM, ARCHIVE_VALUE)
	if (extra.message !== undefined) params.set(MESSAGE_PARAM, String(extra.message))
	if (extra.confirmDelete !== undefined) params.set(DELETE_PARAM, String(extra.confirmDelete))
	if (extra.done) params.set(DONE_PARAM, DONE_VALUES[extra.done])
	const query = params.toString()
	return `/admin/${CONTACT_SECTION}${query ? `?${query}` : ''}`
}

/** A message opened in the admin, from the e-mail's link (in whichever folder it is). */
export function messageHref(id: number) {
	return `/admin/${CONTACT_SECTION}?${MESSAGE_PARAM}=${id}`
}

/** A mail program may not open a link much longer than 2000 characters: the quoted original is cut to this many. */
const QUOTE_LIMIT = 1000

/**
 * "Yanıtla": a mailto: link to the sender with "Re: <konu>" and the
 * original quoted below a line naming it, as a mail program would. A long
 * message is quoted only in part ("[…]"), so the link still opens.
 */
export function replyHref(message: { name: string; email: string; subject: string; message: string; createdAt: string }): string {
	const m = msg.contactAdmin
	const original =
		message.message.length > QUOTE_LIMIT ? `${message.message.slice(0, QUOTE_LIMIT).trimEnd()}\n${m.replyCut}` : message.message
	const quoted = original
		.split('\n')
		.map((line) => (line ? `> ${line}` : '>'))
		.join('\n')
	const body = `\n\n${m.replyQuote(formatDateTime(message.createdAt), message.name, message.email)}\n${quoted}\n`
	// RFC 6068: the address as it is (it holds nothing to escape but what the form refused), the fields percent-encoded.
	const to = encodeURIComponent(message.email).replace(/%40/g, '@')
	const query = `subject=${encodeURIComponent(m.replySubject(message.subject))}&body=${encodeURIComponent(body.replace(/\n/g, '\r\n'))}`
	return `mailto:${to}?${query}`
}
