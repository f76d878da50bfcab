import crypto from 'node:crypto'
import { Lexer, type Token, type Tokens } from 'marked'
import { getSettings } from '#app/features/settings/settings.server.ts'
import { pdfFonts } from '#app/lib/pdf.server.ts'
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
				runs.push(...inlineRuns((token as Tokens.Link).tokens, bold, /^(https?:|mailto:|tel:)/i.test(href) ? href : link))
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

/**
 * Lays Markdown out on A4 pages with pdfkit and the Noto Sans subsets that
 * carry the Turkish letters: headings, paragraphs, (nested) lists, quotes,
 * simple tables, links; page numbers at the foot of each page.
 */
export async function renderMarkdownPdf({ title, markdown, footer }: PdfInput): Promise<Buffer> {
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

	function block(token: Token, indent: number) {
		const x = left + indent
		switch (token.type) {
			case 'heading': {
				const { depth, tokens } = token as Tokens.Heading
				const size = depth <= 1 ? 17 : depth === 2 ? 13.5 : 11.5
				doc.moveDown(depth <= 2 ? 0.6 : 0.3)
				if (doc.y > doc.page.height - doc.page.margins.bottom - 60) doc.addPage()
				write(
					inlineRuns(tokens).map((run) => ({ ...run, bold: true })),
					{ x, size, color: NAVY, gap: 0.35 },
				)
				break
			}
			case 'paragraph':
				write(inlineRuns((token as Tokens.Paragraph).tokens), { x })
				break
			case 'text':
				write(inlineRuns((token as Tokens.Text).tokens ?? [token]), { x })
				break
			case 'list': {
				const list = token as Tokens.List
				const start = typeof list.start === 'number' ? list.start : 1
				list.items.forEach((item, i) => {
					const marker = list.ordered ? `${start + i}.` : '•'
					const y = doc.y
					doc.font('regular').fontSize(10.5).fillColor(INK).text(marker, x, y, { width: 18, lineBreak: false })
					doc.y = y
					item.tokens.forEach((child, k) => {
						if (k > 0 && child.type === 'text') doc.moveDown(0.2)
						block(child, indent + 18)
					})
				})
				doc.moveDown(0.2)
				break
			}
			case 'blockquote':
				for (const child of (token as Tokens.Blockquote).tokens) block(child, indent + 14)
				break
			case 'table': {
				const table = token as Tokens.Table
				write(
					table.header.flatMap((cell, i) => [...(i ? [{ text: ' | ', bold: true, link: null }] : []), ...inlineRuns(cell.tokens, true)]),
					{ x, gap: 0.2 },
				)
				for (const row of table.rows) {
					write(
						row.flatMap((cell, i) => [...(i ? [{ text: ' | ', bold: false, link: null }] : []), ...inlineRuns(cell.tokens)]),
						{ x, gap: 0.2 },
					)
				}
				doc.moveDown(0.4)
				break
			}
			case 'code':
				write([{ text: (token as Tokens.Code).text, bold: false, link: null }], { x, color: MUTED })
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
			default:
				break
		}
	}

	doc.rect(left, doc.page.margins.top - 18, 48, 3).fill(GOLD)
	doc.font('bold').fontSize(19).fillColor(NAVY).text(title, left, doc.page.margins.top, { width: fullWidth })
	doc.moveDown(0.8)
	for (const token of Lexer.lex(markdown)) {
		// The page title is printed above; a leading `#` heading would repeat it.
		if (token.type === 'heading' && (token as Tokens.Heading).depth === 1) continue
		block(token, 0)
	}

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

const KVKK_SLUG = 'kvkk'

let kvkkCache: { key: string; pdf: Promise<PagePdf> } | undefined

/**
 * The KVKK notice as a PDF, from the same stored Markdown as the page, so the
 * two never differ. Made on the first request for each version of the text
 * (title, body and filled-in settings) and kept in memory.
 */
export async function getKvkkPdf(): Promise<PagePdf | null> {
	const source = await getPageSource(KVKK_SLUG)
	if (!source) return null
	const footer = (await getSettings()).association.name
	const key = crypto
		.createHash('sha256')
		.update(JSON.stringify([source.title, source.markdown, footer]))
		.digest('hex')
	if (kvkkCache?.key !== key) {
		const pdf = renderMarkdownPdf({ title: source.title, markdown: source.markdown, footer }).then((bytes) => ({
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
