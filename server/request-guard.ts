import type http from 'node:http'
import net from 'node:net'
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { renderServerErrorPage } from '../app/lib/error-page.server.ts'
import { msg } from '../app/lib/messages.ts'

/** The methods the site answers; the rest (TRACE, PUT, PROPFIND…) get 405. */
const ALLOWED_METHODS = new Set(['GET', 'HEAD', 'POST'])
const ALLOW = 'GET, HEAD, POST'

/** RFC 9110 §7.2 / RFC 3986 §3.2.2, narrowed to what a browser sends: a name or an address, and a port. */
const HOST = /^(?:(?<name>[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,252}))|\[(?<ipv6>[0-9A-Fa-f:.]{2,45})\])(?::(?<port>\d{1,5}))?$/

export function isValidHost(host: string) {
	const match = HOST.exec(host)
	if (!match?.groups) return false
	const { ipv6, port } = match.groups
	if (ipv6 !== undefined && !net.isIPv6(ipv6)) return false
	return port === undefined || Number(port) <= 65535
}

/**
 * RFC 9112 §3.2.2: a request may name its target in absolute form
 * (`GET http://example.org/page`); the host is then the target's. The rest
 * of the server sees the usual origin form. Anything else that is not a path
 * is left for `requestGuard` to refuse.
 */
export function normaliseRequestTarget(req: http.IncomingMessage) {
	const match = /^https?:\/\/([^/?#]*)([^#]*)/i.exec(req.url ?? '')
	if (!match) return
	const [, authority = '', rest = ''] = match
	req.headers.host = authority
	req.url = rest.startsWith('/') ? rest : `/${rest}`
}

/** Addresses of files, not pages: a refusal there is never HTML (a media address must not carry a page). */
const FILE_PATHS = /^\/(?:media|assets|fonts)\//

export function refuse(res: ExpressResponse, status: number) {
	res.status(status)
	res.setHeader('Cache-Control', 'no-store')
	if (FILE_PATHS.test(res.req.url)) return res.type('text/plain').send(status === 405 ? msg.http.methodNotAllowed : msg.http.badRequest)
	res.type('html').send(renderServerErrorPage(String(res.locals.requestId ?? ''), status))
}

/**
 * Requests the site cannot mean anything by are refused here with a Turkish
 * page, before any route sees them: another method, a Host header that is
 * not a host name, a target that is not a path (`*`, a bare word) or that
 * holds a NUL character.
 */
export function requestGuard() {
	return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
		if (!ALLOWED_METHODS.has(req.method)) {
			res.setHeader('Allow', ALLOW)
			return refuse(res, 405)
		}
		const host = req.headers.host
		if (host !== undefined && !isValidHost(host)) return refuse(res, 400)
		if (!req.url.startsWith('/')) return refuse(res, 400)
		// No address of the site holds a NUL; PostgreSQL refuses one in a query parameter (a 500 for `/etkinlikler/%00`).
		if (req.url.includes('\0') || /%00/i.test(req.url)) return refuse(res, 400)
		next()
	}
}
