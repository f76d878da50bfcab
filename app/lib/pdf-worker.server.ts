import { parentPort, workerData } from 'node:worker_threads'

/**
 * The PDF engine (mupdf, WebAssembly) on uploaded files, in a worker thread
 * of its own: the server terminates it after a deadline, or when its
 * WebAssembly memory (which never shrinks while the thread lives) has grown,
 * and that memory goes with it. Started by pdf.server.ts; answers one job
 * per message.
 *
 * Node runs this file directly (type stripping) from the source tree, in
 * development and behind the production build alike: it imports nothing
 * but Node and mupdf.
 */

export type PdfLimits = {
	/** More pages than this and the file is refused. */
	maxPages: number
	/** A page side (in points, after rotation and UserUnit) outside [minPageSide, maxPageSide] is refused. */
	minPageSide: number
	maxPageSide: number
	/** The rendered cover never exceeds these pixels, whatever the page's shape. */
	maxRenderWidth: number
	maxRenderHeight: number
	maxRenderPixels: number
	/** The WebAssembly heap may not grow past this many bytes. */
	wasmMemoryBytes: number
}

/** Caps on the text a `pages` job returns: pages read, characters per page, characters in all. */
export type PdfTextLimits = { maxPages: number; maxPageChars: number; maxChars: number }

export type PdfJob =
	| { op: 'inspect'; pdf: Uint8Array }
	| { op: 'render'; pdf: Uint8Array; width: number }
	| { op: 'text'; pdf: Uint8Array; maxPages: number }
	| ({ op: 'pages'; pdf: Uint8Array } & PdfTextLimits)

/** Why a PDF was not accepted or not rendered; the server turns these into Turkish. */
export type PdfProblem = 'unreadable' | 'encrypted' | 'no-pages' | 'too-many-pages' | 'page-size' | 'memory' | 'timeout' | 'crashed'

export type PdfAnswer = (
	| { ok: true; op: 'inspect'; pages: number }
	| { ok: true; op: 'render'; png: Uint8Array; width: number; height: number }
	| { ok: true; op: 'text'; text: string }
	/** The text of each page read, in order ('' for a page without text); `pageCount` is the document's. */
	| { ok: true; op: 'pages'; pages: Array<string>; pageCount: number }
	| { ok: false; problem: PdfProblem; detail: string }
) & {
	/** The engine's memory after the job: the server retires a worker that grew. */
	wasmBytes: number
}

class Refusal extends Error {
	readonly problem: PdfProblem
	constructor(problem: PdfProblem, detail: string) {
		super(detail)
		this.problem = problem
	}
}

const limits = (workerData as { limits: PdfLimits }).limits
let wasmBytes = 0

// Emscripten grows its heap with Memory.prototype.grow; refusing past the cap
// makes mupdf's malloc fail (an error mupdf reports) instead of taking gigabytes.
const grow = WebAssembly.Memory.prototype.grow
WebAssembly.Memory.prototype.grow = function capped(this: WebAssembly.Memory, delta: number) {
	if (this.buffer.byteLength + delta * 65536 > limits.wasmMemoryBytes) throw new RangeError('PDF engine memory cap reached')
	const before = grow.call(this, delta)
	wasmBytes = Math.max(wasmBytes, this.buffer.byteLength)
	return before
}

const mupdf = await import('mupdf')

/** The scale that fits the page into `width` pixels wide but never past the pixel caps. */
function renderScale(pageWidth: number, pageHeight: number, width: number) {
	return Math.min(
		width / pageWidth,
		limits.maxRenderWidth / pageWidth,
		limits.maxRenderHeight / pageHeight,
		Math.sqrt(limits.maxRenderPixels / (pageWidth * pageHeight)),
	)
}

/**
 * Page text as the search stores it: without control characters (PostgreSQL
 * refuses NUL), lone surrogates or the replacement character, composed (NFC,
 * so a dotted İ written as I + U+0307 folds like any other), white space
 * collapsed, cut at `max` characters, before the word the cut would split.
 */
function cleanText(raw: string, max: number) {
	const text = raw
		.replace(/[\p{Cc}\p{Cs}\p{Co}\ufffd]/gu, ' ')
		.normalize('NFC')
		.replace(/\s+/g, ' ')
		.trim()
	if (text.length <= max) return text
	// Never half of a surrogate pair.
	const cut = text.slice(0, max).replace(/[\ud800-\udbff]$/, '')
	if (text[cut.length] === ' ') return cut.trim()
	const space = cut.lastIndexOf(' ')
	return (space > 0 ? cut.slice(0, space) : cut).trim()
}

function run(job: PdfJob): PdfAnswer {
	let doc: InstanceType<typeof mupdf.Document>
	try {
		doc = mupdf.Document.openDocument(job.pdf, 'application/pdf')
	} catch (error) {
		throw new Refusal('unreadable', String((error as Error)?.message ?? error))
	}
	try {
		if (doc.needsPassword()) throw new Refusal('encrypted', 'the document needs a password')
		const pages = doc.countPages()
		if (pages < 1) throw new Refusal('no-pages', 'no pages')
		if (pages > limits.maxPages) throw new Refusal('too-many-pages', `${pages} pages`)
		const checked = job.op === 'inspect' ? pages : 1
		const sizes: Array<[number, number]> = []
		for (let i = 0; i < checked; i++) {
			const [x0, y0, x1, y1] = doc.loadPage(i).getBounds()
			const w = x1 - x0
			const h = y1 - y0
			if (!(w >= limits.minPageSide && h >= limits.minPageSide && w <= limits.maxPageSide && h <= limits.maxPageSide))
				throw new Refusal('page-size', `page ${i + 1} is ${w}x${h} pt`)
			sizes.push([w, h])
		}
		switch (job.op) {
			case 'inspect':
				return { ok: true, op: 'inspect', pages, wasmBytes }
			case 'render': {
				const [w, h] = sizes[0] ?? [1, 1]
				const scale = renderScale(w, h, job.width)
				const pixmap = doc.loadPage(0).toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true)
				// A copy of its own, so it can be handed to the server without touching mupdf's memory.
				const png = new Uint8Array(pixmap.asPNG())
				return { ok: true, op: 'render', png, width: pixmap.getWidth(), height: pixmap.getHeight(), wasmBytes }
			}
			case 'text': {
				const parts: Array<string> = []
				for (let i = 0; i < Math.min(pages, job.maxPages); i++) parts.push(doc.loadPage(i).toStructuredText('preserve-whitespace').asText())
				return { ok: true, op: 'text', text: parts.join('\n').replace(/\s+/g, ' ').trim(), wasmBytes }
			}
			case 'pages': {
				const texts: Array<string> = []
				let budget = job.maxChars
				for (let i = 0; i < Math.min(pages, job.maxPages) && budget > 0; i++) {
					const page = doc.loadPage(i)
					// dehyphenate: a word broken across lines (Kara-/ağaçlı) is found whole.
					const structured = page.toStructuredText('dehyphenate')
					const text = cleanText(structured.asText(), Math.min(job.maxPageChars, budget))
					structured.destroy()
					page.destroy()
					budget -= text.length
					texts.push(text)
				}
				return { ok: true, op: 'pages', pages: texts, pageCount: pages, wasmBytes }
			}
		}
	} finally {
		doc.destroy()
		mupdf.emptyStore()
	}
}

function answer(job: PdfJob): PdfAnswer {
	try {
		return run(job)
	} catch (error) {
		if (error instanceof Refusal) return { ok: false, problem: error.problem, detail: error.message, wasmBytes }
		const detail = String((error as Error)?.message ?? error)
		const memory = error instanceof RangeError || /malloc|out of memory|memory cap/i.test(detail)
		return { ok: false, problem: memory ? 'memory' : 'unreadable', detail, wasmBytes }
	}
}

parentPort?.on('message', (job: PdfJob) => {
	const result = answer(job)
	parentPort?.postMessage(result, result.ok && result.op === 'render' ? [result.png.buffer as ArrayBuffer] : [])
})
