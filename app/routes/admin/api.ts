import { tabFromSearch } from '#app/features/admin/admin-tabs.ts'
import { runAdminAction } from '#app/features/admin/admin-tabs.server.ts'
import { getAdminUser } from '#app/lib/auth-guard.server.ts'
import { MAX_UPLOAD_FORM_BYTES, readFormData } from '#app/lib/form-data.server.ts'
import { requestInfoContext } from '#app/lib/request-context.ts'
import type { Route } from './+types/api.ts'

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })

export function loader() {
	return json({ ok: false, status: 405, message: 'Yalnızca POST.' }, 405)
}

/**
 * The JavaScript client's door to the same admin actions (JSON answers,
 * upload progress). React Router's origin check does not cover resource
 * routes, so this one checks the origin itself and asks for a header no
 * cross-site form can send.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
	const origin = request.headers.get('origin')
	if (origin !== url.origin || request.headers.get('x-requested-with') !== 'site-admin') {
		return json({ ok: false, status: 403, message: 'İstek reddedildi.' }, 403)
	}
	const user = getAdminUser(context)
	const tab = tabFromSearch(url.searchParams)
	const form = await readFormData(request, MAX_UPLOAD_FORM_BYTES)
	const result = await runAdminAction(tab, form, { user, url, requestId: context.get(requestInfoContext).requestId })
	return json(result, result.ok ? 200 : result.status)
}
