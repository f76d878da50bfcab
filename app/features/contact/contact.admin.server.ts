import { failure, type ActionResult } from '#app/features/admin/admin-result.ts'
import {
	formId,
	guarded,
	loadOrError,
	unknownIntent,
	type AdminContext,
	type AdminTabServer,
} from '#app/features/admin/admin-tab.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { mailOffNotice } from '#app/lib/mail.server.ts'
import { msg } from '#app/lib/messages.ts'
import {
	changeContactMessage,
	deleteContactMessage,
	getContactMessage,
	LIST_LIMIT,
	listContactMessages,
	type ContactMessage,
	type MessageChange,
} from './contact.server.ts'
import { contactHref, DELETE_PARAM, doneOf, folderOf, MESSAGE_PARAM, type ContactFolder, type Done } from './contact.shared.ts'

export type ContactAdminData = {
	folder: ContactFolder
	rows: Array<ContactMessage>
	/** Messages in the folder, when the list shows only the newest LIST_LIMIT. */
	total: number
	limit: number
	/** `?mesaj=<id>`: the message shown in full; `missing` when it no longer exists. */
	open: ContactMessage | 'missing' | null
	/** `?sil=<id>`: the delete confirmation without JavaScript. */
	confirmDelete: ContactMessage | null
	done: Done | null
	mailOff: boolean
	retentionDays: number
	loadError: string | null
}

function idParam(params: URLSearchParams, name: string): number | null {
	const value = params.get(name)
	return value && /^\d{1,12}$/.test(value) ? Number(value) : null
}

const m = msg.contactAdmin
const notFound = () => failure(404, `${m.actionFailed}${m.notFound}`)

/**
 * A read/unread/archive change. The address the form was posted to says
 * where the person was: in a folder, with the message open or not.
 * Reading it again keeps that place; archiving (or bringing back) returns
 * to the folder the message left, saying where it went.
 */
async function change(form: FormData, ctx: AdminContext, what: MessageChange | 'open'): Promise<ActionResult> {
	const id = formId(form)
	if (id === null) return failure(400, `${m.actionFailed}${msg.admin.invalidRecord}`)
	const folder = folderOf(ctx.url.searchParams)
	const viewing = idParam(ctx.url.searchParams, MESSAGE_PARAM) === id
	return guarded(ctx, m.actionFailed, async () => {
		const changed = await changeContactMessage(id, what === 'open' ? 'read' : what)
		if (changed === null) return notFound()
		switch (what) {
			case 'archive':
				return { ok: true, location: contactHref(folder, { done: 'archived' }) }
			case 'unarchive':
				return { ok: true, location: contactHref(folder, { done: 'unarchived' }) }
			case 'open':
				return { ok: true, location: contactHref(folder, { message: id }) }
			default:
				return { ok: true, location: contactHref(folder, viewing ? { message: id } : {}) }
		}
	})
}

/** Admin "Mesajlar" (yönetici only, see ADMIN_SECTIONS): the contact form's messages, inbox and archive. */
export const contactAdmin: AdminTabServer<ContactAdminData> = {
	async load(ctx) {
		const params = ctx.url.searchParams
		const folder = folderOf(params)
		const openId = idParam(params, MESSAGE_PARAM)
		const deleteId = idParam(params, DELETE_PARAM)
		const { value, loadError } = await loadOrError(
			ctx,
			m.loadFailed,
			async () => {
				const [list, open, confirmDelete] = await Promise.all([
					listContactMessages(folder),
					openId === null ? null : getContactMessage(openId),
					deleteId === null ? null : getContactMessage(deleteId),
				])
				return { ...list, open: openId === null ? null : (open ?? ('missing' as const)), confirmDelete }
			},
			{ rows: [], total: 0, open: null, confirmDelete: null },
		)
		return {
			folder,
			...value,
			limit: LIST_LIMIT,
			done: doneOf(params),
			mailOff: mailOffNotice() !== null,
			retentionDays: getEnv().CONTACT_RETENTION_DAYS,
			loadError,
		}
	},
	act(intent, form, ctx) {
		switch (intent) {
			case 'open':
			case 'read':
			case 'unread':
			case 'archive':
			case 'unarchive':
				return change(form, ctx, intent)
			case 'delete': {
				const id = formId(form)
				if (id === null) return Promise.resolve(failure(400, `${m.actionFailed}${msg.admin.invalidRecord}`))
				const folder = folderOf(ctx.url.searchParams)
				return guarded(ctx, m.actionFailed, async () =>
					(await deleteContactMessage(id)) ? { ok: true, location: contactHref(folder, { done: 'deleted' }) } : notFound(),
				)
			}
			default:
				return Promise.resolve(unknownIntent(intent))
		}
	},
}
