import { logger } from '#app/lib/logger.server.ts'
import { echoValues, failure, type ActionFailure } from './admin-result.ts'
import { discardStored } from './media.server.ts'
import { fileFrom, readPdfUpload, storeImageUpload, UploadError } from '#app/lib/uploads.server.ts'
import { getStorage } from '#app/lib/storage.server.ts'
import { toUserMessage } from '#app/lib/user-message.server.ts'

/**
 * What a form's file field does to an entity's stored file:
 * - `key`: the value to save (the new file, the current one, or null when removed)
 * - `stored`: files written for this save (discard them if the save fails)
 * - `replaced`: files no longer used once the save commits (delete them later)
 */
export type MediaChange = { key: string | null; stored: Array<string>; replaced: Array<string> }

type FieldNames = {
	/** The `<input type=file>` name, e.g. `cover_file`. */
	file: string
	/** The remove checkbox name, e.g. `cover_key_remove` (FilePicker posts `${keyName}_remove`). */
	remove?: string
}

const unchanged = (current: string | null): MediaChange => ({ key: current, stored: [], replaced: [] })

/**
 * An image field: a new upload (checked by content, processed, stored under
 * `folder`), a removal, or no change. The current value comes from the
 * database, never from the form, so a form cannot point a row at any file.
 */
export async function imageFieldChange(
	form: FormData,
	names: FieldNames,
	options: { folder: string; current: string | null; stem?: string; overwrite?: boolean },
): Promise<MediaChange> {
	const file = fileFrom(form.get(names.file))
	if (file) {
		const stored = await storeImageUpload(file, { folder: options.folder, stem: options.stem, overwrite: options.overwrite })
		const replaced = options.current && options.current !== stored.key ? [options.current] : []
		return { key: stored.key, stored: options.overwrite ? [] : [stored.key], replaced }
	}
	if (names.remove && form.get(names.remove) === 'on') return { key: null, stored: [], replaced: options.current ? [options.current] : [] }
	return unchanged(options.current)
}

/** A PDF field (bulletins): checked by content and stored as `folder/<stem>.pdf`. */
export async function pdfFieldChange(
	form: FormData,
	names: FieldNames,
	options: { folder: string; current: string | null; stem: string; required?: string },
): Promise<MediaChange & { bytes: Uint8Array | null }> {
	const file = fileFrom(form.get(names.file))
	if (!file) {
		if (!options.current && options.required) throw new UploadError(options.required)
		return { ...unchanged(options.current), bytes: null }
	}
	const bytes = await readPdfUpload(file)
	const key = `${options.folder}/${options.stem}.pdf`
	await getStorage().put(key, bytes, { contentType: 'application/pdf' })
	return { key, stored: [key], replaced: options.current && options.current !== key ? [options.current] : [], bytes }
}

/** Runs a save; if it throws, the files stored for it are removed so nothing is left orphaned. */
export async function withStoredFiles<T>(changes: Array<MediaChange>, save: () => Promise<T>): Promise<T> {
	try {
		return await save()
	} catch (error) {
		await discardStored(changes.flatMap((change) => change.stored))
		throw error
	}
}

/** An image field that could not be stored, with the field's name so the form can show it there. */
export class ImageFieldError extends Error {
	override name = 'ImageFieldError'
	readonly field: string
	override readonly cause: unknown

	constructor(field: string, cause: unknown) {
		// Turkish even here: the library's own words stay in `cause`, for the log.
		super(toUserMessage(cause))
		this.field = field
		this.cause = cause
	}
}

/**
 * Several image fields of one form (a cover and a hero background), stored
 * one after the other. When one fails, the files already stored for the
 * others are removed and the error names the field that failed.
 */
export async function imageFieldChanges(
	form: FormData,
	fields: Array<FieldNames & { folder: string; current: string | null }>,
): Promise<Array<MediaChange>> {
	const changes: Array<MediaChange> = []
	for (const field of fields) {
		try {
			changes.push(await imageFieldChange(form, field, field))
		} catch (error) {
			await discardStored(changes.flatMap((change) => change.stored))
			throw new ImageFieldError(field.file, error)
		}
	}
	return changes
}

/**
 * The image fields of a save, stored; a file that is refused or cannot be
 * stored becomes the save's refusal: `prefix` and the reason above the form,
 * the reason at its field, and everything typed echoed back. An unexpected
 * failure (not the file's fault) is logged with the request id.
 */
export async function storeImageFields(
	form: FormData,
	fields: Array<FieldNames & { folder: string; current: string | null }>,
	ctx: { requestId: string },
	prefix: string,
): Promise<{ ok: true; changes: Array<MediaChange> } | { ok: false; result: ActionFailure }> {
	try {
		return { ok: true, changes: await imageFieldChanges(form, fields) }
	} catch (error) {
		const cause = error instanceof ImageFieldError ? error.cause : error
		if (!(cause instanceof UploadError)) logger.error({ err: cause, requestId: ctx.requestId }, `admin upload failed: ${prefix}`)
		const reason = toUserMessage(cause, { requestId: ctx.requestId })
		return {
			ok: false,
			result: failure(cause instanceof UploadError ? 400 : 500, `${prefix}${reason}`, {
				fieldErrors: error instanceof ImageFieldError ? { [error.field]: reason } : {},
				values: echoValues(form),
			}),
		}
	}
}
