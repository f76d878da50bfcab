import fs from 'node:fs'
import path from 'node:path'
import { appRoot } from './app-root.server.ts'

/**
 * Reading PDFs: the first page as an image (bulletin covers) and the text
 * (search). mupdf is WebAssembly: no native build, loaded on first use.
 */
type Mupdf = typeof import('mupdf')
let mupdfModule: Promise<Mupdf> | undefined
function loadMupdf() {
	mupdfModule ??= import('mupdf')
	return mupdfModule
}

/** PDF magic bytes: `%PDF-` within the first kilobyte. */
export function looksLikePdf(bytes: Uint8Array) {
	const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1')
	return head.includes('%PDF-')
}

/** The first page rendered to PNG at about `width` pixels wide. */
export async function renderFirstPage(pdf: Uint8Array, width = 420): Promise<Buffer> {
	const mupdf = await loadMupdf()
	const doc = mupdf.Document.openDocument(pdf, 'application/pdf')
	try {
		const page = doc.loadPage(0)
		const [x0, , x1] = page.getBounds()
		const scale = width / Math.max(1, x1 - x0)
		const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true)
		return Buffer.from(pixmap.asPNG())
	} finally {
		doc.destroy()
	}
}

/** How many pages a PDF has; throws when it cannot be opened. */
export async function countPdfPages(pdf: Uint8Array): Promise<number> {
	const mupdf = await loadMupdf()
	const doc = mupdf.Document.openDocument(pdf, 'application/pdf')
	try {
		const pages = doc.countPages()
		if (pages > 0) doc.loadPage(0)
		return pages
	} finally {
		doc.destroy()
	}
}

/** The text of every page, joined; empty when the PDF has none. */
export async function extractPdfText(pdf: Uint8Array, maxPages = 20): Promise<string> {
	const mupdf = await loadMupdf()
	const doc = mupdf.Document.openDocument(pdf, 'application/pdf')
	try {
		const parts: Array<string> = []
		const pages = Math.min(doc.countPages(), maxPages)
		for (let i = 0; i < pages; i++) parts.push(doc.loadPage(i).toStructuredText('preserve-whitespace').asText())
		return parts.join('\n').replace(/\s+/g, ' ').trim()
	} finally {
		doc.destroy()
	}
}

let fontCache: { regular: Buffer; bold: Buffer } | undefined

/**
 * Noto Sans as TrueType subsets (Latin, Latin Extended-A, Turkish), made by
 * `npm run assets`; a real TTF so Turkish letters render in generated PDFs.
 */
export function pdfFonts() {
	const dir = path.join(appRoot(), 'app', 'assets', 'fonts', 'pdf')
	fontCache ??= {
		regular: fs.readFileSync(path.join(dir, 'noto-sans-regular.ttf')),
		bold: fs.readFileSync(path.join(dir, 'noto-sans-bold.ttf')),
	}
	return fontCache
}
