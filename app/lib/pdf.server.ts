import fs from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { appRoot } from './app-root.server.ts'
import type { PdfAnswer, PdfJob, PdfLimits, PdfProblem, PdfTextLimits } from './pdf-worker.server.ts'

/**
 * Reading PDFs: whether an upload is a PDF we accept, the first page as an
 * image (bulletin covers) and the text (search). mupdf (WebAssembly) runs on
 * uploaded files only in a worker thread (pdf-worker.server.ts) that is
 * stopped after a deadline, with capped memory, so a hostile file costs the
 * server neither its time nor its memory.
 */
export const PDF_LIMITS: Readonly<PdfLimits> = {
	maxPages: 1000,
	minPageSide: 1,
	// The PDF format's own page limit (200 inches, 508 cm); UserUnit pages beyond it are refused.
	maxPageSide: 14_400,
	maxRenderWidth: 1600,
	maxRenderHeight: 2400,
	maxRenderPixels: 1600 * 2400,
	wasmMemoryBytes: 256 * 1024 * 1024,
}

/** How long one PDF job (opening and checking, or drawing a cover) may take. */
export const PDF_DEADLINE_MS = 10_000

/** The worker's JavaScript heap; the PDF engine's own memory is capped by `wasmMemoryBytes`. */
const WORKER_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 }
/** A worker whose engine grew past this is retired after its job, so the memory is given back. */
const RETIRE_AFTER_WASM_BYTES = 64 * 1024 * 1024
/** An idle worker stays this long for the next job (a bulletin save asks twice), then ends. */
const IDLE_MS = 2_000

/** A PDF that was not accepted or could not be drawn; `problem` says why. */
export class PdfError extends Error {
	override name = 'PdfError'
	readonly problem: PdfProblem

	constructor(problem: PdfProblem, detail: string) {
		super(`PDF ${problem}: ${detail}`)
		this.problem = problem
	}
}

export type PdfJobOptions = { timeoutMs?: number; limits?: Partial<PdfLimits> }

const workerFile = () => path.join(appRoot(), 'app', 'lib', 'pdf-worker.server.ts')

type Slot = { worker: Worker; limits: string; idle?: NodeJS.Timeout }
let slot: Slot | null = null

function retire(worker: Worker) {
	if (slot?.worker === worker) {
		clearTimeout(slot.idle)
		slot = null
	}
	return worker.terminate()
}

/** The live worker for these limits, or a new one. */
function workerFor(limits: PdfLimits): Worker {
	const key = JSON.stringify(limits)
	if (slot && slot.limits === key) {
		clearTimeout(slot.idle)
		slot.worker.ref()
		return slot.worker
	}
	if (slot) void retire(slot.worker)
	const worker = new Worker(workerFile(), { workerData: { limits }, resourceLimits: WORKER_RESOURCE_LIMITS, stdout: true, stderr: true })
	// mupdf reports warnings (a repaired xref…) on stderr: not for the server's log.
	worker.stdout.resume()
	worker.stderr.resume()
	worker.once('exit', () => {
		if (slot?.worker === worker) slot = null
	})
	slot = { worker, limits: key }
	return worker
}

function rest(worker: Worker) {
	if (slot?.worker !== worker) return
	worker.unref()
	slot.idle = setTimeout(() => void retire(worker), IDLE_MS)
	slot.idle.unref()
}

// One PDF job at a time: each may use up to its memory cap, and the machine may have few cores.
let queue: Promise<unknown> = Promise.resolve()
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
	const result = queue.then(task, task)
	queue = result.catch(() => undefined)
	return result
}

type Success<Op extends PdfJob['op']> = Extract<PdfAnswer, { ok: true; op: Op }>

function runJob<Op extends PdfJob['op']>(job: Extract<PdfJob, { op: Op }>, options: PdfJobOptions = {}): Promise<Success<Op>> {
	const limits = { ...PDF_LIMITS, ...options.limits }
	const timeoutMs = options.timeoutMs ?? PDF_DEADLINE_MS
	return oneAtATime(
		() =>
			new Promise<Success<Op>>((resolve, reject) => {
				const worker = workerFor(limits)
				let settled = false
				const finish = (end: 'rest' | 'retire', outcome: () => void) => {
					if (settled) return
					settled = true
					clearTimeout(timer)
					worker.off('message', onMessage).off('error', onError).off('exit', onExit)
					if (end === 'rest') {
						rest(worker)
						outcome()
					} else {
						// Terminating frees the engine's memory; answer once it is gone.
						void retire(worker).finally(outcome)
					}
				}
				const onMessage = (answer: PdfAnswer) => {
					// An answer that comes after the deadline is late even when its timer has not run yet (a busy event loop).
					if (performance.now() - started >= timeoutMs) return onTimeout()
					const end = answer.wasmBytes > RETIRE_AFTER_WASM_BYTES || (!answer.ok && answer.problem === 'memory') ? 'retire' : 'rest'
					finish(end, () => (answer.ok ? resolve(answer as Success<Op>) : reject(new PdfError(answer.problem, answer.detail))))
				}
				const onError = (error: Error & { code?: string }) => {
					const problem: PdfProblem = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crashed'
					finish('retire', () => reject(new PdfError(problem, error.message)))
				}
				const onExit = (code: number) => finish('retire', () => reject(new PdfError('crashed', `worker exited with ${code}`)))
				const onTimeout = () => finish('retire', () => reject(new PdfError('timeout', `no answer within ${timeoutMs} ms`)))
				const started = performance.now()
				const timer = setTimeout(onTimeout, timeoutMs)
				worker.on('message', onMessage).on('error', onError).on('exit', onExit)
				// A copy handed over to the worker: the caller keeps its bytes.
				const pdf = new Uint8Array(job.pdf)
				worker.postMessage({ ...job, pdf }, [pdf.buffer])
			}),
	)
}

/** PDF magic bytes: `%PDF-` within the first kilobyte. */
export function looksLikePdf(bytes: Uint8Array) {
	const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1')
	return head.includes('%PDF-')
}

/**
 * Opens a PDF and checks it is one the site can take: not password
 * protected, 1 to `maxPages` pages, every page within the format's size
 * limits. Throws a PdfError otherwise.
 */
export async function inspectPdf(pdf: Uint8Array, options?: PdfJobOptions): Promise<{ pages: number }> {
	const answer = await runJob({ op: 'inspect', pdf }, options)
	return { pages: answer.pages }
}

/** How many pages a PDF has; throws when it cannot be opened or is refused by `inspectPdf`. */
export async function countPdfPages(pdf: Uint8Array, options?: PdfJobOptions): Promise<number> {
	return (await inspectPdf(pdf, options)).pages
}

/**
 * The first page rendered to PNG at about `width` pixels wide, never larger
 * than 1600×2400 pixels whatever the page's shape. Throws a PdfError when
 * the page cannot be drawn within the deadline and memory cap.
 */
export async function renderFirstPage(pdf: Uint8Array, width = 420, options?: PdfJobOptions): Promise<Buffer> {
	const answer = await runJob({ op: 'render', pdf, width }, options)
	return Buffer.from(answer.png)
}

/** The text of the first `maxPages` pages, joined; empty when the PDF has none. */
export async function extractPdfText(pdf: Uint8Array, maxPages = 20, options?: PdfJobOptions): Promise<string> {
	const answer = await runJob({ op: 'text', pdf, maxPages }, options)
	return answer.text
}

/**
 * The text of each page (`pages[0]` is page 1; '' for a page without text,
 * such as a scanned image), cleaned for the search: composed, no control
 * characters, white space collapsed, words broken across lines joined.
 * Reads at most `maxPages` pages and stops once `maxChars` characters are
 * collected; a page gives at most `maxPageChars`. Throws a PdfError when the
 * PDF cannot be read within the deadline and memory cap.
 */
export async function extractPdfPages(
	pdf: Uint8Array,
	limits: Partial<PdfTextLimits> = {},
	options?: PdfJobOptions,
): Promise<{ pages: Array<string>; pageCount: number }> {
	const { maxPages = PDF_LIMITS.maxPages, maxPageChars = 10_000, maxChars = 150_000 } = limits
	const answer = await runJob({ op: 'pages', pdf, maxPages, maxPageChars, maxChars }, options)
	return { pages: answer.pages, pageCount: answer.pageCount }
}

let fontCache: { regular: Buffer; bold: Buffer } | undefined

/**
 * Noto Sans as TrueType subsets (Latin, Latin Extended-A, Turkish), made by
 * `npm run assets`; a real TTF so Turkish letters render in generated PDFs.
 */
export function pdfFontFiles() {
	const dir = path.join(appRoot(), 'app', 'assets', 'fonts', 'pdf')
	return { regular: path.join(dir, 'noto-sans-regular.ttf'), bold: path.join(dir, 'noto-sans-bold.ttf') }
}

/** The fonts of pdfFontFiles, read once. */
export function pdfFonts() {
	const files = pdfFontFiles()
	fontCache ??= { regular: fs.readFileSync(files.regular), bold: fs.readFileSync(files.bold) }
	return fontCache
}
