/**
 * Express ⇄ Fetch for React Router's request handler (adapted from
 * @react-router/express, MIT): our own copy so the server can read a
 * response before sending it (render cache, ETags).
 */
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'

export function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
	const host = req.get('host') ?? 'localhost'
	const url = new URL(`${req.protocol}://${host}${req.originalUrl}`)
	const controller = new AbortController()
	res.on('close', () => {
		if (!res.writableFinished) controller.abort()
	})
	const headers = new Headers()
	for (const [key, value] of Object.entries(req.headers)) {
		if (value === undefined) continue
		if (Array.isArray(value)) for (const v of value) headers.append(key, v)
		else headers.set(key, value)
	}
	const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal }
	if (req.method !== 'GET' && req.method !== 'HEAD') {
		init.body = Readable.toWeb(req) as ReadableStream
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
	if (!response.body) {
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
