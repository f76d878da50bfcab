import crypto from 'node:crypto'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { Lexer, type Token, type Tokens } from 'marked'
import { getSettings } from '#app/features/settings/settings.server.ts'
import { appRoot } from '#app/lib/app-root.server.ts'
import { sanitizeHtml } from '#app/lib/html.server.ts'
import { pdfFontFiles } from '#app/lib/pdf.server.ts'
import { parseHtml, type HtmlElement, type HtmlNode } from './html-tree.server.ts'
import { KVKK_PDF_FILENAME } from './page-paths.ts'
import type { Block, PagePdfJob, Run } from './page-pdf-worker.server.ts'
import { getPageSource } from './pages.server.ts'

export type PagePdf = { bytes: Buffer; etag: string; filename: string }

export type PdfInput = {
	title: string
	markdown: string
	/** Shown small at the bottom of every page (the association's name). */
	footer: string
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' }
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)

const SAFE_LINK = /^(https?:|mailto:|tel:)/i

/** Inline Markdown tokens as text runs: bold or not, linked or not. */
function inlineRuns(tokens: Array<Token> | undefined, bold = false, link: string | null = null): Array<Run> {
	const runs: Array<Run> = []
	for (const token of tokens ?? []) {
		switch (token.type) {
			case 'strong':
				runs.push(...inlineRuns((token as Tokens.Strong).tokens, true, link))
				break
			case 'em':
			case 'del':
				runs.push(...inlineRuns((token as Tokens.Em).tokens, bold, link))
				break
			case 'link': {
				const href = (token as Tokens.Link).href
				runs.push(...inlineRuns((token as Tokens.Link).tokens, bold, SAFE_LINK.test(href) ? href : link))
				break
			}
			case 'br':
				runs.push({ text: '\n', bold, link })
				break
			case 'html':
				break
			case 'text':
				if ('tokens' in token && token.tokens?.length) runs.push(...inlineRuns(token.tokens, bold, link))
				else runs.push({ text: decode((token as Tokens.Text).text), bold, link })
				break
			default:
				if ('text' in token && typeof token.text === 'string') runs.push({ text: decode(token.text), bold, link })
		}
	}
	return runs
}

function markdownBlock(token: Token): Array<Block> {
	switch (token.type) {
		case 'heading': {
			const { depth, tokens } = token as Tokens.Heading
			// The page title is printed above; a leading `#` heading would repeat it.
			return depth === 1 ? [] : [{ type: 'heading', depth, runs: inlineRuns(tokens) }]
		}
		case 'paragraph':
			return [{ type: 'paragraph', runs: inlineRuns((token as Tokens.Paragraph).tokens) }]
		case 'text':
			return [{ type: 'paragraph', runs: inlineRuns((token as Tokens.Text).tokens ?? [token]), tight: true }]
		case 'list': {
			const list = token as Tokens.List
			return [
				{
					type: 'list',
					ordered: list.ordered,
					start: typeof list.start === 'number' ? list.start : 1,
					items: list.items.map((item) => item.tokens.flatMap(markdownBlock)),
				},
			]
		}
		case 'blockquote':
			return [{ type: 'quote', blocks: (token as Tokens.Blockquote).tokens.flatMap(markdownBlock) }]
		case 'table': {
			const table = token as Tokens.Table
			return [
				{
					type: 'table',
					rows: [
						{ header: true, cells: table.header.map((cell) => inlineRuns(cell.tokens, true)) },
						...table.rows.map((row) => ({ header: false, cells: row.map((cell) => inlineRuns(cell.tokens)) })),
					],
				},
			]
		}
		case 'code':
			return [{ type: 'code', text: (token as Tokens.Code).text }]
		case 'hr':
			return [{ type: 'hr' }]
		default:
			return []
	}
}

/** Markdown as PDF blocks. */
export function markdownBlocks(markdown: string): Array<Block> {
	return Lexer.lex(markdown).flatMap(markdownBlock)
}

const INLINE_BOLD = new Set(['strong', 'b', 'th'])
const BLOCK_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'blockquote', 'table', 'hr', 'pre', 'figure', 'figcaption', 'div'])

/** Inline HTML as text runs; whitespace collapsed as a browser would. */
function htmlRuns(nodes: Array<HtmlNode>, bold = false, link: string | null = null): Array<Run> {
	const runs: Array<Run> = []
	for (const node of nodes) {
		if (typeof node === 'string') {
			runs.push({ text: node.replace(/\s+/g, ' '), bold, link })
			continue
		}
		if (node.tag === 'br') runs.push({ text: '\n', bold, link })
		else if (node.tag === 'img') continue
		else if (node.tag === 'a') {
			const href = node.attrs.href ?? ''
			runs.push(...htmlRuns(node.children, bold, SAFE_LINK.test(href) ? href : link))
		} else {
			const inner = htmlRuns(node.children, bold || INLINE_BOLD.has(node.tag), link)
			// A paragraph inside a table cell or a list line is a line of its own.
			if (BLOCK_TAGS.has(node.tag) && runs.length > 0) runs.push({ text: ' ', bold, link })
			runs.push(...inner)
		}
	}
	return runs
}

/** Runs without the spaces a browser would not show at the start and end of a line. */
function trimRuns(runs: Array<Run>): Array<Run> {
	const out = runs.map((run) => ({ ...run }))
	while (out[0] && !out[0].text.trimStart()) out.shift()
	while (out.at(-1) && !out.at(-1)?.text.trimEnd()) out.pop()
	const first = out[0]
	if (first) first.text = first.text.trimStart()
	const last = out.at(-1)
	if (last) last.text = last.text.trimEnd()
	return out
}

function tableRows(nodes: Array<HtmlNode>): Array<{ header: boolean; cells: Array<Array<Run>> }> {
	const rows: Array<{ header: boolean; cells: Array<Array<Run>> }> = []
	for (const node of nodes) {
		if (typeof node === 'string') continue
		if (node.tag === 'tr') {
			const cells = node.children.filter(
				(cell): cell is HtmlElement => typeof cell !== 'string' && (cell.tag === 'td' || cell.tag === 'th'),
			)
			rows.push({
				header: cells.length > 0 && cells.every((cell) => cell.tag === 'th'),
				cells: cells.map((cell) => trimRuns(htmlRuns(cell.children, cell.tag === 'th'))),
			})
		} else if (node.tag === 'thead' || node.tag === 'tbody' || node.tag === 'tfoot') rows.push(...tableRows(node.children))
	}
	return rows
}

/** HTML (sanitised) as PDF blocks: block elements in order, loose inline content gathered into paragraphs. */
export function htmlBlocks(nodes: Array<HtmlNode>): Array<Block> {
	const blocks: Array<Block> = []
	let inline: Array<HtmlNode> = []
	const flush = () => {
		const runs = trimRuns(htmlRuns(inline))
		if (runs.length > 0) blocks.push({ type: 'paragraph', runs })
		inline = []
	}
	for (const node of nodes) {
		if (typeof node === 'string' || !BLOCK_TAGS.has(node.tag)) {
			inline.push(node)
			continue
		}
		flush()
		switch (node.tag) {
			case 'h1':
				break
			case 'h2':
			case 'h3':
			case 'h4':
				blocks.push({ type: 'heading', depth: Number(node.tag[1]), runs: trimRuns(htmlRuns(node.children)) })
				break
			case 'ul':
			case 'ol': {
				const start = Number.parseInt(node.attrs.start ?? '1', 10)
				blocks.push({
					type: 'list',
					ordered: node.tag === 'ol',
					start: Number.isFinite(start) ? start : 1,
					items: node.children
						.filter((child): child is HtmlElement => typeof child !== 'string' && child.tag === 'li')
						.map((item) => htmlBlocks(item.children)),
				})
				break
			}
			case 'blockquote':
				blocks.push({ type: 'quote', blocks: htmlBlocks(node.children) })
				break
			case 'table':
				blocks.push({ type: 'table', rows: tableRows(node.children) })
				break
			case 'pre':
				blocks.push({
					type: 'code',
					text: htmlRuns(node.children)
						.map((run) => run.text)
						.join(''),
				})
				break
			case 'hr':
				blocks.push({ type: 'hr' })
				break
			default:
				blocks.push(...htmlBlocks(node.children))
		}
	}
	flush()
	return blocks
}

/** How long laying out one page may take before its worker is stopped. */
const LAYOUT_DEADLINE_MS = 30_000
/** The worker's JavaScript heap: pdfkit and its fonts need about 20 MB for a long page. */
const WORKER_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 }

/**
 * Lays blocks out on A4 pages with pdfkit (headings, paragraphs, nested
 * lists, quotes, simple tables, links; page numbers at the foot), in a worker
 * thread that ends with the job (page-pdf-worker.server.ts), so pdfkit never
 * stays in the server's memory. Errors name PDFDocument, which the Turkish
 * messages recognise as a document that could not be made.
 */
function renderBlocksPdf({ title, blocks, footer }: { title: string; blocks: Array<Block>; footer: string }): Promise<Buffer> {
	const job: PagePdfJob = { title, blocks, footer, fontFiles: pdfFontFiles() }
	return new Promise((resolve, reject) => {
		const worker = new Worker(path.join(appRoot(), 'app', 'features', 'pages', 'page-pdf-worker.server.ts'), {
			workerData: job,
			resourceLimits: WORKER_RESOURCE_LIMITS,
		})
		const timer = setTimeout(() => {
			reject(new Error(`PDFDocument: no page laid out within ${LAYOUT_DEADLINE_MS} ms`))
			void worker.terminate()
		}, LAYOUT_DEADLINE_MS)
		worker.once('message', (bytes: Uint8Array) => resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)))
		worker.once('error', (error) => reject(new Error(`PDFDocument: ${error.message}`, { cause: error })))
		// After an answer this does nothing; a worker that ends without one failed.
		worker.once('exit', (code) => {
			clearTimeout(timer)
			reject(new Error(`PDFDocument: the layout ended (${code}) without a PDF`))
		})
	})
}

/** Lays Markdown out on A4 pages (see renderBlocksPdf). */
export function renderMarkdownPdf({ title, markdown, footer }: PdfInput): Promise<Buffer> {
	return renderBlocksPdf({ title, blocks: markdownBlocks(markdown), footer })
}

/** Lays HTML out on A4 pages (see renderBlocksPdf); the HTML is sanitised first. */
export function renderHtmlPdf({ title, html, footer }: { title: string; html: string; footer: string }): Promise<Buffer> {
	return renderBlocksPdf({ title, blocks: htmlBlocks(parseHtml(sanitizeHtml(html))), footer })
}

const KVKK_SLUG = 'kvkk'

let kvkkCache: { key: string; pdf: Promise<PagePdf> } | undefined

/**
 * The KVKK notice as a PDF, from the same stored text as the page (Markdown
 * or HTML), so the two never differ. Made on the first request for each
 * version of the text (title, body and filled-in settings) and kept in memory.
 */
export async function getKvkkPdf(): Promise<PagePdf | null> {
	const source = await getPageSource(KVKK_SLUG)
	if (!source) return null
	const footer = (await getSettings()).association.name
	const key = crypto
		.createHash('sha256')
		.update(JSON.stringify([source.title, source.format, source.body, footer]))
		.digest('hex')
	if (kvkkCache?.key !== key) {
		const render =
			source.format === 'html'
				? renderHtmlPdf({ title: source.title, html: source.body, footer })
				: renderMarkdownPdf({ title: source.title, markdown: source.body, footer })
		const pdf = render.then((bytes) => ({
			bytes,
			etag: `"${key.slice(0, 32)}"`,
			filename: KVKK_PDF_FILENAME,
		}))
		kvkkCache = { key, pdf }
		// A failed render is not kept: the next request tries again.
		pdf.catch(() => {
			if (kvkkCache?.key === key) kvkkCache = undefined
		})
	}
	return kvkkCache.pdf
}
