import crypto from 'node:crypto'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { PartSink } from './cached-parts.tsx'

/** Parts kept per process (a header per menu state, colour scheme and settings, a footer per settings): at most about 2.5 MB, a header being 9 KB. */
const MAX_PARTS = 256

const kept = new Map<string, string>()
/** In every placeholder, so no text of a page (escaped, or sanitised HTML) can pass for one. */
const token = crypto.randomBytes(9).toString('base64url')
const PLACEHOLDER = new RegExp(`<template data-part="${token}:(\\d+)"></template>`, 'g')

function partHtml(key: string, element: ReactElement) {
	const hit = kept.get(key)
	if (hit !== undefined) {
		// Most recently used last.
		kept.delete(key)
		kept.set(key, hit)
		return hit
	}
	const html = renderToStaticMarkup(element)
	kept.set(key, html)
	if (kept.size > MAX_PARTS) kept.delete(kept.keys().next().value as string)
	return html
}

/**
 * The parts of one page render (CachedPart): each is placed as a
 * placeholder, and `fill` puts the parts' HTML into the rendered page.
 */
export function createPartSink(): PartSink & { fill(html: string): string } {
	const parts: Array<string> = []
	return {
		place(key, element) {
			return `${token}:${parts.push(partHtml(key, element)) - 1}`
		},
		fill(html) {
			// The placeholders come in the order they were placed (one synchronous render): found with indexOf, not a regular expression over the page.
			let filled = ''
			let at = 0
			for (const [index, part] of parts.entries()) {
				const placeholder = `<template data-part="${token}:${index}"></template>`
				const found = html.indexOf(placeholder, at)
				if (found === -1) return html.replace(PLACEHOLDER, (_match, n: string) => parts[Number(n)] ?? '')
				filled += html.slice(at, found) + part
				at = found + placeholder.length
			}
			return filled + html.slice(at)
		},
	}
}
