import type { SessionUser } from '#app/lib/auth.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { StorageError } from '#app/lib/storage.server.ts'
import { UploadError } from '#app/lib/uploads.server.ts'
import { failure, type ActionResult } from './admin-result.ts'

/** What an admin tab's server side gets for a request. */
export type AdminContext = { user: SessionUser; url: URL; requestId: string }

/**
 * One admin tab on the server: what its screen needs (`load`) and what it
 * does with a posted form (`act`, by `intent`). Rules live in the entity
 * modules; this is the admin's door to them.
 */
export type AdminTabServer<Data = unknown> = {
	load(ctx: AdminContext): Promise<Data>
	act(intent: string, form: FormData, ctx: AdminContext): Promise<ActionResult>
}

/** The numeric id of a posted form, or null. */
export function formId(form: FormData, name = 'id'): number | null {
	const value = form.get(name)
	if (typeof value !== 'string' || !/^\d{1,12}$/.test(value.trim())) return null
	return Number(value)
}

/** The numeric id in `?edit=`, or null. */
export function editId(url: URL): number | null {
	const value = url.searchParams.get('edit')
	return value && /^\d{1,12}$/.test(value) ? Number(value) : null
}

/** A user-facing reason for an error: upload and storage problems as they are, the rest as a short text. */
export function describeError(error: unknown): string {
	if (error instanceof UploadError) return error.message
	if (error instanceof StorageError)
		return error.message.includes('already exists') ? 'Bu adda bir dosya zaten var.' : 'Dosya deposuna yazılamadı.'
	const message = (error as { message?: unknown })?.message
	return typeof message === 'string' && message.length < 200 ? message : 'Beklenmeyen bir hata oluştu.'
}

/**
 * Runs an admin write and turns a thrown error into the spec's refusal
 * (e.g. "Silinemedi: …"), logged with the request id.
 */
export async function guarded(ctx: AdminContext, prefix: string, run: () => Promise<ActionResult>): Promise<ActionResult> {
	try {
		return await run()
	} catch (error) {
		if (!(error instanceof UploadError)) logger.error({ err: error, requestId: ctx.requestId }, `admin action failed: ${prefix}`)
		const status = error instanceof UploadError ? 400 : 500
		return failure(status, `${prefix}${describeError(error)}`)
	}
}

/** The `delete` intent every tab has: the posted id, then the entity's delete, refused as "Silinemedi: …". */
export function deleteIntent(
	form: FormData,
	ctx: AdminContext,
	prefix: string,
	remove: (id: number) => Promise<void>,
): Promise<ActionResult> {
	const id = formId(form)
	if (id === null) return Promise.resolve(failure(400, `${prefix}geçersiz kayıt`))
	return guarded(ctx, prefix, async () => {
		await remove(id)
		return { ok: true }
	})
}

/** An unknown intent: the form came from somewhere else. */
export function unknownIntent(intent: string): ActionResult {
	return failure(400, `Bilinmeyen işlem: ${intent.slice(0, 40)}`)
}
