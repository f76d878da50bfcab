import { Marked, type Tokens } from 'marked'
import sanitize from 'sanitize-html'
import { slugify } from './slug.ts'
import { memoByText } from './text-memo.ts'

/**
 * The only HTML that reaches a page from stored content: rich-text bodies
 * (saved by admins) and Markdown pages both pass through this allow-list,
 * on save and again on render.
 */
const ALLOWED_TAGS = [
	'p',
	'br',
	'hr',
	'strong',
	'b',
	'em',
	'i',
	'u',
	's',
	'sub',
	'sup',
	'mark',
	'small',
	'a',
	'ul',
	'ol',
	'li',
	'blockquote',
	'h2',
	'h3',
	'h4',
	'figure',
	'figcaption',
	'img',
	'table',
	'thead',
	'tbody',
	'tr',
	'th',
	'td',
	'caption',
	'abbr',
	'cite',
	'q',
	'code',
	'pre',
]

const SAFE_HREF = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i
const SAFE_SRC = /^(https?:\/\/|\/(?!\/))/i

const OPTIONS: sanitize.IOptions = {
	allowedTags: ALLOWED_TAGS,
	allowedAttributes: {
		a: ['href', 'title'],
		img: ['src', 'alt', 'width', 'height', 'title'],
		h2: ['id'],
		h3: ['id'],
		h4: ['id'],
		th: ['colspan', 'rowspan', 'scope'],
		td: ['colspan', 'rowspan'],
		ol: ['start'],
		abbr: ['title'],
	},
	allowedSchemes: ['http', 'https', 'mailto', 'tel'],
	allowedSchemesAppliedToAttributes: ['href', 'src'],
	allowProtocolRelative: false,
	disallowedTagsMode: 'discard',
	// Text of dropped elements such as <script> and <style> disappears with them.
	nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
	transformTags: {
		a: (tagName, attribs) => {
			const href = (attribs.href ?? '').trim()
			// Kept as an `a` without attributes, which exclusiveFilter drops (its text stays): renaming a
			// tag to one that is discarded leaves sanitize-html closing a later element as `</span>`.
			if (!SAFE_HREF.test(href)) return { tagName, attribs: {} }
			const kept: Record<string, string> = { href }
			if (attribs.title) kept.title = attribs.title
			if (/^https?:\/\//i.test(href)) Object.assign(kept, { target: '_blank', rel: 'noopener noreferrer' })
			return { tagName, attribs: kept }
		},
		img: (tagName, attribs) => {
			const src = (attribs.src ?? '').trim()
			if (!SAFE_SRC.test(src)) return { tagName, attribs: {} }
			const kept: Record<string, string> = { src, alt: attribs.alt ?? '' }
			for (const name of ['width', 'height', 'title'] as const) if (attribs[name]) kept[name] = attribs[name]
			return { tagName, attribs: { ...kept, loading: 'lazy', decoding: 'async' } }
		},
		b: 'strong',
		i: 'em',
		h1: 'h2',
	},
	allowedClasses: {},
	// A link without a safe address loses its tag and keeps its text; an image without one goes.
	exclusiveFilter: (frame) => {
		if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag'
		return frame.tag === 'img' && !frame.attribs.src
	},
}

// target/rel/loading/decoding are added by the transforms above, never taken from input.
const OUTPUT_OPTIONS: sanitize.IOptions = {
	...OPTIONS,
	allowedAttributes: {
		...(OPTIONS.allowedAttributes as Record<string, Array<string>>),
		a: ['href', 'title', 'target', 'rel'],
		img: ['src', 'alt', 'width', 'height', 'title', 'loading', 'decoding'],
	},
}

/** Cleans HTML to the allow-list: safe tags, safe link schemes, no scripts, styles or handlers. */
export function sanitizeHtml(html: string | null | undefined): string {
	if (!html) return ''
	return sanitizeOnce(html)
}

const sanitizeOnce = memoByText((html) => sanitize(html, OUTPUT_OPTIONS), { sizeOf: (out) => out.length })

const resolveAgainst = (value: string, base: string) => URL.parse(value, base)?.href ?? value

/**
 * sanitizeHtml, with every link and image address made absolute against
 * `base` (the item's own address): for feeds, which are read away from the
 * site.
 */
export function sanitizeHtmlAbsolute(html: string | null | undefined, base: string): string {
	if (!html) return ''
	// Once per body and address: a feed sanitised every item's body again on every request (about half of an uncached feed).
	return sanitizeAbsoluteOnce(`${base}\n${html}`)
}

const sanitizeAbsoluteOnce = memoByText(
	(key) => {
		const cut = key.indexOf('\n')
		return sanitizeAbsolute(key.slice(cut + 1), key.slice(0, cut))
	},
	{ sizeOf: (out) => out.length },
)

function sanitizeAbsolute(html: string, base: string): string {
	const { a: transformLink, img: transformImage } = OPTIONS.transformTags as Record<'a' | 'img', sanitize.Transformer>
	return sanitize(html, {
		...OUTPUT_OPTIONS,
		transformTags: {
			...OUTPUT_OPTIONS.transformTags,
			a: (tagName, attribs) => {
				const tag = transformLink(tagName, attribs)
				if (tag.attribs.href) tag.attribs.href = resolveAgainst(tag.attribs.href, base)
				return tag
			},
			img: (tagName, attribs) => {
				const tag = transformImage(tagName, attribs)
				if (tag.attribs.src) tag.attribs.src = resolveAgainst(tag.attribs.src, base)
				return tag
			},
		},
	})
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" }

/**
 * Inline elements: text runs on through them (`<strong>Toplantımız</strong>, 2027`
 * reads "Toplantımız, 2027"). Every other tag (paragraphs, list items, cells,
 * line breaks, images) separates the text on either side with a space.
 */
const INLINE_TAGS = new Set([
	'a',
	'abbr',
	'b',
	'bdi',
	'bdo',
	'cite',
	'code',
	'data',
	'del',
	'dfn',
	'em',
	'font',
	'i',
	'ins',
	'kbd',
	'mark',
	'q',
	's',
	'samp',
	'small',
	'span',
	'strike',
	'strong',
	'sub',
	'sup',
	'time',
	'tt',
	'u',
	'var',
	'wbr',
])

/**
 * The visible text of HTML, whitespace collapsed (for excerpts and search).
 * Stored bodies are sanitised when saved, so a plain tag strip is exact here
 * and far cheaper than parsing (it runs for every card of every page). Inline
 * tags vanish without a trace, block tags leave a space. The result is text,
 * always rendered escaped.
 */
export function htmlToText(html: string | null | undefined): string {
	if (!html) return ''
	return htmlToTextOnce(html)
}

const htmlToTextOnce = memoByText(
	(html) =>
		html
			.replace(/<(script|style|template|noscript|textarea)\b[\s\S]*?<\/\1\s*>/gi, ' ')
			.replace(/<!--[\s\S]*?-->/g, ' ')
			.replace(/<\/?([a-zA-Z][a-zA-Z0-9]*)[^>]*>/g, (_tag, name: string) => (INLINE_TAGS.has(name.toLowerCase()) ? '' : ' '))
			.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (entity, name: string) => {
				if (name[0] === '#') {
					const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
					return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' '
				}
				return ENTITIES[name.toLowerCase()] ?? entity
			})
			.replace(/\s+/g, ' ')
			.trim(),
	{ sizeOf: (text) => text.length },
)

export type Heading = { id: string; text: string; level: number }

/** Ids for a page's headings: Turkish-transliterated slugs of their text, numbered when repeated. */
function headingIds() {
	const used = new Map<string, number>()
	return (text: string) => {
		const base = slugify(text, { max: 80, fallback: 'bolum' })
		const seen = used.get(base) ?? 0
		used.set(base, seen + 1)
		return seen ? `${base}-${seen + 1}` : base
	}
}

/**
 * Markdown to safe HTML. Headings get ids (Turkish-transliterated slugs) so
 * a page can link to them, and are returned for a table of contents.
 * Raw HTML in the Markdown is sanitised like everything else.
 */
export function renderMarkdown(markdown: string): Rendered {
	return renderMarkdownOnce(markdown)
}

/** Safe HTML and its headings; shared by every page that renders the same text (app/lib/text-memo.ts), so never changed. */
export type Rendered = { readonly html: string; readonly headings: ReadonlyArray<Heading> }

const sizeOfRendered = (rendered: Rendered) => rendered.html.length + rendered.headings.length * 64

const renderMarkdownOnce = memoByText(
	function renderMarkdownFresh(markdown: string): Rendered {
		const headings: Array<Heading> = []
		const nextId = headingIds()
		const marked = new Marked({ gfm: true, breaks: false })
		marked.use({
			renderer: {
				heading(this: { parser: { parseInline(tokens: Array<Tokens.Generic>): string } }, { tokens, depth }: Tokens.Heading) {
					const inner = this.parser.parseInline(tokens)
					const text = htmlToText(inner)
					const id = nextId(text)
					const level = Math.min(Math.max(depth, 2), 4)
					headings.push({ id, text, level })
					return `<h${level} id="${id}">${inner}</h${level}>\n`
				},
			},
		})
		const raw = marked.parse(markdown, { async: false })
		return { html: sanitizeHtml(raw), headings }
	},
	{ sizeOf: sizeOfRendered },
)

/**
 * Stored HTML (a rich-text page body) to safe HTML, with heading ids and
 * headings exactly as renderMarkdown gives them, so anchors, tables of
 * contents and sections work the same whichever way a page was written.
 */
export function renderHtml(html: string): Rendered {
	return renderHtmlOnce(html)
}

const renderHtmlOnce = memoByText(
	function renderHtmlFresh(html: string): Rendered {
		const headings: Array<Heading> = []
		const nextId = headingIds()
		// Sanitised output: h2–h4 carry at most an id attribute and never nest.
		const out = sanitizeHtml(html).replace(/<h([2-4])(?: id="[^"]*")?>([\s\S]*?)<\/h\1>/g, (_match, level: string, inner: string) => {
			const text = htmlToText(inner)
			const id = nextId(text)
			headings.push({ id, text, level: Number(level) })
			return `<h${level} id="${id}">${inner}</h${level}>`
		})
		return { html: out, headings }
	},
	{ sizeOf: sizeOfRendered },
)

/** Whitespace-collapsed text cut at `max` characters with an ellipsis (spec §9 excerpts). */
export function excerpt(text: string | null | undefined, max: number): string {
	let cut = excerptsOfLength.get(max)
	if (!cut)
		excerptsOfLength.set(max, (cut = memoByText((whole) => cutText(whole, max), { maxChars: 400_000, sizeOf: (out) => out.length })))
	return cut(text ?? '')
}

/**
 * Excerpts by their length, each text cut once: every card of every list
 * shows one, and a card's text is the same string each time (htmlToText's).
 */
const excerptsOfLength = new Map<number, (text: string) => string>()

function cutText(whole: string, max: number) {
	// Only the start of a long text is needed: it is collapsed first, and when it alone is longer than `max`
	// it is the same cut.
	const window = 2 * max + 64
	if (whole.length > window) {
		const start = whole.slice(0, window).replace(/\s+/g, ' ').trim()
		if (start.length > max) return `${start.slice(0, max).trimEnd()}…`
	}
	const clean = whole.replace(/\s+/g, ' ').trim()
	if (clean.length <= max) return clean
	return `${clean.slice(0, max).trimEnd()}…`
}
