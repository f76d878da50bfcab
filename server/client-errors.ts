import http from 'node:http'
import type net from 'node:net'
import { renderServerErrorPage } from '../app/lib/error-page.server.ts'

function rawResponse(status: number, extraHeaders: Array<string> = []) {
	const body = renderServerErrorPage('', status)
	const head = [
		`HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}`,
		'Content-Type: text/html; charset=utf-8',
		`Content-Length: ${Buffer.byteLength(body)}`,
		"Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'",
		'X-Content-Type-Options: nosniff',
		'Cache-Control: no-store',
		'Connection: close',
		...extraHeaders,
	]
	return `${head.join('\r\n')}\r\n\r\n${body}`
}

function statusFor(error: NodeJS.ErrnoException) {
	if (error.code === 'HPE_HEADER_OVERFLOW') return 431
	if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408
	return 400
}

/**
 * Requests Node's parser refuses (a lowercase or unknown method, a broken
 * request line or header, a body longer than its Content-Length said) and
 * CONNECT get the same Turkish page as any other refusal, not Node's bare
 * 400 or a dropped connection; the connection is closed.
 */
export function answerMalformedRequests(server: http.Server) {
	server.on('clientError', (error: NodeJS.ErrnoException, socket: net.Socket) => {
		if (error.code === 'ECONNRESET' || !socket.writable) {
			socket.destroy()
			return
		}
		// Once a response has gone out on this connection (a body longer than its
		// Content-Length follows a request already answered), a page now would land
		// after it: the connection is only ended.
		endGently(socket, socket.bytesWritten > 0 ? undefined : rawResponse(statusFor(error)))
	})
	server.on('connect', (_req: http.IncomingMessage, socket: net.Socket) => {
		socket.on('error', () => socket.destroy())
		endGently(socket, rawResponse(405, ['Allow: GET, HEAD, POST']))
	})
}

/**
 * Sends the last bytes and closes the connection a little later, unread:
 * closing at once would reset it while the client still sends, and the
 * client could lose the answer.
 */
function endGently(socket: net.Socket, last?: string) {
	socket.pause()
	socket.end(last ?? '')
	setTimeout(() => socket.destroy(), 2000).unref()
}
