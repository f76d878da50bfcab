import crypto from 'node:crypto'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { PartSink } from './cached-parts.tsx'
import { keptByName } from './kept-by-name.ts'
import { release } from './release-bytes.server.ts'
import { utf8Bytes } from './response-bytes.server.ts'

/**
 * Bytes of parts kept per process (their UTF-8 HTML, and their keys counted
 * at two bytes a character), at most 5 MB: a header per menu state, colour
 * scheme and settings (9 KB each), a footer per settings, and content cards
 * (about 2.5 KB each, key included: over a thousand cards, the lists of a few
 * dozen pages). The least recently used go first.
 */
const MAX_PART_BYTES = 5_000_000

/** Each part's HTML as the bytes a page sends (a page copies them in, instead of encoding the same text again), with the values it was rendered from. */
const kept = keptByName<Buffer>({ maxBytes: MAX_PART_BYTES, sizeOf: (key, bytes) => key.length * 2 + bytes.length })

/** In every placeholder, so no text of a page (escaped, or sanitised HTML) can pass for one. */
const token = crypto.randomBytes(9).toString('base64url')
const PLACEHOLDER = new RegExp(`<template data-part="${token}:(\\d+)"></template>`, 'g')

function partBytes(key: string, element: ReactElement, same: ReadonlyArray<unknown> | undefined) {
	return kept.get(key, same, () => {
		const html = renderToStaticMarkup(element)
		// Its own memory, not a slice of Node's shared pool, which a kept part would hold on to whole.
		const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(html))
		bytes.write(html)
		return bytes
	})
}

/**
 * The parts of one page render (CachedPart): each is placed as a
 * placeholder, and `bytes` gives the page as UTF-8 with the parts' bytes in
 * their places.
 */
export function createPartSink(): PartSink & { bytes(html: string, prefix?: string): Buffer<ArrayBuffer> } {
	const parts: Array<Buffer> = []
	return {
		place(key, element, same) {
			return `${token}:${parts.push(partBytes(key, element, same)) - 1}`
		},
		bytes(html, prefix = '') {
			// The page is encoded whole (one call, no buffer per stretch between parts) and its placeholders,
			// ASCII, are found in its bytes: no byte of a multi-byte UTF-8 character is an ASCII one.
			const page = utf8Bytes(prefix + html)
			if (parts.length === 0) return page
			const chunks: Array<Buffer> = []
			// The placeholders come in the order they were placed (one synchronous render): found with indexOf, not a regular expression over the page.
			let at = 0
			for (const [index, part] of parts.entries()) {
				const placeholder = `<template data-part="${token}:${index}"></template>`
				const found = page.indexOf(placeholder, at, 'latin1')
				if (found === -1) return inAnyOrder(html, prefix, parts)
				chunks.push(page.subarray(at, found), part)
				at = found + placeholder.length
			}
			chunks.push(page.subarray(at))
			const assembled = Buffer.concat(chunks)
			release(page)
			return assembled
		},
	}
}

/** The page with its parts, wherever their placeholders are. */
function inAnyOrder(html: string, prefix: string, parts: Array<Buffer>) {
	return utf8Bytes(prefix + html.replace(PLACEHOLDER, (_match, n: string) => parts[Number(n)]?.toString() ?? ''))
}
