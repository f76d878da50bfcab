import { isRouteErrorResponse } from 'react-router'
import { msg } from '#app/lib/messages.ts'
import type { ActionResult } from './admin-result.ts'

/**
 * A section's action as the browser runs it: the same server action, with a
 * connection that fails or a session that has ended turned into a refusal
 * shown in the form (what was typed stays), instead of an error page.
 * Redirects pass through.
 */
export async function sectionClientAction({ serverAction }: { serverAction: () => Promise<unknown> }): Promise<ActionResult> {
	try {
		return (await serverAction()) as ActionResult
	} catch (error) {
		if (error instanceof Response) throw error
		if (isRouteErrorResponse(error)) {
			const message =
				typeof error.data === 'string' && error.data ? error.data : error.status === 413 ? msg.http.tooLarge : msg.admin.unreachable
			return { ok: false, status: error.status, message }
		}
		// fetch fails with a TypeError when the server cannot be reached.
		return { ok: false, status: 0, message: error instanceof TypeError ? msg.admin.unreachable : msg.errors.unexpected }
	}
}
