import { data, redirect, type RouterContextProvider } from 'react-router'
import { getAdminUser } from '#app/lib/auth-guard.server.ts'
import { MAX_UPLOAD_FORM_BYTES, readFormData } from '#app/lib/form-data.server.ts'
import { msg } from '#app/lib/messages.ts'
import { requestInfoContext } from '#app/lib/request-context.ts'
import { failure } from './admin-result.ts'
import type { AdminContext, AdminTabServer } from './admin-tab.server.ts'
import { findSection, mayOpen } from './sections.ts'

type Args = { request: Request; url: URL; context: Readonly<RouterContextProvider> }

/**
 * The section's admin, after the role check: the section is read from the
 * address (`/admin/<slug>`), so no route module can forget it.
 */
function sectionUser({ url, context }: Args) {
	const user = getAdminUser(context)
	const section = findSection(url.pathname.split('/')[2]?.replace(/\.data$/, '') ?? '')
	if (!section) throw data(msg.admin.missingTitle, { status: 404 })
	if (!mayOpen(user.role, section.access)) throw data(msg.auth.adminOnly, { status: 403 })
	return user
}

function adminContext(args: Args): AdminContext {
	return { user: sectionUser(args), url: args.url, requestId: args.context.get(requestInfoContext).requestId }
}

/** A section's loader: its screen's data, never cached. */
export async function loadSection<Data>(section: AdminTabServer<Data>, args: Args) {
	return data(await section.load(adminContext(args)), { headers: { 'Cache-Control': 'no-store' } })
}

/**
 * A section's action, the only door for its writes, for a plain HTML form
 * and for the enhanced one alike. Success goes back to the section's list
 * (post/redirect/get) unless the action names another place or answers with
 * a view (a preview); a refusal comes back with the reasons and what was typed.
 */
export async function runSection(section: AdminTabServer<unknown>, args: Args) {
	const ctx = adminContext(args)
	const form = await readFormData(args.request, MAX_UPLOAD_FORM_BYTES)
	const intent = form.get('intent')
	const result = typeof intent === 'string' && intent ? await section.act(intent, form, ctx) : failure(400, msg.admin.noIntent)
	if (!result.ok) return data(result, { status: result.status })
	if (result.view !== undefined) return data(result)
	throw redirect(result.location ?? args.url.pathname, 303)
}
