import { msg } from '#app/lib/messages.ts'
import { echoValues, failure, type ActionResult } from './admin-result.ts'
import { formId, guarded, type AdminContext } from './admin-tab.server.ts'
import { storeImageFields, withStoredFiles, type MediaChange } from './form-media.server.ts'

/**
 * The save of a form with one image field (a board photo, a book cover),
 * after its text has been checked: the row's current file is read from the
 * database (`undefined` when the posted id is no row), the upload stored or
 * refused at its field, then `save` runs with the change; a save that fails
 * leaves no stored file behind. Answers `{ ok: true, id }` or the refusal
 * (`prefix` and the reason) with everything typed.
 */
export async function saveWithImage(
	form: FormData,
	ctx: AdminContext,
	prefix: string,
	field: { file: string; remove: string; folder: string },
	row: {
		current: (id: number) => Promise<string | null | undefined>
		save: (id: number | null, image: MediaChange) => Promise<number>
	},
): Promise<ActionResult> {
	const id = formId(form)
	const current = id === null ? null : await row.current(id)
	if (current === undefined) return failure(404, `${prefix}${msg.validation.notFound}`, { values: echoValues(form) })
	const stored = await storeImageFields(form, [{ ...field, current }], ctx, prefix)
	if (!stored.ok) return stored.result
	const [image] = stored.changes as [MediaChange]
	return guarded(ctx, prefix, async () => ({ ok: true, id: await withStoredFiles([image], () => row.save(id, image)) }))
}
