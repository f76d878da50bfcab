import { redirect, replace } from 'react-router'
import { recordAudit } from '#app/lib/audit.server.ts'
import { authHeaders, getAuth, getSessionUser, hasSessionCookie, SESSION_COOKIE_PREFIX, withSecureFlag } from '#app/lib/auth.server.ts'
import { signInActor } from '#app/lib/sign-in.server.ts'
import { requestInfoContext } from '#app/lib/request-context.ts'
import type { Route } from './+types/logout.ts'

/** Signing out is a POST (a link or an image cannot sign anyone out). */
export function loader() {
	throw redirect('/giris')
}

/**
 * Spec §2: the sign-out button ends the session on the server and replaces
 * the route with the login page. All of better-auth's cookies are cleared.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const info = context.get(requestInfoContext)
	const headers = new Headers({ 'Cache-Control': 'no-store' })
	if (hasSessionCookie(request)) {
		const auth = await getAuth()
		try {
			const { user } = await getSessionUser(request, info.clientIp)
			const result = await auth.api.signOut({ headers: authHeaders(request, info.clientIp), returnHeaders: true })
			if (user) {
				await recordAudit({
					kind: 'auth',
					action: 'sign-out',
					itemKind: 'users',
					itemId: user.id,
					itemTitle: user.email,
					summary: 'Çıkış yapıldı',
					actor: signInActor({ ip: info.clientIp, userAgent: request.headers.get('user-agent') }, { userId: user.id, email: user.email }),
				})
			}
			for (const cookie of withSecureFlag(result.headers.getSetCookie(), info.secure)) headers.append('Set-Cookie', cookie)
		} catch {
			// An already-ended session: nothing to end on the server; clear the cookie all the same.
			headers.append(
				'Set-Cookie',
				`${SESSION_COOKIE_PREFIX}.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${info.secure ? '; Secure' : ''}`,
			)
		}
	}
	throw replace('/giris', { headers })
}
