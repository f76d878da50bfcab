import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { withAuditActor } from './audit.server.ts'
import { getSessionUser, withSecureFlag, type SessionUser } from './auth.server.ts'
import { msg } from './messages.ts'
import { requestInfoContext } from './request-context.ts'
import { hasTwoFactor, isTwoFactorRequired } from './two-factor.server.ts'

/** Hesabım › İki adımlı doğrulama: the one admin page open to an account that must still set 2FA up. */
export const TWO_FACTOR_SECTION_PATH = '/admin/iki-adimli-dogrulama'

/**
 * Whether this request must wait for the account to set up 2FA: the
 * "required for every admin" setting is on, the account has none, and the
 * address is not the set-up section itself.
 */
async function mustEnrolFirst(user: SessionUser, url: URL) {
	const path = url.pathname.replace(/\.data$/, '').replace(/\/+$/, '')
	if (path === TWO_FACTOR_SECTION_PATH) return false
	return (await isTwoFactorRequired()) && !(await hasTwoFactor(user.id))
}

/** The signed-in admin, set by `requireAdmin` for the admin routes below it. */
export const adminUserContext = createContext<SessionUser | null>(null)

function isWrite(request: Request) {
	return request.method !== 'GET' && request.method !== 'HEAD'
}

/**
 * Spec §4 "Route guard", enforced on the server for every loader and action
 * under the admin layout: signed out → /giris?redirect=<full path> (401 for
 * a write), signed in without the admin flag → / (403 for a write). A
 * refreshed session cookie goes out with the response.
 */
export const requireAdmin: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
	const info = context.get(requestInfoContext)
	const { user, setCookies } = await getSessionUser(request, info.clientIp)
	const cookies = withSecureFlag(setCookies, info.secure)
	const headers = new Headers()
	for (const cookie of cookies) headers.append('Set-Cookie', cookie)
	if (!user) {
		if (isWrite(request)) throw data(msg.auth.noSession, { status: 401, headers })
		const target = `${url.pathname}${url.search}`
		throw redirect(`/giris?redirect=${encodeURIComponent(target)}`, { headers })
	}
	if (!user.isAdmin) {
		if (isWrite(request)) throw data(msg.auth.notAdmin, { status: 403, headers })
		throw redirect('/', { headers })
	}
	if (await mustEnrolFirst(user, url)) {
		if (isWrite(request)) throw data(msg.twoFactor.mustEnrol, { status: 403, headers })
		throw redirect(TWO_FACTOR_SECTION_PATH, { headers })
	}
	context.set(adminUserContext, user)
	// Every audit entry written while this request runs names this admin.
	const actor = {
		userId: user.id,
		email: user.email,
		ip: info.clientIp || null,
		userAgent: request.headers.get('user-agent')?.slice(0, 300) ?? null,
	}
	const response = await withAuditActor(actor, () => next())
	for (const cookie of cookies) response.headers.append('Set-Cookie', cookie)
	response.headers.set('Cache-Control', 'no-store')
	return response
}

/** The admin set by `requireAdmin`; a route under it that finds none is misconfigured. */
export function getAdminUser(context: Readonly<RouterContextProvider>) {
	const user = context.get(adminUserContext)
	if (!user) throw data(msg.auth.noSession, { status: 401 })
	return user
}

/** The signed-in account if it is a yönetici; an editör gets a 403 (server-side, whatever the UI showed). */
export function requireAdminRole(context: Readonly<RouterContextProvider>) {
	const user = getAdminUser(context)
	if (user.role !== 'admin') throw data(msg.auth.adminOnly, { status: 403 })
	return user
}
