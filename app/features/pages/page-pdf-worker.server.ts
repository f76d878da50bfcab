import fs from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import PDFDocument from 'pdfkit'

/**
 * Lays a page (the KVKK notice) out as a PDF with pdfkit, in a worker thread
 * that ends with its one job: pdfkit and the fonts it parses take about
 * 7 MB of JavaScript heap and 25 MB resident once loaded, which the server
 * process would otherwise keep for the rest of its life for a file it makes
 * once per version of the text. Started by page-pdf.server.ts with the
 * page already read into blocks; posts the PDF's bytes back.
 *
 * Node runs this file directly (type stripping) from the source tree, in
 * development and behind the production build alike: it imports nothing
 * but Node and pdfkit.
 */

export type Run = { text: string; bold: boolean; link: string | null }

/** What the PDF lays out, read from Markdown or from HTML alike. */
export type Block =
	| { type: 'heading'; depth: number; runs: Array<Run> }
	/** `tight`: a list item's own line (Markdown's tight lists), set closer to what precedes it. */
	| { type: 'paragraph'; runs: Array<Run>; tight?: boolean }
	| { type: 'list'; ordered: boolean; start: number; items: Array<Array<Block>> }
	| { type: 'quote'; blocks: Array<Block> }
	| { type: 'table'; rows: Array<{ header: boolean; cells: Array<Array<Run>> }> }
	| { type: 'code'; text: string }
	| { type: 'hr' }

export type PagePdfJob = {
	title: string
	blocks: Array<Block>
	/** Shown small at the bottom of every page (the association's name). */
	footer: string
	/** The Noto Sans subsets' files (pdfFontFiles in app/lib/pdf.server.ts). */
	fontFiles: { regular: string; bold: string }
}

const NAVY = '#13294b'
const INK = '#1c2330'
const MUTED = '#4f596b'
const GOLD = '#c9a227'

/**
 * Lays a page out on A4 pages with pdfkit and the Noto Sans subsets that
 * carry the Turkish letters: headings, paragraphs, (nested) lists, quotes,
 * simple tables, links; page numbers at the foot of each page.
 */
function layOut({ title, blocks, footer, fontFiles }: PagePdfJob): Promise<Buffer> {
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
	doc.registerFont('regular', fs.readFileSync(fontFiles.regular))
	doc.registerFont('bold', fs.readFileSync(fontFiles.bold))
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

const pdf = await layOut(workerData as PagePdfJob)
// A copy of the bytes in a buffer of their own, handed over rather than copied again.
const bytes = new Uint8Array(pdf)
parentPort?.postMessage(bytes, [bytes.buffer])
