import type { SessionUser } from '#app/lib/auth.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { msg } from '#app/lib/messages.ts'
import { OrderMismatchError } from '#app/lib/ordering.ts'
import { isUserError, toUserMessage } from '#app/lib/user-message.server.ts'
import { failure, type ActionResult } from './admin-result.ts'

/** What an admin section's server side gets for a request. */
export type AdminContext = { user: SessionUser; url: URL; requestId: string }

/**
 * One admin section on the server: what its screen needs (`load`) and what
 * it does with a posted form (`act`, by `intent`). Rules live in the entity
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

/**
 * A user-facing reason for an error, always Turkish (see toUserMessage):
 * what follows a spec prefix such as "Silinemedi: ". With the request id,
 * an unknown error's text carries it, to match the log line.
 */
export function describeError(error: unknown, requestId?: string): string {
	return toUserMessage(error, { requestId })
}

/**
 * Runs an admin write and turns a thrown error into the spec's refusal
 * (e.g. "Silinemedi: …"), logged with the request id.
 */
export async function guarded(ctx: AdminContext, prefix: string, run: () => Promise<ActionResult>): Promise<ActionResult> {
	try {
		return await run()
	} catch (error) {
		const userError = isUserError(error)
		if (!userError) logger.error({ err: error, requestId: ctx.requestId }, `admin action failed: ${prefix}`)
		return failure(userError ? 400 : 500, `${prefix}${describeError(error, ctx.requestId)}`)
	}
}

/** The `delete` intent every section has: the posted id, then the entity's delete, refused as "Silinemedi: …". */
export function deleteIntent(
	form: FormData,
	ctx: AdminContext,
	prefix: string,
	remove: (id: number) => Promise<void>,
): Promise<ActionResult> {
	const id = formId(form)
	if (id === null) return Promise.resolve(failure(400, `${prefix}${msg.admin.invalidRecord}`))
	return guarded(ctx, prefix, async () => {
		await remove(id)
		return { ok: true }
	})
}

/** An unknown intent: the form came from somewhere else. */
export function unknownIntent(intent: string): ActionResult {
	return failure(400, msg.admin.unknownIntent(intent.slice(0, 40)))
}

/**
 * A `move` or `reorder` intent: done, or the spec's "Sıralama kaydedilemedi!"
 * (409 when the list changed meanwhile, so the posted order is outdated).
 */
export async function orderIntent(ctx: AdminContext, run: (() => Promise<void>) | null): Promise<ActionResult> {
	if (!run) return failure(400, msg.admin.reorderFailed)
	try {
		await run()
		return { ok: true }
	} catch (error) {
		if (error instanceof OrderMismatchError) return failure(409, msg.admin.reorderFailed)
		logger.error({ err: error, requestId: ctx.requestId }, 'admin reorder failed')
		return failure(500, msg.admin.reorderFailed)
	}
}

/**
 * What a section's screen reads, or, when reading fails, `fallback` and the
 * line the panel shows (e.g. "Ödüller yüklenemedi: …"), logged with the request id.
 */
export async function loadOrError<T>(
	ctx: Pick<AdminContext, 'requestId'>,
	prefix: string,
	read: () => Promise<T>,
	fallback: T,
): Promise<{ value: T; loadError: string | null }> {
	try {
		return { value: await read(), loadError: null }
	} catch (error) {
		logger.error({ err: error, requestId: ctx.requestId }, `admin list failed: ${prefix}`)
		return { value: fallback, loadError: `${prefix}${describeError(error, ctx.requestId)}` }
	}
}

/** The row `?edit=` opens, or null. */
export function editingRow<Row extends { id: number }>(url: URL, rows: ReadonlyArray<Row>): Row | null {
	const id = editId(url)
	return id === null ? null : (rows.find((row) => row.id === id) ?? null)
}
