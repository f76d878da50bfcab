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
import { sectionHref } from '#app/features/admin/sections.ts'
import { msg } from '#app/lib/messages.ts'
import {
	exportAwardsCsv,
	awardsCsvFileName,
	importAwards,
	importView,
	previewAwardsImport,
	readCarriedCsv,
	readCsvUpload,
	type AwardsImportView,
} from './awards-csv.server.ts'
import { AWARD_FORM_FIELDS, AwardFormSchema } from './awards.schema.ts'
import { listAwardsForAdmin, type AwardAdminRow } from './awards.server.ts'
import { AWARDS_SECTION } from './awards.shared.ts'
import { deleteAward, saveAward } from './awards.write.server.ts'

export type AwardsAdminData = {
	/** Sorted like the public page. */
	rows: Array<AwardAdminRow>
	editing: AwardAdminRow | null
	loadError: string | null
	/** How many rows the last import added (`?eklendi=`), for the line that says so. */
	imported: number | null
	/** The edited item's earlier versions ("Sürümler"). */
	revisions: RevisionList | null
}

/** After an import the list opens with `?eklendi=<n>` and says how many rows were added. */
const IMPORTED_PARAM = 'eklendi'

/**
 * The download for the route that serves the export: the CSV as an
 * attachment, never cached (it is the association's member data). The
 * caller must have checked that the request comes from an admin.
 */
export async function awardsCsvResponse(): Promise<Response> {
	const body = await exportAwardsCsv()
	return new Response(body, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="${awardsCsvFileName()}"`,
			'Cache-Control': 'no-store',
			'X-Content-Type-Options': 'nosniff',
		},
	})
}

async function save(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	const text = (name: string) => {
		const value = form.get(name)
		return typeof value === 'string' ? value : ''
	}
	const parsed = AwardFormSchema.safeParse(Object.fromEntries(AWARD_FORM_FIELDS.map((name) => [name, text(name)])))
	if (!parsed.success) {
		const fieldErrors = firstIssues(parsed.error.issues)
		const first = AWARD_FORM_FIELDS.map((field) => fieldErrors[field]).find(Boolean)
		return failure(400, first ?? msg.awards.firstNameRequired, { fieldErrors, values: echoValues(form) })
	}
	const result = await guarded(ctx, msg.awards.saveFailed, async () => {
		const saved = await saveAward(formId(form), parsed.data)
		if ('duplicate' in saved) return failure(400, msg.awards.duplicate, { fieldErrors: { first_name: msg.awards.duplicate } })
		return { ok: true, id: saved.id }
	})
	return result.ok ? result : { ...result, values: echoValues(form) }
}

/** The uploaded file's name as the preview shows it (no control characters, at most 200 characters). */
const fileNameOf = (value: FormDataEntryValue | null) =>
	(value && typeof value !== 'string' ? value.name : typeof value === 'string' ? value : '').replace(/[\p{Cc}]/gu, '').slice(0, 200)

async function importPreview(form: FormData): Promise<ActionResult> {
	const upload = await readCsvUpload(form.get('file'))
	if (!upload.ok) return failure(400, upload.message, { fieldErrors: { file: upload.message } })
	const preview = await previewAwardsImport(upload.text)
	if (!preview.ok) return failure(400, preview.message, { fieldErrors: { file: preview.message } })
	const view: AwardsImportView = importView(fileNameOf(form.get('file')), upload.text, preview.rows, false)
	return { ok: true, view }
}

async function importConfirm(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	const carried = readCarriedCsv(form.get('csv'))
	if (!carried.ok) return failure(400, carried.message)
	const skipInvalid = form.get('skip_invalid') === 'on'
	return guarded(ctx, msg.awards.csv.importFailed, async () => {
		const result = await importAwards(carried.text, { skipInvalid, fileName: fileNameOf(form.get('file_name')) })
		// A refusal with a preview still shows it, so the person sees which rows to fix.
		if (!result.ok) return result.view ? { ...failure(400, result.message), view: result.view } : failure(400, result.message)
		const location = sectionHref(AWARDS_SECTION, { [IMPORTED_PARAM]: result.added })
		return { ok: true, message: msg.awards.csv.imported(result.added), location }
	})
}

export const awardsAdmin: AdminTabServer<AwardsAdminData> = {
	async load(ctx) {
		const { value: rows, loadError } = await loadOrError(ctx, msg.awards.loadFailed, listAwardsForAdmin, [])
		const imported = ctx.url.searchParams.get(IMPORTED_PARAM)
		const editing = editingRow(ctx.url, rows)
		return {
			rows,
			editing,
			revisions: await revisionsForEditing(ctx, 'awards', editing?.id),
			loadError,
			imported: imported && /^\d{1,4}$/.test(imported) ? Number(imported) : null,
		}
	},
	async act(intent, form, ctx): Promise<ActionResult> {
		switch (intent) {
			case 'save': {
				return save(form, ctx)
			}
			case 'delete': {
				return deleteIntent(form, ctx, msg.awards.deleteFailed, deleteAward)
			}
			case 'revert': {
				return revertIntent(ctx, 'awards', form)
			}
			case 'import-preview': {
				return guarded(ctx, msg.awards.csv.importFailed, () => importPreview(form))
			}
			case 'import-confirm': {
				return importConfirm(form, ctx)
			}
			default:
				return unknownIntent(intent)
		}
	},
}
