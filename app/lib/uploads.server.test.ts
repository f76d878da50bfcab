import path from 'node:path'
import zlib from 'node:zlib'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { makePdf } from '#tests/fixtures/files.ts'
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
