import { failure, firstIssues, type ActionFailure, type ActionResult } from '#app/features/admin/admin-result.ts'
import { type AdminContext, type AdminTabServer, formId, guarded, unknownIntent } from '#app/features/admin/admin-tab.server.ts'
import { storeImageFields, withStoredFiles } from '#app/features/admin/form-media.server.ts'
import { formFields } from '#app/features/admin/schema-fields.ts'
import { sectionHref } from '#app/features/admin/sections.ts'
import { msg } from '#app/lib/messages.ts'
import { getPageForEditing, listPagesForAdmin, previewPage, type PageAdminRow, type PageEditing } from './page-editing.server.ts'
import { PAGE_BODY_MAX, PAGE_FIELDS, PageFormSchema, type PageForm } from './pages.schema.ts'
import { PAGES_SECTION, type PagePreview, type PageStatus } from './pages.shared.ts'
import {
	isBlankPageBody,
	pageExists,
	pageImageHtml,
	PageNotFoundError,
	restorePageRevision,
	RevisionNotFoundError,
	savePage,
} from './pages.write.server.ts'

/** Where uploaded page images are stored. */
export const PAGE_IMAGE_FOLDER = 'pages'

export type PagesAdminData = {
	rows: Array<PageAdminRow>
	editing: PageEditing | null
	/** `?edit=` named a page that does not exist. */
	missing: boolean
}

const editLocation = (slug: string, status: PageStatus) => sectionHref(PAGES_SECTION, { edit: slug, durum: status })

/** What was typed, in full (a page body is longer than the usual echo), for a refused form. */
function typedValues(form: FormData): Record<string, string> {
	const values: Record<string, string> = {}
	for (const name of PAGE_FIELDS) {
		const value = form.get(name)
		if (typeof value === 'string') values[name] = value.slice(0, PAGE_BODY_MAX + 1000)
	}
	return values
}

type Parsed = { ok: true; slug: string; input: PageForm } | { ok: false; result: ActionFailure }

async function parsePageForm(form: FormData): Promise<Parsed> {
	const parsed = PageFormSchema.safeParse(formFields(form, PAGE_FIELDS))
	const fieldErrors = parsed.success ? {} : firstIssues(parsed.error.issues)
	if (parsed.success && isBlankPageBody(parsed.data.body)) fieldErrors.body = msg.pagesAdmin.bodyRequired
	const slug = parsed.success ? parsed.data.slug : String(form.get('slug') ?? '')
	if (!slug || !(await pageExists(slug))) return { ok: false, result: failure(404, msg.pagesAdmin.notFound, { values: typedValues(form) }) }
	if (!parsed.success || Object.keys(fieldErrors).length > 0) {
		return {
			ok: false,
			result: failure(400, Object.values(fieldErrors)[0] ?? msg.pagesAdmin.bodyRequired, { fieldErrors, values: typedValues(form) }),
		}
	}
	return { ok: true, slug, input: parsed.data }
}

async function save(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	if (!ctx.user?.id) return failure(401, msg.auth.noSession)
	const parsed = await parsePageForm(form)
	if (!parsed.ok) return parsed.result
	const { slug, input } = parsed
	const field = { file: 'image_file', folder: PAGE_IMAGE_FOLDER, current: null }
	const stored = await storeImageFields(form, [field], ctx, msg.pagesAdmin.imageFailed)
	if (!stored.ok) return { ...stored.result, values: typedValues(form) }
	const image = stored.changes[0]
	const body = image?.key ? `${input.body}\n${pageImageHtml(image.key, input.image_alt)}` : input.body
	return guarded(ctx, msg.pagesAdmin.saveFailed, async () => {
		const changed = await withStoredFiles(stored.changes, () => savePage(slug, { ...input, body }, ctx.user.id))
		return {
			ok: true,
			id: slug,
			message: changed ? msg.pagesAdmin.saved : msg.pagesAdmin.unchanged,
			location: editLocation(slug, changed ? 'kaydedildi' : 'degismedi'),
		}
	})
}

async function preview(form: FormData): Promise<ActionResult> {
	const parsed = await parsePageForm(form)
	if (!parsed.ok) return parsed.result
	const { slug, input } = parsed
	const { body, page } = await previewPage(input)
	const file = form.get('image_file')
	const view: PagePreview = {
		kind: 'page-preview',
		slug,
		values: { title: input.title, description: input.description, body, image_alt: input.image_alt },
		page,
		imageIgnored: typeof file === 'object' && file !== null && file.size > 0,
	}
	return { ok: true, id: slug, view }
}

async function restore(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	if (!ctx.user?.id) return failure(401, msg.auth.noSession)
	const slug = String(form.get('slug') ?? '')
	const revisionId = formId(form, 'revision')
	if (!slug || revisionId === null) return failure(400, `${msg.pagesAdmin.restoreFailed}${msg.pagesAdmin.revisionNotFound}`)
	return guarded(ctx, msg.pagesAdmin.restoreFailed, async () => {
		let changed: boolean
		try {
			changed = await restorePageRevision(slug, revisionId, ctx.user.id)
		} catch (error) {
			if (error instanceof RevisionNotFoundError || error instanceof PageNotFoundError) {
				return failure(404, `${msg.pagesAdmin.restoreFailed}${error.message}`)
			}
			throw error
		}
		// The chosen version may be the current text already: then nothing was written.
		return changed
			? { ok: true, id: slug, message: msg.pagesAdmin.restored, location: editLocation(slug, 'geri-yuklendi') }
			: { ok: true, id: slug, message: msg.pagesAdmin.unchanged, location: editLocation(slug, 'degismedi') }
	})
}

/** The admin's door to the pages (`/admin/sayfalar`): the list, a page's edit screen, save, preview and restore. */
export const pagesAdmin: AdminTabServer<PagesAdminData> = {
	async load({ url }) {
		const rows = await listPagesForAdmin()
		const slug = url.searchParams.get('edit')?.trim() ?? ''
		const editing = slug ? await getPageForEditing(slug) : null
		return { rows, editing, missing: Boolean(slug) && !editing }
	},
	async act(intent, form, ctx): Promise<ActionResult> {
		switch (intent) {
			case 'save': {
				return save(form, ctx)
			}
			case 'preview': {
				return preview(form)
			}
			case 'restore': {
				return restore(form, ctx)
			}
			default:
				return unknownIntent(intent)
		}
	},
}
