import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { MAX_FORM_BYTES, MAX_UPLOAD_FORM_BYTES } from '../app/lib/form-data.server.ts'
import { renderServerErrorPage } from '../app/lib/error-page.server.ts'

/** The largest body of any request outside the admin: a sign-in form is a few hundred bytes. */
export const MAX_REQUEST_BYTES = MAX_FORM_BYTES
/** The largest body the admin's forms may send: a 30 MB PDF plus its form (the admin reads at most 32 MB). */
export const MAX_ADMIN_REQUEST_BYTES = MAX_UPLOAD_FORM_BYTES + 1024 * 1024

/** What the request handler hands React Router as the body: all of it, or a stream counted as it is read. */
export type RequestBody = { bytes: Uint8Array<ArrayBuffer> } | { stream: ReadableStream<Uint8Array> }

const ADMIN_PATH = /^\/admin(?:[/.]|$)/i

/**
 * Admin forms carry uploads, but only for a signed-in session and only with
 * a Content-Length (browsers send one with every form and XMLHttpRequest
 * upload): without a session cookie an admin request is refused before its
 * body is read, and a chunked body could be any size, so both get the
 * ordinary limit. A path the test misses (another spelling of /admin) gets
 * the ordinary one too: the safe side.
 */
export function bodyLimitFor(req: ExpressRequest) {
	const upload =
		req.headers['content-length'] !== undefined && ADMIN_PATH.test(req.path) && (req.headers.cookie ?? '').includes('session_token=')
	return upload ? MAX_ADMIN_REQUEST_BYTES : MAX_REQUEST_BYTES
}

function hasBody(req: ExpressRequest) {
	return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0
}

/**
 * How long a connection whose body was refused stays open, unread, after the
 * answer: closing it at once would reset it while the client is still
 * sending, and the client could lose the answer (RFC 9112 §9.6).
 */
const LINGER_MS = 2000

/** Ends the connection after what is being written and closes it LINGER_MS later. */
function lingerThenClose(socket: ExpressRequest['socket']) {
	if (socket.destroyed) return
	socket.end()
	setTimeout(() => socket.destroy(), LINGER_MS).unref()
}

/** Stops reading the body, ends the connection after the answer and closes it shortly after. */
function closeUnread(req: ExpressRequest) {
	req.unpipe()
	req.pause()
	lingerThenClose(req.socket)
}

/**
 * An answer that goes out before its request's body has all arrived says
 * `Connection: close`, since that connection ends after it (closeUnread):
 * answered `keep-alive`, a client sending its next request on the same
 * connection at that moment lost it ("other side closed"; seen with four
 * refused admin posts at a time). Node ends a connection it announced as
 * closing with `destroySoon`, which destroys the socket as soon as the
 * answer is out, and a body still arriving would then reset the connection
 * and could take the answer with it: this socket lingers instead.
 */
function announceCloseWhileUnread(req: ExpressRequest, res: ExpressResponse) {
	const writeHead = res.writeHead
	res.writeHead = function (this: ExpressResponse, ...args: Parameters<ExpressResponse['writeHead']>) {
		if (!req.complete && !this.headersSent) {
			this.setHeader('Connection', 'close')
			const socket = req.socket
			socket.destroySoon = () => lingerThenClose(socket)
		}
		return writeHead.apply(this, args)
	} as ExpressResponse['writeHead']
}

/** 413 with the Turkish page; the rest of the body is never read. */
function refuseTooLarge(req: ExpressRequest, res: ExpressResponse) {
	req.pause()
	if (res.headersSent) {
		req.socket.destroy()
		return
	}
	// Node would close a connection its client asked to close at once, while
	// the body still arrives; closeUnread closes it after the answer instead.
	res.shouldKeepAlive = true
	res.status(413)
	res.setHeader('Cache-Control', 'no-store')
	res.type('html').send(renderServerErrorPage(String(res.locals.requestId ?? ''), 413))
}

/**
 * One limit on every request body, chunked or not, counted on the bytes as
 * they arrive (a Content-Length only lets a too-large body be refused
 * sooner). An ordinary body (at most 1 MB) is read here, before any route
 * sees it, so every route answers 413 alike; a signed-in admin upload
 * streams through a counter up to the upload cap. Whenever the
 * answer goes out before the body is complete (a 413, a redirect to sign
 * in), the rest is not read and the connection is closed.
 */
export function bodyLimit() {
	return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
		res.once('finish', () => {
			if (!req.complete) closeUnread(req)
		})
		const limit = bodyLimitFor(req)
		if (hasBody(req)) announceCloseWhileUnread(req, res)
		if (Number(req.headers['content-length'] ?? 0) > limit) return refuseTooLarge(req, res)
		if (!hasBody(req)) return next()
		if (limit === MAX_REQUEST_BYTES) return readWhole(req, res, next, limit)
		res.locals.body = { stream: countedStream(req, limit, () => refuseTooLarge(req, res)) } satisfies RequestBody
		next()
	}
}

function readWhole(req: ExpressRequest, res: ExpressResponse, next: NextFunction, limit: number) {
	const chunks: Array<Buffer> = []
	let seen = 0
	const onData = (chunk: Buffer) => {
		seen += chunk.length
		if (seen <= limit) return void chunks.push(chunk)
		chunks.length = 0
		detach()
		refuseTooLarge(req, res)
	}
	const onEnd = () => {
		detach()
		res.locals.body = { bytes: Buffer.concat(chunks, seen) } satisfies RequestBody
		next()
	}
	const onError = () => {
		detach()
		req.socket.destroy()
	}
	const detach = () => {
		req.off('data', onData)
		req.off('end', onEnd)
		req.off('error', onError)
	}
	req.on('data', onData)
	req.on('end', onEnd)
	req.on('error', onError)
}

/**
 * The request body as a web stream that reads only as fast as it is
 * consumed and fails (after `onTooLarge`) once more than `limit` bytes came.
 */
function countedStream(req: ExpressRequest, limit: number, onTooLarge: () => void): ReadableStream<Uint8Array> {
	let seen = 0
	let done = false
	return new ReadableStream<Uint8Array>(
		{
			start(controller) {
				const fail = (error: Error) => {
					if (done) return
					done = true
					req.pause()
					controller.error(error)
				}
				req.on('data', (chunk: Buffer) => {
					if (done) return
					seen += chunk.length
					if (seen > limit) {
						onTooLarge()
						return fail(new RangeError('request body too large'))
					}
					controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length))
					if ((controller.desiredSize ?? 0) <= 0) req.pause()
				})
				req.once('end', () => {
					if (done) return
					done = true
					controller.close()
				})
				req.once('error', fail)
				req.once('close', () => {
					if (!req.complete) fail(new Error('request aborted'))
				})
				req.pause()
			},
			pull() {
				if (!done) req.resume()
			},
			cancel() {
				req.pause()
			},
		},
		new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
	)
}
