import { MAX_INPUT_PIXELS, storeImage, type StoredImage } from './images.server.ts'
import type { StorageDriver } from './storage.server.ts'

/**
 * Uploads are judged by their content (magic bytes), never by their name or
 * the type the browser claimed. Images are decoded and re-encoded (which
 * also drops anything hidden in them); PDFs must open as PDFs.
 */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024
export const MAX_PDF_BYTES = 30 * 1024 * 1024

export class UploadError extends Error {
	override name = 'UploadError'
}

export type SniffedType =
	'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'image/avif' | 'application/pdf' | 'image/svg+xml' | 'text/html'

const startsWith = (bytes: Uint8Array, signature: Array<number>, offset = 0) => signature.every((b, i) => bytes[offset + i] === b)
const ascii = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1')

/** The type a file really is, from its first bytes; null when unknown. */
export function sniffType(bytes: Uint8Array): SniffedType | null {
	if (bytes.length < 4) return null
	if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
	if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
	if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'image/gif'
	if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp'
	if (ascii(bytes, 4, 8) === 'ftyp' && /^(avif|avis)$/.test(ascii(bytes, 8, 12))) return 'image/avif'
	if (ascii(bytes, 0, 5) === '%PDF-') return 'application/pdf'
	const bom = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0
	const head = ascii(bytes, bom, bom + 512)
		.trimStart()
		.toLowerCase()
	if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg')) || head.includes('<!doctype svg'))
		return 'image/svg+xml'
	if (head.startsWith('<!doctype html') || head.startsWith('<html') || head.startsWith('<script')) return 'text/html'
	return null
}

const IMAGE_TYPES = new Set<SniffedType>(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif'])

/** A submitted file field, or null when the field is empty (no file chosen). */
export function fileFrom(value: FormDataEntryValue | null | undefined): File | null {
	if (!value || typeof value === 'string') return null
	if (value.size === 0 && !value.name) return null
	return value
}

async function readBytes(file: File, limit: number, tooLarge: string) {
	if (file.size > limit) throw new UploadError(tooLarge)
	const bytes = new Uint8Array(await file.arrayBuffer())
	if (bytes.length === 0) throw new UploadError('Seçilen dosya boş.')
	if (bytes.length > limit) throw new UploadError(tooLarge)
	return bytes
}

/** Checks an image upload by content and returns its bytes; Turkish messages for people. */
export async function readImageUpload(file: File): Promise<Uint8Array> {
	const bytes = await readBytes(file, MAX_IMAGE_BYTES, 'Görsel en fazla 15 MB olabilir.')
	const type = sniffType(bytes)
	if (type === 'image/svg+xml')
		throw new UploadError('SVG dosyaları güvenlik nedeniyle kabul edilmiyor; lütfen JPEG, PNG veya WebP yükleyin.')
	if (!type || !IMAGE_TYPES.has(type)) throw new UploadError('Bu dosya bir görsel değil. JPEG, PNG, WebP, GIF veya AVIF yükleyebilirsiniz.')
	return bytes
}

/** Checks a PDF upload by content: the header, and that it opens with at least one page. */
export async function readPdfUpload(file: File): Promise<Uint8Array> {
	const bytes = await readBytes(file, MAX_PDF_BYTES, 'PDF en fazla 30 MB olabilir.')
	if (sniffType(bytes) !== 'application/pdf') throw new UploadError('Bu dosya bir PDF değil.')
	const { countPdfPages } = await import('./pdf.server.ts')
	const pages = await countPdfPages(bytes).catch(() => 0)
	if (pages < 1) throw new UploadError('PDF açılamadı; dosya bozuk olabilir.')
	return bytes
}

/**
 * Stores an image upload: checked by content, decoded with a pixel limit (a
 * decompression bomb is refused before it is expanded), orientation applied,
 * metadata (GPS included) dropped, WebP variants made.
 */
export async function storeImageUpload(
	file: File,
	options: { folder: string; stem?: string; overwrite?: boolean; storage?: StorageDriver },
): Promise<StoredImage> {
	const bytes = await readImageUpload(file)
	try {
		return await storeImage(bytes, options)
	} catch (error) {
		const message = (error as Error).message ?? ''
		if (/pixel limit|exceeds pixel/i.test(message)) {
			throw new UploadError(`Görselin boyutları çok büyük (en fazla ${Math.round(MAX_INPUT_PIXELS / 1_000_000)} megapiksel).`)
		}
		if (/corrupt|premature|truncated|unsupported image|bad seek|VipsJpeg|Input buffer|decode/i.test(message)) {
			throw new UploadError('Görsel okunamadı; dosya eksik ya da bozuk olabilir.')
		}
		throw error
	}
}
