import path from 'node:path'
import fc from 'fast-check'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { makeManyFrameGif, makeManyFrameWebp, makePngBomb, vp8lChunk } from '#tests/fixtures/bombs.ts'
import { makeTempDir } from '#tests/setup/db.ts'
import {
	MAX_FRAMES,
	MAX_INPUT_PIXELS,
	MAX_INPUT_SIDE,
	MAX_STORED_HEIGHT,
	MAX_STORED_WIDTH,
	MAX_WHOLE_FRAME_PIXELS,
} from './images.server.ts'
import { createDiskStorage } from './storage.server.ts'
import { storeImageUpload, UploadError } from './uploads.server.ts'

const MB = 1024 * 1024
const file = (bytes: Uint8Array, name: string) => new File([Buffer.from(bytes)], name)
const newStorage = () => createDiskStorage(path.join(makeTempDir('site-img-'), 'media'))

const tile = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c9a227' } })
	.webp({ lossless: true })
	.toBuffer()
const frame = { vp8l: vp8lChunk(tile), width: 16, height: 16 }

/** What storing an upload came to: its size, or the Turkish reason it was refused. */
async function outcome(bytes: Uint8Array, storage = newStorage()) {
	return storeImageUpload(file(bytes, 'gorsel'), { folder: 'events', storage }).then(
		(stored) => ({ width: stored.width, height: stored.height }),
		(error: unknown) => ({ refused: error instanceof UploadError ? error.message : `not an UploadError: ${String(error)}` }),
	)
}

const tooManyPixels = (limit: number) => ({ refused: `Görselin boyutları çok büyük (en fazla ${limit / 1_000_000} megapiksel).` })
const tooLong = { refused: 'Görselin bir kenarı en fazla 20.000 piksel olabilir.' }

test('refuses a PNG bomb (30000×30000 pixels of zeros in under a megabyte) from its header, without the memory growing', async () => {
	await outcome(makePngBomb(64, 64))
	const bomb = makePngBomb(30_000, 30_000)
	expect(bomb.length).toBeLessThan(1 * MB)
	const storage = newStorage()
	const before = process.memoryUsage().rss
	expect(await outcome(bomb, storage)).toEqual(tooManyPixels(MAX_INPUT_PIXELS))
	expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB)
	expect(await storage.list()).toEqual([])
})

test('accepts exactly the PNGs and animated WebPs within their pixel and side limits and stores them within 2400×9600', async () => {
	const side = fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1000, max: 200_000 }))
	await fc.assert(
		fc.asyncProperty(fc.constantFrom('png', 'animated-webp'), side, side, async (format, width, height) => {
			const webp = format === 'animated-webp'
			// A WebP canvas is 16383 pixels a side at most, and holds the 16×16 frames.
			const [w = 0, h = 0] = webp ? [width, height].map((s) => Math.min(Math.max(s, 16), 16_383)) : [width, height]
			const bytes = webp ? makeManyFrameWebp(w, h, 3, frame) : makePngBomb(w, h)
			const limit = webp ? MAX_WHOLE_FRAME_PIXELS : MAX_INPUT_PIXELS
			const scale = Math.min(1, MAX_STORED_WIDTH / w, MAX_STORED_HEIGHT / h)
			const expected =
				w * h > limit
					? tooManyPixels(limit)
					: Math.max(w, h) > MAX_INPUT_SIDE
						? tooLong
						: { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) }
			expect(await outcome(bytes)).toEqual(expected)
		}),
		{
			numRuns: 20,
			examples: [
				['png', 2000, 20_000],
				['png', 6325, 6325],
				['png', 1, 20_001],
				['animated-webp', 3465, 3464],
			],
		},
	)
})

test('refuses a GIF whose frames claim a 6000×6000 screen, and an animation of more than 1000 frames, before decoding them', async () => {
	const storage = newStorage()
	const before = process.memoryUsage().rss
	const gif = makeManyFrameGif(6000, 6000, 50_000, { fullFrames: true })
	expect(gif.length).toBeLessThan(2 * MB)
	expect(await outcome(gif, storage)).toEqual(tooManyPixels(MAX_WHOLE_FRAME_PIXELS))
	const frames = { refused: `Hareketli görsel en fazla ${MAX_FRAMES} kare olabilir.` }
	expect(await outcome(makeManyFrameGif(300, 300, MAX_FRAMES + 1), storage)).toEqual(frames)
	expect(await outcome(makeManyFrameWebp(2000, 2000, 20_000, frame), storage)).toEqual(frames)
	expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB)
	expect(await storage.list()).toEqual([])
	expect(await outcome(makeManyFrameGif(300, 200, MAX_FRAMES))).toEqual({ width: 300, height: 200 })
	expect(await outcome(makeManyFrameWebp(2000, 1000, MAX_FRAMES, frame))).toEqual({ width: 2000, height: 1000 })
})

test('refuses an AVIF whose header claims 60000×60000 pixels by the whole-frame limit', async () => {
	const avif = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#13294b' } })
		.avif()
		.toBuffer()
	expect(await outcome(avif)).toEqual({ width: 64, height: 64 })
	const ispe = avif.indexOf(Buffer.from('ispe'))
	const bomb = Buffer.from(avif)
	bomb.writeUInt32BE(60_000, ispe + 8)
	bomb.writeUInt32BE(60_000, ispe + 12)
	expect(await outcome(bomb)).toEqual(tooManyPixels(MAX_WHOLE_FRAME_PIXELS))
})
