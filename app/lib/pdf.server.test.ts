import fc from 'fast-check'
import * as mupdf from 'mupdf'
import { expect, test } from 'vitest'
import { makeBoxPdf, makeEndlessPdf, makeImageBombPdf } from '#tests/fixtures/bombs.ts'
import { makePdf } from '#tests/fixtures/files.ts'
import { inspectPdf, PDF_LIMITS, PdfError, renderFirstPage } from './pdf.server.ts'

const MB = 1024 * 1024

/** The size of a PNG, from its header. */
function pngSize(png: Buffer) {
	expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
	return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

async function problemOf(promise: Promise<unknown>) {
	const error = await promise.then(
		() => null,
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(PdfError)
	return (error as PdfError).problem
}

const withinCaps = ({ width, height }: { width: number; height: number }) =>
	width > 0 &&
	height > 0 &&
	width <= PDF_LIMITS.maxRenderWidth &&
	height <= PDF_LIMITS.maxRenderHeight &&
	width * height <= PDF_LIMITS.maxRenderPixels

function expectWithinCaps(png: Buffer) {
	const size = pngSize(png)
	expect(withinCaps(size), JSON.stringify(size)).toBe(true)
}

test('refuses pages beyond the format’s 508 cm (tall, wide, UserUnit) before drawing them, without the server’s memory growing', async () => {
	await renderFirstPage(await makePdf('Isınma'), 330)
	const before = process.memoryUsage().rss
	for (const options of [
		{ mediaBox: [0, 0, 14_400, 200_000] },
		{ mediaBox: [0, 0, 200, 200_000] },
		{ mediaBox: [0, 0, 200_000, 200] },
		{ mediaBox: [0, 0, 200, 200_000], rotate: 90 },
		{ mediaBox: [0, 0, 200, 14_400], userUnit: 75_000 },
		{ mediaBox: [0, 0, 420, 595], userUnit: 100 },
	] as const) {
		const pdf = makeBoxPdf({ ...options, mediaBox: [...options.mediaBox] })
		expect(await problemOf(inspectPdf(pdf)), JSON.stringify(options)).toBe('page-size')
		expect(await problemOf(renderFirstPage(pdf, 330)), JSON.stringify(options)).toBe('page-size')
	}
	expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB)
})

test('accepts exactly the page boxes within the limits and draws each cover within 1600×2400 pixels, whatever the box, rotation, UserUnit or CropBox', async () => {
	await renderFirstPage(await makePdf('Isınma'), 330)
	const before = process.memoryUsage().rss
	const fraction = (min: number, max: number) => fc.double({ min, max, noNaN: true })
	const side = fc.oneof(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 100, max: 20_000 }), fc.integer({ min: 14_000, max: 300_000 }))
	await fc.assert(
		fc.asyncProperty(
			fc.record({
				width: side,
				height: side,
				rotate: fc.constantFrom(undefined, 0, 90, 180, 270, -90, 450),
				userUnit: fc.constantFrom(undefined, 1, 2, 10, 75_000),
				crop: fc.option(fc.tuple(fraction(-1, 0.5), fraction(0.5, 2), fraction(-1, 0.5), fraction(0.5, 2)), { nil: undefined }),
				pages: fc.integer({ min: 1, max: 4 }),
				renderWidth: fc.constantFrom(120, 330, 420, 5000),
			}),
			async ({ width, height, rotate, userUnit, crop, pages, renderWidth }) => {
				// Whole points, rounded outwards: the CropBox always overlaps the MediaBox by at least a point each way
				// (a CropBox that misses it is drawn as the engine's default page, tested on its own below).
				const cropBox: [number, number, number, number] | undefined = crop && [
					Math.floor(crop[0] * width),
					Math.floor(crop[2] * height),
					Math.ceil(crop[1] * width) + 1,
					Math.ceil(crop[3] * height) + 1,
				]
				const pdf = makeBoxPdf({ mediaBox: [0, 0, width, height], cropBox, rotate, userUnit, pages })
				const shown = cropBox
					? [Math.min(cropBox[2], width) - Math.max(cropBox[0], 0), Math.min(cropBox[3], height) - Math.max(cropBox[1], 0)]
					: [width, height]
				const sides = shown.map((s) => s * (userUnit ?? 1))
				const fits = sides.every((s) => s >= PDF_LIMITS.minPageSide && s <= PDF_LIMITS.maxPageSide)
				const verdict = await inspectPdf(pdf).catch((error: unknown) => ({ problem: (error as PdfError).problem }))
				expect(verdict).toEqual(fits ? { pages } : { problem: 'page-size' })
				const cover = fits ? pngSize(await renderFirstPage(pdf, renderWidth)) : { width: 1, height: 1 }
				expect(withinCaps(cover)).toBe(true)
			},
		),
		{ numRuns: 80 },
	)
	expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB)
})

test('accepts a page whose CropBox misses its MediaBox as the page the engine draws, and draws its cover within the caps', async () => {
	// Nothing of the MediaBox is left inside the CropBox: mupdf then draws its default page, the size checked is the size drawn.
	for (const [mediaBox, cropBox] of [
		[
			[0, 0, 1, 14_000],
			[1, 0, 2, 7001],
		],
		[
			[0, 0, 200_000, 300],
			[300_000, 0, 400_000, 100],
		],
	] as const) {
		const pdf = makeBoxPdf({ mediaBox: [...mediaBox], cropBox: [...cropBox] })
		expect(await inspectPdf(pdf), JSON.stringify({ mediaBox, cropBox })).toEqual({ pages: 1 })
		expectWithinCaps(await renderFirstPage(pdf, 330))
	}
})

test('stops drawing a page that never ends at the deadline, gives its memory back and draws the next PDF', async () => {
	const endless = makeEndlessPdf(9)
	expect(endless.length).toBeLessThan(10_000)
	expect(await inspectPdf(endless)).toEqual({ pages: 1 })
	const before = process.memoryUsage().rss
	expect(await problemOf(renderFirstPage(endless, 330, { timeoutMs: 1500 }))).toBe('timeout')
	expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB)
	expectWithinCaps(await renderFirstPage(await makePdf('Sonraki bülten'), 330))
})

test('caps the PDF engine’s memory: a page needing more fails instead of growing, and the next PDF is drawn', async () => {
	const pdf = await makePdf('Büyük kapak', 'A5')
	expect(await problemOf(renderFirstPage(pdf, 1600, { limits: { wasmMemoryBytes: 32 * MB } }))).toBe('memory')
	expectWithinCaps(await renderFirstPage(pdf, 1600))
	const before = process.memoryUsage().rss
	const image = makeImageBombPdf(10_000, 10_000)
	expect(image.length).toBeLessThan(1 * MB)
	expectWithinCaps(await renderFirstPage(image, 330))
	expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB)
})

test('refuses password-protected PDFs, PDFs of more than 1000 pages and files that do not open; repairs a broken cross-reference table', async () => {
	const doc = new mupdf.PDFDocument()
	doc.insertPage(-1, doc.addPage([0, 0, 420, 595], 0, null, 'BT ET'))
	const locked = doc.saveToBuffer('encrypt=aes-256,user-password=gizli,owner-password=sahip').asUint8Array().slice()
	const ownerOnly = doc.saveToBuffer('encrypt=aes-256,owner-password=sahip').asUint8Array().slice()
	expect(await problemOf(inspectPdf(locked))).toBe('encrypted')
	expect(await inspectPdf(ownerOnly)).toEqual({ pages: 1 })

	expect(await inspectPdf(makeBoxPdf({ pages: 1000 }))).toEqual({ pages: 1000 })
	expect(await problemOf(inspectPdf(makeBoxPdf({ pages: 1001 })))).toBe('too-many-pages')

	const pdf = await makePdf('Bülten')
	const brokenXref = Buffer.from(pdf.toString('latin1').replace(/startxref\s+\d+/, 'startxref\n999999'), 'latin1')
	expect(await inspectPdf(brokenXref)).toEqual({ pages: 1 })
	for (const bytes of [Buffer.alloc(0), Buffer.from('%PDF-1.7\n'), Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5000, 0x41)])])
		expect(await problemOf(inspectPdf(bytes))).toBe('unreadable')
})
