import { transcode } from 'node:buffer'

/**
 * Responses the app makes whole from bytes it already holds (a page rendered
 * to a string, a feed), by response: the server's render cache takes the
 * bytes from here instead of reading them back through the response's stream
 * (server/request-handler.ts). A body given as a string would also be
 * checked and encoded by undici: 0.2-0.3 ms for the 58 KB home page, about
 * 3 ms for the 240 KB events calendar at ×100 content; bytes would be
 * copied twice (below).
 */
const bodies = new WeakMap<Response, Buffer<ArrayBuffer>>()

export function bytesResponse(bytes: Buffer<ArrayBuffer>, init: ResponseInit): Response {
	// As a stream, not as the bytes themselves: undici copies a byte body twice when the response is
	// made (about 0.4 ms for the 58 KB home page, 2 ms for the 240 KB events calendar at ×100), and the
	// server does not read the body of a response it has the bytes of.
	const body = new ReadableStream<Uint8Array>({
		start(controller) {
			controller.enqueue(bytes)
			controller.close()
		},
	})
	const response = new Response(body, init)
	bodies.set(response, bytes)
	return response
}

/** The bytes a response was made from with bytesResponse, if it was. */
export function responseBytes(response: Response): Buffer<ArrayBuffer> | undefined {
	return bodies.get(response)
}

/**
 * Where utf8Bytes copies a text out as UTF-16: one buffer per process, grown
 * to the longest page seen (a 57 KB home page copied out is 114 KB; made anew
 * for every render, those copies were the largest of the buffers an uncached
 * page left for the garbage collector, and they came from the C heap, where
 * their holes stayed). Texts beyond SCRATCH_MAX_BYTES get a copy of their own.
 */
let scratch: Buffer | undefined
const SCRATCH_MIN_BYTES = 256 * 1024
const SCRATCH_MAX_BYTES = 4 * 1024 * 1024

/**
 * Text as UTF-8 bytes, as Buffer.from(text) gives them. Turkish letters make a
 * page's string two bytes a character, and Buffer.from encodes those a
 * character at a time: 0.16 ms for a 72 KB list page, and several times that
 * for a page as React builds it, in pieces. Copied out as UTF-16 and turned
 * into UTF-8 by ICU, the same bytes take a quarter of that. Short text, and
 * text with a lone surrogate (which Buffer.from writes as U+FFFD), are left to
 * Buffer.from.
 */
export function utf8Bytes(text: string): Buffer<ArrayBuffer> {
	if (text.length < 2048 || !text.isWellFormed()) return Buffer.from(text)
	const size = text.length * 2
	if (size > SCRATCH_MAX_BYTES) return transcode(Buffer.from(text, 'utf16le'), 'utf16le', 'utf8') as Buffer<ArrayBuffer>
	if (!scratch || scratch.length < size) scratch = Buffer.allocUnsafeSlow(Math.max(SCRATCH_MIN_BYTES, 2 ** Math.ceil(Math.log2(size))))
	// transcode is synchronous and returns bytes of its own, so the scratch is free again when it returns.
	const written = scratch.write(text, 0, 'utf16le')
	return transcode(scratch.subarray(0, written), 'utf16le', 'utf8') as Buffer<ArrayBuffer>
}
