import crypto from 'node:crypto'
import { Lexer, type Token, type Tokens } from 'marked'
import { getSettings } from '#app/features/settings/settings.server.ts'
import { sanitizeHtml } from '#app/lib/html.server.ts'
import { pdfFonts } from '#app/lib/pdf.server.ts'
import { parseHtml, type HtmlElement, type HtmlNode } from './html-tree.server.ts'
import { KVKK_PDF_FILENAME } from './page-paths.ts'
import { getPageSource } from './pages.server.ts'

const NAVY = '#13294b'
const INK = '#1c2330'
const MUTED = '#4f596b'
const GOLD = '#c9a227'

type Run = { text: string; bold: boolean; link: string | null }

export type PagePdf = { bytes: Buffer; etag: string; filename: string }

export type PdfInput = {
	title: string
	markdown: string
	/** Shown small at the bottom of every page (the association's name). */
	footer: string
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' }
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)

/** What the PDF lays out, read from Markdown or from HTML alike. */
type Block =
	| { type: 'heading'; depth: number; runs: Array<Run> }
	/** `tight`: a list item's own line (Markdown's tight lists), set closer to what precedes it. */
	| { type: 'paragraph'; runs: Array<Run>; tight?: boolean }
	| { type: 'list'; ordered: boolean; start: number; items: Array<Array<Block>> }
	| { type: 'quote'; blocks: Array<Block> }
	| { type: 'table'; rows: Array<{ header: boolean; cells: Array<Array<Run>> }> }
	| { type: 'code'; text: string }
	| { type: 'hr' }

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

/**
 * Lays a page out on A4 pages with pdfkit and the Noto Sans subsets that
 * carry the Turkish letters: headings, paragraphs, (nested) lists, quotes,
 * simple tables, links; page numbers at the foot of each page.
 */
async function renderBlocksPdf({ title, blocks, footer }: { title: string; blocks: Array<Block>; footer: string }): Promise<Buffer> {
	const { default: PDFDocument } = await import('pdfkit')
	const fonts = pdfFonts()
	const doc = new PDFDocument({
		size: 'A4',
		margins: { top: 64, bottom: 72, left: 64, right: 64 },
		bufferPages: true,
		lang: 'tr-TR',
		displayTitle: true,
		info: { Title: title, Author: footer, Subject: title, Creator: footer },
	})
	const chunks: Array<Buffer> = []
	const done = new Promise<Buffer>((resolve, reject) => {
		doc.on('data', (chunk: Buffer) => chunks.push(chunk))
		doc.on('end', () => resolve(Buffer.concat(chunks)))
		doc.on('error', reject)
	})
	doc.registerFont('regular', fonts.regular)
	doc.registerFont('bold', fonts.bold)
	const left = doc.page.margins.left
	const fullWidth = doc.page.width - doc.page.margins.left - doc.page.margins.right

	function write(runs: Array<Run>, { x = left, size = 10.5, color = INK, gap = 0.55 } = {}) {
		const cleaned = runs.filter((run) => run.text.length > 0)
		if (cleaned.length === 0) return
		doc.fontSize(size).fillColor(color)
		cleaned.forEach((run, i) => {
			const last = i === cleaned.length - 1
			doc.font(run.bold ? 'bold' : 'regular')
			doc.fillColor(run.link ? NAVY : color)
			const options = { continued: !last, link: run.link, underline: Boolean(run.link), width: fullWidth - (x - left), lineGap: 2 }
			if (i === 0) doc.text(run.text, x, doc.y, options)
			else doc.text(run.text, options)
		})
		doc.moveDown(gap)
	}

	function block(item: Block, indent: number) {
		const x = left + indent
		switch (item.type) {
			case 'heading': {
				const { depth, runs } = item
				const size = depth <= 1 ? 17 : depth === 2 ? 13.5 : 11.5
				doc.moveDown(depth <= 2 ? 0.6 : 0.3)
				if (doc.y > doc.page.height - doc.page.margins.bottom - 60) doc.addPage()
				write(
					runs.map((run) => ({ ...run, bold: true })),
					{ x, size, color: NAVY, gap: 0.35 },
				)
				break
			}
			case 'paragraph':
				write(item.runs, { x })
				break
			case 'list': {
				item.items.forEach((children, i) => {
					const marker = item.ordered ? `${item.start + i}.` : '•'
					const y = doc.y
					doc.font('regular').fontSize(10.5).fillColor(INK).text(marker, x, y, { width: 18, lineBreak: false })
					doc.y = y
					children.forEach((child, k) => {
						if (k > 0 && child.type === 'paragraph' && child.tight) doc.moveDown(0.2)
						block(child, indent + 18)
					})
				})
				doc.moveDown(0.2)
				break
			}
			case 'quote':
				for (const child of item.blocks) block(child, indent + 14)
				break
			case 'table': {
				for (const row of item.rows) {
					write(
						row.cells.flatMap((cell, i) => [...(i ? [{ text: ' | ', bold: row.header, link: null }] : []), ...cell]),
						{ x, gap: 0.2 },
					)
				}
				doc.moveDown(0.4)
				break
			}
			case 'code':
				write([{ text: item.text, bold: false, link: null }], { x, color: MUTED })
				break
			case 'hr':
				doc
					.moveTo(x, doc.y + 4)
					.lineTo(left + fullWidth, doc.y + 4)
					.lineWidth(0.5)
					.strokeColor(GOLD)
					.stroke()
				doc.moveDown(0.8)
				break
		}
	}

	doc.rect(left, doc.page.margins.top - 18, 48, 3).fill(GOLD)
	doc.font('bold').fontSize(19).fillColor(NAVY).text(title, left, doc.page.margins.top, { width: fullWidth })
	doc.moveDown(0.8)
	for (const item of blocks) block(item, 0)

	const range = doc.bufferedPageRange()
	for (let i = range.start; i < range.start + range.count; i++) {
		doc.switchToPage(i)
		const bottom = doc.page.margins.bottom
		// Writing inside the bottom margin would start a new page.
		doc.page.margins.bottom = 0
		doc
			.font('regular')
			.fontSize(8.5)
			.fillColor(MUTED)
			.text(`${footer} · ${title}`, left, doc.page.height - 44, { width: fullWidth * 0.75, lineBreak: false, ellipsis: true })
			.text(`${i + 1} / ${range.count}`, left, doc.page.height - 44, { width: fullWidth, align: 'right', lineBreak: false })
		doc.page.margins.bottom = bottom
	}
	doc.end()
	return done
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
