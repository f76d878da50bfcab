/**
 * A small reader for the HTML this site stores and renders: output of
 * sanitizeHtml (app/lib/html.server.ts), so well-formed, lower-case tags,
 * double-quoted attributes, no comments, scripts or styles. It is not a
 * general HTML parser and is never given anything unsanitised.
 */

export type HtmlElement = { tag: string; attrs: Record<string, string>; children: Array<HtmlNode> }
export type HtmlNode = HtmlElement | string

type Token =
	| { type: 'open'; tag: string; attrs: Record<string, string>; start: number; end: number; selfClosing: boolean }
	| { type: 'close'; tag: string; start: number; end: number }
	| { type: 'text'; text: string; start: number; end: number }

const VOID = new Set(['br', 'hr', 'img', 'wbr'])
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>/g
const ATTR = /([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/** Character references as text. */
export function decodeEntities(text: string): string {
	return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
		if (name[0] === '#') {
			const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
			return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ''
		}
		return NAMED[name.toLowerCase()] ?? entity
	})
}

function* tokens(html: string): Generator<Token> {
	let last = 0
	for (const match of html.matchAll(TAG)) {
		const start = match.index
		if (start > last) yield { type: 'text', text: decodeEntities(html.slice(last, start)), start: last, end: start }
		const end = start + match[0].length
		const tag = (match[2] ?? '').toLowerCase()
		if (match[1]) yield { type: 'close', tag, start, end }
		else {
			const attrs: Record<string, string> = {}
			for (const attr of (match[3] ?? '').matchAll(ATTR)) {
				const name = (attr[1] ?? '').toLowerCase()
				if (name && !Object.hasOwn(attrs, name)) attrs[name] = decodeEntities(attr[2] ?? attr[3] ?? attr[4] ?? '')
			}
			yield { type: 'open', tag, attrs, start, end, selfClosing: Boolean(match[4]) || VOID.has(tag) }
		}
		last = end
	}
	if (last < html.length) yield { type: 'text', text: decodeEntities(html.slice(last)), start: last, end: html.length }
}

/** The nodes of an HTML fragment. A stray closing tag closes up to its opening one, or is ignored. */
export function parseHtml(html: string): Array<HtmlNode> {
	const root: HtmlElement = { tag: '#root', attrs: {}, children: [] }
	const stack: Array<HtmlElement> = [root]
	for (const token of tokens(html)) {
		const parent = stack.at(-1) as HtmlElement
		if (token.type === 'text') {
			if (token.text) parent.children.push(token.text)
		} else if (token.type === 'open') {
			const element: HtmlElement = { tag: token.tag, attrs: token.attrs, children: [] }
			parent.children.push(element)
			if (!token.selfClosing) stack.push(element)
		} else {
			const at = stack.findLastIndex((element) => element.tag === token.tag)
			if (at > 0) stack.length = at
		}
	}
	return root.children
}

export type HtmlSplit = {
	/** What comes before the first top-level heading. */
	intro: string
	sections: Array<{ attrs: Record<string, string>; headingHtml: string; body: string }>
}

/**
 * Cuts HTML at its top-level `<tag>` elements (never inside quotes, lists or
 * tables): the HTML before the first one, then each one's inner HTML with
 * the HTML up to the next.
 */
export function splitAtTopLevel(html: string, tag: string): HtmlSplit {
	const intro: Array<string> = []
	const sections: HtmlSplit['sections'] = []
	let depth = 0
	let heading: { attrs: Record<string, string>; innerStart: number } | null = null
	let cursor = 0
	const flush = (end: number) => {
		const part = html.slice(cursor, end)
		const current = sections.at(-1)
		if (current) current.body += part
		else intro.push(part)
	}
	for (const token of tokens(html)) {
		if (token.type === 'open') {
			if (depth === 0 && token.tag === tag && !token.selfClosing) {
				flush(token.start)
				heading = { attrs: token.attrs, innerStart: token.end }
			}
			if (!token.selfClosing) depth++
		} else if (token.type === 'close') {
			depth = Math.max(0, depth - 1)
			if (depth === 0 && heading && token.tag === tag) {
				sections.push({ attrs: heading.attrs, headingHtml: html.slice(heading.innerStart, token.start), body: '' })
				heading = null
				cursor = token.end
			}
		}
	}
	if (!heading) flush(html.length)
	return { intro: intro.join(''), sections }
}
