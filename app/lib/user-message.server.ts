import { isUniqueViolation } from './db-utils.server.ts'
import { ImageDecodeError, MAX_INPUT_PIXELS } from './images.server.ts'
import { msg } from './messages.ts'
import { PDF_LIMITS, PdfError } from './pdf.server.ts'
import type { PdfProblem } from './pdf-worker.server.ts'
import { StorageError } from './storage-driver.server.ts'

/**
 * The one door from a thrown error to the text a person reads. Libraries
 * (sharp, mupdf, pdfkit, the disk and S3 drivers, zod, the databases) throw
 * English, and sometimes echo paths or keys: none of that reaches a
 * response. Known cases get a specific Turkish sentence, anything else a
 * generic one; the caller logs the original with the request id.
 */

/** An error whose message is written for people, in Turkish: shown as it is. */
export class UserFacingError extends Error {
	override name = 'UserFacingError'
}

/** Every fixed string of messages.ts: an error carrying one of them was written for people. */
const MESSAGE_TEXTS = (() => {
	const texts = new Set<string>()
	const walk = (value: unknown) => {
		if (typeof value === 'string') texts.add(value)
		else if (value && typeof value === 'object') for (const inner of Object.values(value)) walk(inner)
	}
	walk(msg)
	return texts
})()

export function pdfProblemMessage(problem: PdfProblem): string {
	switch (problem) {
		case 'encrypted':
			return msg.uploads.pdfEncrypted
		case 'too-many-pages':
			return msg.uploads.pdfTooManyPages(PDF_LIMITS.maxPages)
		case 'page-size':
			return msg.uploads.pdfPageSize
		case 'timeout':
		case 'memory':
			return msg.uploads.pdfTooComplex
		case 'unreadable':
		case 'no-pages':
		case 'crashed':
			return msg.uploads.pdfUnreadable
	}
}

export function imageProblemMessage(error: ImageDecodeError): string {
	const { problem } = error
	switch (problem.reason) {
		case 'too-many-pixels':
			return msg.uploads.imageTooManyPixels(problem.megapixels)
		case 'too-long':
			return msg.uploads.imageTooLong(problem.pixels)
		case 'too-many-frames':
			return msg.uploads.imageTooManyFrames(problem.frames)
		case 'unreadable':
			return msg.uploads.imageUnreadable
	}
}

// Maps, not objects: an error's code or name is any string, `toString` and `constructor` included.
const SYSTEM_CODES = new Map<string, string>(
	Object.entries({
		ENOSPC: msg.errors.storageFull,
		EDQUOT: msg.errors.storageFull,
		EFBIG: msg.errors.storageFull,
		EACCES: msg.errors.storageDenied,
		EPERM: msg.errors.storageDenied,
		EROFS: msg.errors.storageDenied,
		EMFILE: msg.errors.busy,
		ENFILE: msg.errors.busy,
		ECONNREFUSED: msg.errors.unreachable,
		ECONNRESET: msg.errors.unreachable,
		ETIMEDOUT: msg.errors.unreachable,
		ENOTFOUND: msg.errors.unreachable,
		EAI_AGAIN: msg.errors.unreachable,
		EHOSTUNREACH: msg.errors.unreachable,
		ENETUNREACH: msg.errors.unreachable,
		EPIPE: msg.errors.unreachable,
		UND_ERR_CONNECT_TIMEOUT: msg.errors.unreachable,
		UND_ERR_SOCKET: msg.errors.unreachable,
		// SQLite: the database is locked or busy; PostgreSQL: serialization, deadlock, lock or statement timeout.
		SQLITE_BUSY: msg.errors.busy,
		SQLITE_LOCKED: msg.errors.busy,
		'40001': msg.errors.busy,
		'40P01': msg.errors.busy,
		'55P03': msg.errors.busy,
		'57014': msg.errors.busy,
		'53300': msg.errors.busy,
	}),
)

const S3_NAMES = new Map<string, string>(
	Object.entries({
		NoSuchBucket: msg.errors.storageMissing,
		AccessDenied: msg.errors.storageDenied,
		InvalidAccessKeyId: msg.errors.storageDenied,
		SignatureDoesNotMatch: msg.errors.storageDenied,
		ExpiredToken: msg.errors.storageDenied,
		SlowDown: msg.errors.busy,
		ServiceUnavailable: msg.errors.busy,
		RequestTimeout: msg.errors.unreachable,
		TimeoutError: msg.errors.unreachable,
	}),
)

type ErrorLike = {
	name?: unknown
	message?: unknown
	code?: unknown
	errcode?: unknown
	issues?: unknown
	cause?: unknown
	$metadata?: unknown
}

/** The Turkish text for a known error, or null. */
function knownMessage(error: unknown, depth = 0): string | null {
	if (error instanceof UserFacingError) return error.message
	if (error instanceof PdfError) return pdfProblemMessage(error.problem)
	if (error instanceof ImageDecodeError) return imageProblemMessage(error)
	if (error instanceof StorageError) {
		if (/already exists/i.test(error.message)) return msg.errors.fileExists
		if (/invalid media key/i.test(error.message)) return msg.errors.fileName
		return msg.errors.storageWrite
	}
	if (!error || typeof error !== 'object') return null
	const e = error as ErrorLike
	const message = typeof e.message === 'string' ? e.message : ''
	if (MESSAGE_TEXTS.has(message)) return message
	// zod: its own messages are English; the schemas' custom ones are in messages.ts.
	if (Array.isArray(e.issues)) {
		const first = (e.issues as Array<{ message?: unknown }>)[0]?.message
		return typeof first === 'string' && MESSAGE_TEXTS.has(first) ? first : msg.errors.invalidInput
	}
	if (isUniqueViolation(error)) return msg.errors.duplicate
	if (e.errcode === 5 || e.errcode === 6 || /database is locked/i.test(message)) return msg.errors.busy
	const byCode = typeof e.code === 'string' ? SYSTEM_CODES.get(e.code) : undefined
	if (byCode) return byCode
	// AWS SDK errors carry $metadata; the S3 error code is their name.
	if (e.$metadata && typeof e.$metadata === 'object') {
		const name = typeof e.name === 'string' ? e.name : ''
		return S3_NAMES.get(name) ?? msg.errors.storageWrite
	}
	// sharp (libvips) outside the upload path, e.g. a drawn cover.
	if (/exceeds pixel limit/i.test(message)) return msg.uploads.imageTooManyPixels(Math.round(MAX_INPUT_PIXELS / 1_000_000))
	if (/^(Input (buffer|file|image)|VipsJpeg|vipspng|gifload|webpload|heifload|pngload|jpegload|Unsupported image)/i.test(message))
		return msg.uploads.imageUnreadable
	// pdfkit and fontkit, drawing a PDF.
	if (/unknown font format|no unicode cmap|fontkit|PDFDocument/i.test(message)) return msg.errors.documentFailed
	if (message === 'fetch failed') return msg.errors.unreachable
	// An error wrapping another (a field's upload error): its cause may be known.
	if (e.cause !== undefined && depth < 3) return knownMessage(e.cause, depth + 1)
	return null
}

/** Whether an error says something about the request (a refused file), not a fault of the site. */
export function isUserError(error: unknown): boolean {
	return error instanceof UserFacingError
}

/**
 * What a person is told about `error`: a specific Turkish sentence for the
 * cases above, otherwise "Beklenmeyen bir hata oluştu" with the request id
 * (the log line an operator looks for).
 */
export function toUserMessage(error: unknown, context: { requestId?: string } = {}): string {
	const known = knownMessage(error)
	if (known) return known
	const id = context.requestId?.replace(/[^a-z0-9-]/gi, '').slice(0, 40)
	return id ? msg.errors.unexpectedWithId(id) : msg.errors.unexpected
}
