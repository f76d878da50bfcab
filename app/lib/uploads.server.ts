import { ImageDecodeError, storeImage, type StoredImage } from './images.server.ts'
import { msg } from './messages.ts'
import { inspectPdf, PdfError } from './pdf.server.ts'
import type { StorageDriver } from './storage-driver.server.ts'
import { imageProblemMessage, pdfProblemMessage, UserFacingError } from './user-message.server.ts'

/**
 * Uploads are judged by their content (magic bytes), never by their name or
 * the type the browser claimed. Images are decoded and re-encoded (which
 * also drops anything hidden in them); PDFs must open as PDFs.
 */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024
export const MAX_PDF_BYTES = 30 * 1024 * 1024

/** A refused upload; its message is Turkish and names the reason (shown at the field). */
export class UploadError extends UserFacingError {
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

/** Accepted image types and the format sharp must then find in the file (AVIF is HEIF to libvips). */
const IMAGE_FORMATS = new Map<SniffedType, string>([
	['image/jpeg', 'jpeg'],
	['image/png', 'png'],
	['image/gif', 'gif'],
	['image/webp', 'webp'],
	['image/avif', 'heif'],
])

/** A submitted file field, or null when the field is empty (no file chosen). */
export function fileFrom(value: FormDataEntryValue | null | undefined): File | null {
	if (!value || typeof value === 'string') return null
	if (value.size === 0 && !value.name) return null
	return value
}

async function readBytes(file: File, limit: number, tooLarge: string) {
	if (file.size > limit) throw new UploadError(tooLarge)
	const bytes = new Uint8Array(await file.arrayBuffer())
	if (bytes.length === 0) throw new UploadError(msg.uploads.empty)
	if (bytes.length > limit) throw new UploadError(tooLarge)
	return bytes
}

/** Checks an image upload by content and returns its bytes; Turkish messages for people. */
export async function readImageUpload(file: File): Promise<Uint8Array> {
	return (await readImage(file)).bytes
}

async function readImage(file: File) {
	const bytes = await readBytes(file, MAX_IMAGE_BYTES, msg.uploads.imageTooLarge)
	const type = sniffType(bytes)
	if (type === 'image/svg+xml') throw new UploadError(msg.uploads.svgRefused)
	const format = type && IMAGE_FORMATS.get(type)
	if (!format) throw new UploadError(msg.uploads.notImage)
	return { bytes, format }
}

/**
 * Checks a PDF upload by content: the header, then (in the PDF worker, with
 * its deadline and memory cap) that it opens without a password, has 1 to
 * 1000 pages and no page beyond the format's size limit.
 */
export async function readPdfUpload(file: File): Promise<Uint8Array> {
	const bytes = await readBytes(file, MAX_PDF_BYTES, msg.uploads.pdfTooLarge)
	if (sniffType(bytes) !== 'application/pdf') throw new UploadError(msg.uploads.notPdf)
	try {
		await inspectPdf(bytes)
	} catch (error) {
		if (error instanceof PdfError) throw new UploadError(pdfProblemMessage(error.problem), { cause: error })
		throw error
	}
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
	const { bytes, format } = await readImage(file)
	try {
		return await storeImage(bytes, { ...options, formats: [format] })
	} catch (error) {
		if (!(error instanceof ImageDecodeError)) throw error
		throw new UploadError(imageProblemMessage(error), { cause: error })
	}
}
