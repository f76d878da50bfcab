import { echoValues, failure, firstIssues, type ActionResult } from '#app/features/admin/admin-result.ts'
import {
	type AdminContext,
	type AdminTabServer,
	deleteIntent,
	editingRow,
	formId,
	guarded,
	loadOrError,
	unknownIntent,
} from '#app/features/admin/admin-tab.server.ts'
import { formFields } from '#app/features/admin/schema-fields.ts'
import { msg } from '#app/lib/messages.ts'
import { istanbulParts } from '#app/lib/tr.ts'
import { fileFrom } from '#app/lib/uploads.server.ts'
import { BulletinFormSchema } from './bulletins.schema.ts'
import { deleteBulletin, listBulletinsForAdmin, saveBulletin, type BulletinAdminRow } from './bulletins.write.server.ts'

export type BulletinAdminData = {
	rows: Array<BulletinAdminRow>
	editing: BulletinAdminRow | null
	/** Spec §8: a failed list load is shown as an alert. */
	loadError: string | null
	/** Spec §5: a new bulletin defaults to the current year and month (Istanbul). */
	defaults: { year: number; month: number }
}

async function save(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	const id = formId(form)
	const parsed = BulletinFormSchema.safeParse(formFields(form, ['year', 'month']))
	const fieldErrors = parsed.success ? {} : firstIssues(parsed.error.issues)
	if (id === null && !fileFrom(form.get('pdf_file'))) fieldErrors.pdf_file = msg.bulletins.pdfRequired
	if (!parsed.success || fieldErrors.pdf_file) {
		const message = fieldErrors.pdf_file ?? Object.values(fieldErrors)[0] ?? msg.bulletins.pdfRequired
		return failure(400, message, { fieldErrors, values: echoValues(form) })
	}
	return guarded(ctx, msg.bulletins.saveFailed, () => saveBulletin(form, { id, ...parsed.data }))
}

export const bulletinsAdmin: AdminTabServer<BulletinAdminData> = {
	async load(ctx) {
		const { value: rows, loadError } = await loadOrError(ctx, msg.bulletins.loadFailed, listBulletinsForAdmin, [])
		const { year, month } = istanbulParts()
		return { rows, editing: editingRow(ctx.url, rows), loadError, defaults: { year, month } }
	},
	async act(intent, form, ctx): Promise<ActionResult> {
		switch (intent) {
			case 'save':
				return save(form, ctx)
			case 'delete':
				return deleteIntent(form, ctx, msg.bulletins.deleteFailed, deleteBulletin)
			default:
				return unknownIntent(intent)
		}
	},
}
