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
import { revertIntent, revisionsForEditing, type RevisionList } from '#app/features/admin/revisions.server.ts'
import { formFields } from '#app/features/admin/schema-fields.ts'
import { msg } from '#app/lib/messages.ts'
import { AlumniNewsFormSchema } from './alumni-news.schema.ts'
import { deleteAlumniNews, listAlumniNewsForAdmin, saveAlumniNews, type AlumniNewsAdminRow } from './alumni-news.write.server.ts'

export type AlumniNewsAdminData = {
	rows: Array<AlumniNewsAdminRow>
	editing: AlumniNewsAdminRow | null
	/** Spec §8: a failed list load is shown as an alert. */
	loadError: string | null
	/** The edited item's earlier versions ("Sürümler"). */
	revisions: RevisionList | null
}

async function save(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	const parsed = AlumniNewsFormSchema.safeParse(formFields(form, ['title', 'link', 'description']))
	if (!parsed.success) {
		const fieldErrors = firstIssues(parsed.error.issues)
		return failure(400, fieldErrors.title ?? Object.values(fieldErrors)[0] ?? msg.alumniNews.titleRequired, {
			fieldErrors,
			values: echoValues(form),
		})
	}
	return guarded(ctx, msg.alumniNews.saveFailed, () => saveAlumniNews(form, { id: formId(form), ...parsed.data }))
}

export const alumniNewsAdmin: AdminTabServer<AlumniNewsAdminData> = {
	async load(ctx) {
		const { value: rows, loadError } = await loadOrError(ctx, msg.alumniNews.loadFailed, listAlumniNewsForAdmin, [])
		const editing = editingRow(ctx.url, rows)
		return { rows, editing, loadError, revisions: await revisionsForEditing(ctx, 'alumni_news', editing?.id) }
	},
	async act(intent, form, ctx): Promise<ActionResult> {
		switch (intent) {
			case 'save':
				return save(form, ctx)
			case 'delete':
				return deleteIntent(form, ctx, msg.alumniNews.deleteFailed, deleteAlumniNews)
			case 'revert':
				return revertIntent(ctx, 'alumni_news', form)
			default:
				return unknownIntent(intent)
		}
	},
}
