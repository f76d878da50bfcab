import crypto from 'node:crypto'
import { parseKeySize, VARIANT_WIDTHS, variantWidthsFor } from './media.ts'
import type { StorageDriver } from './storage-driver.server.ts'
import { getStorage } from './storage.server.ts'

/** Refuses decompression bombs before decoding: at most 40 megapixels. */
export const MAX_INPUT_PIXELS = 40_000_000
/**
 * GIF, animated WebP and AVIF are decoded a whole frame at a time (no
 * streaming, no shrink on load): 12 megapixels keeps one such frame under
 * about 100 MB of memory.
 */
export const MAX_WHOLE_FRAME_PIXELS = 12_000_000
/** A longer side takes libvips seconds to shrink (a 1×39 000 000 PNG: 18 s); no real picture needs it. */
export const MAX_INPUT_SIDE = 20_000
/** Only the first frame of an animation is kept, but every frame is parsed: more than this is refused. */
export const MAX_FRAMES = 1000
/** Stored originals fit in this box; a very tall image is shrunk to it (JPEG and WebP cannot exceed 65 535 / 16 383 pixels). */
export const MAX_STORED_WIDTH = 2400
export const MAX_STORED_HEIGHT = 9600

/** The options every sharp() call on an uploaded (or derived) image gets: the pixel limit, and fail on damaged data. */
const DECODE = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const

type DecodeProblem =
	| { reason: 'too-many-pixels'; megapixels: number }
	| { reason: 'too-long'; pixels: number }
	| { reason: 'too-many-frames'; frames: number }
	| { reason: 'unreadable' }

/** An image sharp could not take: too many pixels or frames, or not readable as an image of an accepted format. */
export class ImageDecodeError extends Error {
	override name = 'ImageDecodeError'
	readonly problem: DecodeProblem

	constructor(problem: DecodeProblem, detail: string, options?: { cause?: unknown }) {
		super(`image ${problem.reason}: ${detail}`, options)
		this.problem = problem
	}
}

const megapixels = (pixels: number) => Math.round(pixels / 1_000_000)

type Sharp = typeof import('sharp').default
let sharpModule: Promise<Sharp> | undefined
/** sharp, loaded on first use (the server should not carry libvips until someone uploads), without its operation cache: every upload is a new image, and the cache only keeps memory. */
function loadSharp() {
	sharpModule ??= import('sharp').then(({ default: sharp }) => {
		sharp.cache(false)
		return sharp
	})
	return sharpModule
}

export type StoredImage = { key: string; width: number; height: number }

type StoreImageOptions = {
	folder: string
	/** File name stem; defaults to `<timestamp>-<random>` (spec §5). */
	stem?: string
	overwrite?: boolean
	durable?: boolean
	storage?: StorageDriver
	/** The formats sharp must find (e.g. uploads: what the sniffed magic bytes promised); any when unset. */
	formats?: ReadonlyArray<string>
}

export function randomStem() {
	return `${Date.now()}-${crypto.randomBytes(4).toString('hex')}`
}

/**
 * Stores an image the way every page expects it: orientation applied,
 * metadata (GPS included) stripped, a re-encoded original whose key carries
 * its size (`…-1600x900.jpg`), and WebP variants for `srcset`.
 */
export async function storeImage(input: Uint8Array, options: StoreImageOptions): Promise<StoredImage> {
	return putImage(await encodeImage(input, options.formats), options)
}

/** An image as storeImage keeps it, before it is stored: the re-encoded original and its WebP variants. */
export type EncodedImage = {
	data: Buffer
	width: number
	height: number
	/** PNG when the image has an alpha channel, JPEG otherwise. */
	hasAlpha: boolean
	variants: Array<{ width: number; data: Buffer }>
}

/** Stores an encoded image and its variants under a new key (`…-WxH.jpg`); nothing stays behind when a write fails. */
export async function putImage(image: EncodedImage, options: Omit<StoreImageOptions, 'formats'>): Promise<StoredImage> {
	const storage = options.storage ?? getStorage()
	const { width, height, hasAlpha } = image
	const stem = `${options.stem ?? randomStem()}-${width}x${height}`
	const key = `${options.folder}/${stem}.${hasAlpha ? 'png' : 'jpg'}`
	const written: Array<string> = []
	try {
		const put = { overwrite: options.overwrite, durable: options.durable }
		await storage.put(key, image.data, { ...put, contentType: hasAlpha ? 'image/png' : 'image/jpeg' })
		written.push(key)
		for (const variant of image.variants) {
			const variantKey = `${options.folder}/${stem}.w${variant.width}.webp`
			await storage.put(variantKey, variant.data, { ...put, contentType: 'image/webp' })
			written.push(variantKey)
		}
	} catch (error) {
		await Promise.allSettled(written.map((k) => storage.remove(k)))
		throw error
	}
	return { key, width, height }
}

/**
 * Decodes and re-encodes an image, and makes its WebP variants, before
 * anything is stored: every failure here is the image's (ImageDecodeError),
 * never the storage's. `formats`: the formats sharp must find (any when unset).
 */
export async function encodeImage(input: Uint8Array, formats?: ReadonlyArray<string>): Promise<EncodedImage> {
	const sharp = await loadSharp()
	try {
		// The header alone (no pixel is decoded here), so the limit that applies to this format can be told.
		const meta = await sharp(input, { ...DECODE, limitInputPixels: false }).metadata()
		if (formats && !formats.includes(meta.format)) throw new ImageDecodeError({ reason: 'unreadable' }, `format ${meta.format}`)
		if (!meta.width || !meta.height) throw new ImageDecodeError({ reason: 'unreadable' }, 'no size')
		const frames = meta.pages ?? 1
		const wholeFrame = meta.format === 'gif' || meta.format === 'heif' || (meta.format === 'webp' && frames > 1)
		const limit = wholeFrame ? MAX_WHOLE_FRAME_PIXELS : MAX_INPUT_PIXELS
		if (meta.width * meta.height > limit)
			throw new ImageDecodeError({ reason: 'too-many-pixels', megapixels: megapixels(limit) }, `${meta.width}x${meta.height}`)
		if (Math.max(meta.width, meta.height) > MAX_INPUT_SIDE)
			throw new ImageDecodeError({ reason: 'too-long', pixels: MAX_INPUT_SIDE }, `${meta.width}x${meta.height}`)
		if (frames > MAX_FRAMES) throw new ImageDecodeError({ reason: 'too-many-frames', frames: MAX_FRAMES }, `${frames} frames`)
		// Decoding keeps sharp's own limit as a second guard.
		const image = sharp(input, DECODE).rotate()
		const hasAlpha = Boolean(meta.hasAlpha)
		const maxWidth = Math.max(VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] ?? 1600, MAX_STORED_WIDTH)
		const resized = image.resize({ width: maxWidth, height: MAX_STORED_HEIGHT, fit: 'inside', withoutEnlargement: true })
		const encoded = hasAlpha
			? await resized.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
			: await resized.jpeg({ quality: 82, progressive: true }).toBuffer({ resolveWithObject: true })
		const variants: Array<{ width: number; data: Buffer }> = []
		for (const width of variantWidthsFor(encoded.info.width)) {
			const data = await sharp(encoded.data, DECODE).resize({ width, withoutEnlargement: true }).webp({ quality: 74, effort: 3 }).toBuffer()
			variants.push({ width, data })
		}
		return { data: encoded.data, width: encoded.info.width, height: encoded.info.height, hasAlpha, variants }
	} catch (error) {
		if (error instanceof ImageDecodeError) throw error
		const detail = String((error as Error)?.message ?? error)
		const problem: DecodeProblem = /pixel limit/i.test(detail)
			? { reason: 'too-many-pixels', megapixels: megapixels(MAX_INPUT_PIXELS) }
			: { reason: 'unreadable' }
		throw new ImageDecodeError(problem, detail, { cause: error })
	}
}

/** Removes an image and all its variants. */
export async function removeImage(key: string, storage: StorageDriver = getStorage()) {
	const size = parseKeySize(key)
	const stemPath = key.replace(/\.(jpg|png)$/, '')
	const keys = [key, ...(size ? variantWidthsFor(size.width).map((w) => `${stemPath}.w${w}.webp`) : [])]
	await Promise.allSettled(keys.map((k) => storage.remove(k)))
}
