/**
 * Express ⇄ Fetch for React Router's request handler (adapted from
 * @react-router/express, MIT): our own copy so the server can read a
 * response before sending it (render cache, ETags).
 */
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'
import type { RequestBody } from './body-limit.ts'

/** A request the client got wrong: the error handler answers it with a 4xx page. */
export class BadRequestError extends Error {
	override name = 'BadRequestError'
	readonly status = 400
}

/** The scheme as Express trusts it (TRUST_PROXY): only http or https, whatever a header says. */
export function schemeOf(req: ExpressRequest) {
	return req.secure ? 'https' : 'http'
}

/**
 * The request as React Router's handler takes it. `method` lets a HEAD be
 * rendered as the GET it asks about, `address` a page be rendered without
 * the tracking parameters of its address (server/cached-pages.ts); the body is the one the body limit read
 * or counts (server/body-limit.ts).
 */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse, method = req.method, address = req.originalUrl): Request {
	const host = req.get('host') || 'localhost'
	const url = URL.parse(`${schemeOf(req)}://${host}${address}`)
	if (!url) throw new BadRequestError('the request address cannot be parsed')
	const controller = new AbortController()
	res.on('close', () => {
		if (!res.writableFinished) controller.abort()
	})
	const headers = new Headers()
	try {
		for (const [key, value] of Object.entries(req.headers)) {
			if (value === undefined) continue
			if (Array.isArray(value)) for (const v of value) headers.append(key, v)
			else headers.set(key, value)
		}
	} catch {
		throw new BadRequestError('a request header cannot be read')
	}
	const init: RequestInit & { duplex?: 'half' } = { method, headers, signal: controller.signal }
	const body = res.locals.body as RequestBody | undefined
	if (method !== 'GET' && method !== 'HEAD' && body) {
		init.body = 'bytes' in body ? body.bytes : body.stream
		init.duplex = 'half'
	}
	return new Request(url, init)
}

export async function sendFetchResponse(res: ExpressResponse, response: Response) {
	if (res.destroyed || res.writableEnded) {
		await response.body?.cancel()
		return
	}
	res.statusMessage = response.statusText
	res.status(response.status)
	for (const [key, value] of response.headers) {
		if (key === 'set-cookie') continue
		res.setHeader(key, value)
	}
	const cookies = response.headers.getSetCookie()
	if (cookies.length > 0) res.setHeader('Set-Cookie', cookies)
	if (!response.body || res.req.method === 'HEAD') {
		await response.body?.cancel()
		res.end()
		return
	}
	try {
		await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), res)
	} catch (error) {
		if (res.destroyed || res.writableEnded) return
		throw error
	}
}
