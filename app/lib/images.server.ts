import crypto from 'node:crypto'
import { parseKeySize, VARIANT_WIDTHS, variantWidthsFor } from './media.ts'
import { getStorage, type StorageDriver } from './storage.server.ts'

/** Refuses decompression bombs before decoding: at most 40 megapixels. */
export const MAX_INPUT_PIXELS = 40_000_000

export type StoredImage = { key: string; width: number; height: number }

type StoreImageOptions = {
	folder: string
	/** File name stem; defaults to `<timestamp>-<random>` (spec §5). */
	stem?: string
	overwrite?: boolean
	durable?: boolean
	storage?: StorageDriver
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
	const storage = options.storage ?? getStorage()
	// Loaded on first use: the server should not carry libvips until someone uploads.
	const { default: sharp } = await import('sharp')
	const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate()
	const meta = await image.metadata()
	const hasAlpha = Boolean(meta.hasAlpha)
	const maxWidth = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] ?? 1600
	const resized = image.resize({ width: Math.max(maxWidth, 2400), withoutEnlargement: true })
	const encoded = hasAlpha
		? await resized.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
		: await resized.jpeg({ quality: 82, progressive: true }).toBuffer({ resolveWithObject: true })
	const { width, height } = encoded.info
	const stem = `${options.stem ?? randomStem()}-${width}x${height}`
	const key = `${options.folder}/${stem}.${hasAlpha ? 'png' : 'jpg'}`
	const written: Array<string> = []
	try {
		const put = { overwrite: options.overwrite, durable: options.durable }
		await storage.put(key, encoded.data, { ...put, contentType: hasAlpha ? 'image/png' : 'image/jpeg' })
		written.push(key)
		for (const w of variantWidthsFor(width)) {
			const variant = await sharp(encoded.data).resize({ width: w, withoutEnlargement: true }).webp({ quality: 74, effort: 3 }).toBuffer()
			const variantKey = `${options.folder}/${stem}.w${w}.webp`
			await storage.put(variantKey, variant, { ...put, contentType: 'image/webp' })
			written.push(variantKey)
		}
	} catch (error) {
		await Promise.allSettled(written.map((k) => storage.remove(k)))
		throw error
	}
	return { key, width, height }
}

/** Removes an image and all its variants. */
export async function removeImage(key: string, storage: StorageDriver = getStorage()) {
	const size = parseKeySize(key)
	const stemPath = key.replace(/\.(jpg|png)$/, '')
	const keys = [key, ...(size ? variantWidthsFor(size.width).map((w) => `${stemPath}.w${w}.webp`) : [])]
	await Promise.allSettled(keys.map((k) => storage.remove(k)))
}
