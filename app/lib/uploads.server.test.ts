import path from 'node:path'
import zlib from 'node:zlib'
import fc from 'fast-check'
import * as mupdf from 'mupdf'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { makeBoxPdf } from '#tests/fixtures/bombs.ts'
import { makePdf } from '#tests/fixtures/files.ts'
import { expectTurkish, UPLOAD_MESSAGES } from '#tests/fixtures/turkish.ts'
import { makeTempDir } from '#tests/setup/db.ts'
import { createDiskStorage } from './storage.server.ts'
import { readImageUpload, readPdfUpload, sniffType, storeImageUpload, UploadError } from './uploads.server.ts'

const png = () =>
	sharp({ create: { width: 40, height: 30, channels: 3, background: '#13294b' } })
		.png()
		.toBuffer()
const jpeg = () =>
	sharp({ create: { width: 400, height: 300, channels: 3, background: '#c9a227' } })
		.jpeg()
		.toBuffer()
const MINIMAL_PDF = await makePdf()
const file = (bytes: Uint8Array, name: string, type = 'application/octet-stream') => new File([Buffer.from(bytes)], name, { type })

async function expectRefusal(promise: Promise<unknown>, message: RegExp) {
	const error = await promise.then(
		() => null,
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(UploadError)
	expect((error as Error).message).toMatch(message)
}

test('recognises files by their first bytes, whatever their name says', async () => {
	expect(sniffType(await png())).toBe('image/png')
	expect(sniffType(await jpeg())).toBe('image/jpeg')
	expect(
		sniffType(
			await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
				.webp()
				.toBuffer(),
		),
	).toBe('image/webp')
	expect(
		sniffType(
			await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
				.gif()
				.toBuffer(),
		),
	).toBe('image/gif')
	expect(sniffType(MINIMAL_PDF)).toBe('application/pdf')
	expect(sniffType(Buffer.from('\uFEFF  <?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('image/svg+xml')
	expect(sniffType(Buffer.from('<!DOCTYPE html><script>alert(1)</script>'))).toBe('text/html')
	expect(sniffType(Buffer.from('merhaba dünya'))).toBeNull()
})

test('refuses a PNG renamed .pdf and a PDF renamed .png', async () => {
	await expectRefusal(readPdfUpload(file(await png(), 'bulten.pdf', 'application/pdf')), /bir PDF değil/)
	await expectRefusal(readImageUpload(file(MINIMAL_PDF, 'kapak.png', 'image/png')), /bir görsel değil/)
	expect((await readPdfUpload(file(MINIMAL_PDF, 'bulten.pdf'))).length).toBe(MINIMAL_PDF.length)
})

test('refuses SVG (scripts can hide in it), HTML, empty and oversized files', async () => {
	const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>')
	await expectRefusal(readImageUpload(file(svg, 'logo.svg', 'image/svg+xml')), /SVG dosyaları/)
	await expectRefusal(readImageUpload(file(svg, 'logo.png', 'image/png')), /SVG dosyaları/)
	await expectRefusal(readImageUpload(file(Buffer.from('<html><script>x</script></html>'), 'a.jpg')), /bir görsel değil/)
	await expectRefusal(readImageUpload(file(new Uint8Array(0), 'bos.jpg')), /boş/)
	const big = new Uint8Array(15 * 1024 * 1024 + 1)
	big.set([0xff, 0xd8, 0xff])
	await expectRefusal(readImageUpload(file(big, 'buyuk.jpg')), /en fazla 15 MB/)
	await expectRefusal(
		readPdfUpload(file(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(30 * 1024 * 1024)]), 'buyuk.pdf')),
		/en fazla 30 MB/,
	)
	await expectRefusal(readPdfUpload(file(Buffer.from('%PDF-1.7\nbu bir pdf değil'), 'sahte.pdf')), /PDF açılamadı/)
})

test('refuses a truncated JPEG and a decompression bomb without decoding it', async () => {
	const storage = createDiskStorage(path.join(makeTempDir('site-up-'), 'media'))
	const whole = await jpeg()
	await expectRefusal(
		storeImageUpload(file(whole.subarray(0, Math.floor(whole.length / 3)), 'yarim.jpg'), { folder: 'events', storage }),
		/okunamadı/,
	)

	const bomb = Buffer.from(await png())
	bomb.writeUInt32BE(20_000, 16)
	bomb.writeUInt32BE(20_000, 20)
	bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29)
	const before = process.memoryUsage().rss
	await expectRefusal(storeImageUpload(file(bomb, 'bomba.png'), { folder: 'events', storage }), /megapiksel/)
	expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024)
	expect(await storage.list()).toEqual([])
})

test('applies orientation, strips EXIF (GPS included) and makes WebP variants', async () => {
	const storage = createDiskStorage(path.join(makeTempDir('site-up-'), 'media'))
	const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#336b87' } })
		.jpeg()
		.withExif({
			IFD0: { Make: 'Telefon', Model: 'Kamera' },
			IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 2/1 45/1', GPSLongitudeRef: 'E', GPSLongitude: '28/1 59/1 17/1' },
		})
		.withMetadata({ orientation: 6 })
		.toBuffer()
	const original = await sharp(photo).metadata()
	expect(original.orientation).toBe(6)
	expect(original.exif?.includes(Buffer.from([0x88, 0x25])) || original.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true)
	const stored = await storeImageUpload(file(photo, 'IMG_1234.JPG', 'image/jpeg'), { folder: 'events', storage })
	expect(stored.key).toMatch(/^events\/\d+-[0-9a-f]{8}-800x1200\.jpg$/)
	expect([stored.width, stored.height]).toEqual([800, 1200])
	const saved = await storage.get(stored.key)
	const meta = await sharp(saved!.body).metadata()
	expect(meta.exif).toBeUndefined()
	expect(meta.orientation ?? 1).toBe(1)
	const keys = await storage.list('events/')
	expect(keys.filter((k) => k.endsWith('.webp'))).toEqual([
		stored.key.replace('.jpg', '.w320.webp'),
		stored.key.replace('.jpg', '.w640.webp'),
		stored.key.replace('.jpg', '.w800.webp'),
	])
	const variant = await storage.get(stored.key.replace('.jpg', '.w320.webp'))
	expect((await sharp(variant!.body).metadata()).exif).toBeUndefined()
})

test('answers any damaged, truncated or disguised file with one of the known Turkish reasons, never a library’s message', async () => {
	const storage = createDiskStorage(path.join(makeTempDir('site-up-'), 'media'))
	const base = sharp({ create: { width: 120, height: 80, channels: 3, background: '#1f3a66' } })
	const originals = {
		jpeg: await base.clone().jpeg().toBuffer(),
		png: await base.clone().png().toBuffer(),
		webp: await base.clone().webp().toBuffer(),
		gif: await base.clone().gif().toBuffer(),
		avif: await base.clone().avif().toBuffer(),
		pdf: await makePdf('Bülten'),
	}
	const magic = {
		jpeg: [0xff, 0xd8, 0xff, 0xe0],
		png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
		gif: [...Buffer.from('GIF89a')],
		webp: [...Buffer.from('RIFF\0\0\0\0WEBPVP8 ')],
		avif: [0, 0, 0, 0x1c, ...Buffer.from('ftypavif')],
		pdf: [...Buffer.from('%PDF-1.7\n')],
	}
	const mutation = fc.oneof(
		fc.record({ kind: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
		fc.record({
			kind: fc.constant('flip' as const),
			at: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 8 }),
			byte: fc.integer({ min: 0, max: 255 }),
		}),
		fc.record({ kind: fc.constant('garbage' as const), bytes: fc.uint8Array({ minLength: 0, maxLength: 2000 }) }),
	)
	await fc.assert(
		fc.asyncProperty(fc.constantFrom(...(Object.keys(originals) as Array<keyof typeof originals>)), mutation, async (format, change) => {
			const original = originals[format]
			let bytes: Buffer
			if (change.kind === 'truncate') bytes = original.subarray(0, Math.floor(original.length * change.at))
			else if (change.kind === 'garbage') bytes = Buffer.concat([Buffer.from(magic[format]), change.bytes])
			else {
				bytes = Buffer.from(original)
				for (const at of change.at) bytes[Math.min(bytes.length - 1, Math.floor(bytes.length * at))] = change.byte
			}
			const upload = file(bytes, `dosya.${format}`)
			const result = await (format === 'pdf' ? readPdfUpload(upload) : storeImageUpload(upload, { folder: 'events', storage })).then(
				() => 'accepted',
				(error: unknown) => error,
			)
			const message = result === 'accepted' ? UPLOAD_MESSAGES[0] : (result as Error).message
			expect(result === 'accepted' || result instanceof UploadError, String(result)).toBe(true)
			expect(UPLOAD_MESSAGES).toContain(message)
			expectTurkish(message)
		}),
		{ numRuns: 150 },
	)
})

test('refuses TIFF, HEIC, BMP and PSD files, password-protected PDFs and PDF bombs with their own Turkish reasons', async () => {
	const notImage = 'Bu dosya bir görsel değil. JPEG, PNG, WebP, GIF veya AVIF yükleyebilirsiniz.'
	const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
		.tiff()
		.toBuffer()
	for (const [name, bytes] of [
		['kapak.tiff', tiff],
		['kapak.heic', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheicmif1heic'), Buffer.alloc(100)])],
		['kapak.bmp', Buffer.concat([Buffer.from('BM'), Buffer.alloc(100)])],
		['kapak.psd', Buffer.concat([Buffer.from('8BPS'), Buffer.alloc(100)])],
	] as const)
		await expectRefusal(readImageUpload(file(bytes, name)), new RegExp(`^${notImage.replace(/\./g, '\\.')}$`))

	const doc = new mupdf.PDFDocument()
	doc.insertPage(-1, doc.addPage([0, 0, 420, 595], 0, null, 'BT ET'))
	const locked = doc.saveToBuffer('encrypt=aes-256,user-password=gizli').asUint8Array().slice()
	await expectRefusal(readPdfUpload(file(locked, 'gizli.pdf')), /^PDF parola korumalı; lütfen parolasız bir kopyasını yükleyin\.$/)
	await expectRefusal(
		readPdfUpload(file(makeBoxPdf({ mediaBox: [0, 0, 14_400, 200_000] }), 'uzun.pdf')),
		/^PDF’in sayfa boyutları geçersiz/,
	)
	await expectRefusal(readPdfUpload(file(makeBoxPdf({ pages: 1001 }), 'kalin.pdf')), /^PDF en fazla 1000 sayfa olabilir\.$/)
	await expectRefusal(readPdfUpload(file(new Uint8Array(0), 'bos.pdf')), /^Seçilen dosya boş\.$/)
})
