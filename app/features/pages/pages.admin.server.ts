import type { Transaction } from 'kysely'
import { failure, firstIssues, type ActionFailure, type ActionResult } from '#app/features/admin/admin-result.ts'
import {
	type AdminContext,
	type AdminTabServer,
	describeError,
	formId,
	guarded,
	unknownIntent,
} from '#app/features/admin/admin-tab.server.ts'
import { imageFieldChange, withStoredFiles, type MediaChange } from '#app/features/admin/form-media.server.ts'
import { formFields } from '#app/features/admin/schema-fields.ts'
import { sectionHref } from '#app/features/admin/sections.ts'
import { reindexSearchDocument } from '#app/features/search/search.server.ts'
import { getSettings } from '#app/features/settings/settings.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import type { Database, PageBodyFormat } from '#app/lib/db-types.ts'
import { nowIso, toIso } from '#app/lib/db-utils.server.ts'
import { htmlToText } from '#app/lib/html.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { parseKeySize, variantWidthsFor } from '#app/lib/media.ts'
import { msg } from '#app/lib/messages.ts'
import { getStorage } from '#app/lib/storage.server.ts'
import { formatDateTime } from '#app/lib/tr.ts'
import { UploadError } from '#app/lib/uploads.server.ts'
import { PAGE_PATHS } from './page-paths.ts'
import { PAGE_BODY_MAX, PAGE_FIELDS, PageFormSchema, type PageForm } from './pages.schema.ts'
import { fillPageBody, markdownToEditorHtml, pageVariables, renderPage, sanitizePageHtml, toBodyFormat, type Page } from './pages.server.ts'

/** The admin section (`/admin/sayfalar`). */
export const PAGES_SECTION = 'sayfalar'

/** Earlier versions kept per page; the oldest beyond this go on the next save. */
export const PAGE_REVISIONS_KEPT = 50

/** Where uploaded page images are stored. */
export const PAGE_IMAGE_FOLDER = 'pages'

export type PageAdminRow = {
	slug: string
	title: string
	/** The public address, or null for a stored page the site does not show. */
	path: string | null
	updatedAt: string | null
	/** `25 Kasım 2026 Çarşamba 14:05`, Istanbul; null when unknown. */
	updatedLabel: string | null
	/** Who saved the current text in the admin; null for the seeded text. */
	updatedBy: string | null
}

export type PageRevisionRow = {
	id: number
	title: string
	savedAt: string | null
	savedLabel: string | null
	/** Who saved that version; null for the seeded text or a removed account. */
	savedBy: string | null
}

export type PageEditing = {
	slug: string
	title: string
	description: string
	/** HTML for the editor: a Markdown page rendered, `{{…}}` placeholders kept as text. */
	body: string
	path: string | null
	/** The stored version's instant: the form is remade when it changes (after a save or a restore). */
	updatedAt: string | null
	updatedLabel: string | null
	updatedBy: string | null
	/** The settings values the body may name, with what they show today. */
	placeholders: Array<{ key: string; value: string }>
	revisions: Array<PageRevisionRow>
}

/** What `preview` answers: the typed form and the page rendered from it, nothing saved. */
export type PagePreview = {
	kind: 'page-preview'
	slug: string
	values: { title: string; description: string; body: string; image_alt: string }
	page: Pick<Page, 'title' | 'description' | 'html' | 'headings'>
	/** A file was chosen: it is stored only by a save. */
	imageIgnored: boolean
}

export type PagesAdminData = {
	rows: Array<PageAdminRow>
	editing: PageEditing | null
	/** `?edit=` named a page that does not exist. */
	missing: boolean
}

const pathOrder = Object.keys(PAGE_PATHS)
const displayName = (user: { full_name: string | null; email: string | null } | undefined) =>
	user ? user.full_name?.trim() || user.email?.split('@')[0] || null : null
const labelOf = (iso: string | null) => (iso ? formatDateTime(iso) : null)

/** The pages in the order of the site's menu; pages the site does not show come last, by title. */
export async function listPagesForAdmin(): Promise<Array<PageAdminRow>> {
	const rows = await db
		.selectFrom('pages')
		.leftJoin('users', 'users.id', 'pages.updated_by_user_id')
		.select(['pages.slug', 'pages.title', 'pages.updated_at', 'users.full_name', 'users.email'])
		.execute()
	const rank = (slug: string) => {
		const i = pathOrder.indexOf(slug)
		return i < 0 ? pathOrder.length : i
	}
	return rows
		.map((row) => {
			const updatedAt = toIso(row.updated_at)
			return {
				slug: row.slug,
				title: row.title,
				path: Object.hasOwn(PAGE_PATHS, row.slug) ? (PAGE_PATHS[row.slug] ?? null) : null,
				updatedAt,
				updatedLabel: labelOf(updatedAt),
				updatedBy: displayName(row.full_name === null && row.email === null ? undefined : row),
			}
		})
		.toSorted((a, b) => rank(a.slug) - rank(b.slug) || a.title.localeCompare(b.title, 'tr-TR'))
}

/** A page's earlier versions, newest first. */
export async function listPageRevisions(slug: string): Promise<Array<PageRevisionRow>> {
	const rows = await db
		.selectFrom('page_revisions')
		.leftJoin('users', 'users.id', 'page_revisions.saved_by_user_id')
		.select(['page_revisions.id', 'page_revisions.title', 'page_revisions.saved_at', 'users.full_name', 'users.email'])
		.where('page_revisions.slug', '=', slug)
		.orderBy('page_revisions.id', 'desc')
		.execute()
	return rows.map((row) => {
		const savedAt = toIso(row.saved_at)
		return {
			id: row.id,
			title: row.title,
			savedAt,
			savedLabel: labelOf(savedAt),
			savedBy: displayName(row.full_name === null && row.email === null ? undefined : row),
		}
	})
}

/** A page as the edit screen opens it: a Markdown body becomes HTML for the editor. */
export async function getPageForEditing(slug: string): Promise<PageEditing | null> {
	const row = await db
		.selectFrom('pages')
		.leftJoin('users', 'users.id', 'pages.updated_by_user_id')
		.select([
			'pages.slug',
			'pages.title',
			'pages.description',
			'pages.body',
			'pages.body_format',
			'pages.updated_at',
			'users.full_name',
			'users.email',
		])
		.where('pages.slug', '=', slug)
		.executeTakeFirst()
	if (!row) return null
	const [revisions, settings] = await Promise.all([listPageRevisions(slug), getSettings()])
	const format = toBodyFormat(row.body_format)
	const variables = pageVariables(settings)
	return {
		slug: row.slug,
		title: row.title,
		description: row.description ?? '',
		body: format === 'html' ? sanitizePageHtml(row.body) : markdownToEditorHtml(row.body, variables),
		path: Object.hasOwn(PAGE_PATHS, row.slug) ? (PAGE_PATHS[row.slug] ?? null) : null,
		updatedAt: toIso(row.updated_at),
		updatedLabel: labelOf(toIso(row.updated_at)),
		updatedBy: displayName(row.full_name === null && row.email === null ? undefined : row),
		placeholders: Object.entries(variables).map(([key, value]) => ({ key, value })),
		revisions,
	}
}

type PageVersion = { title: string; description: string | null; body: string; body_format: PageBodyFormat }

/**
 * Replaces a page's text with the version `next` gives (read in the same
 * transaction), keeping the replaced version in page_revisions with when
 * and by whom it had been saved, and only the newest PAGE_REVISIONS_KEPT of
 * them. Nothing is written when nothing changed. Returns whether anything
 * changed.
 *
 * The page's search entry is rebuilt after the commit: it fills in the
 * settings, which are read outside the transaction (on SQLite, one
 * connection, that read would wait for this very transaction). Should the
 * process stop in between, the index notices the newer page at the next
 * start (refreshSearchIndex).
 */
async function writePage(
	slug: string,
	next: (trx: Transaction<Database>) => Promise<PageVersion>,
	userId: string | null,
): Promise<boolean> {
	const changed = await withContentWrite(db, async (trx) => {
		const current = await trx
			.selectFrom('pages')
			.select(['title', 'description', 'body', 'body_format', 'updated_at', 'updated_by_user_id'])
			.where('slug', '=', slug)
			.executeTakeFirst()
		if (!current) throw new PageNotFoundError()
		const version = await next(trx)
		const currentFormat = toBodyFormat(current.body_format)
		if (
			current.title === version.title &&
			(current.description ?? null) === version.description &&
			current.body === version.body &&
			currentFormat === version.body_format
		) {
			return false
		}
		await trx
			.insertInto('page_revisions')
			.values({
				slug,
				title: current.title,
				description: current.description,
				body: current.body,
				body_format: currentFormat,
				saved_at: toIso(current.updated_at) ?? nowIso(),
				saved_by_user_id: current.updated_by_user_id,
			})
			.execute()
		await trx
			.updateTable('pages')
			.set({ ...version, updated_at: nowIso(), updated_by_user_id: userId })
			.where('slug', '=', slug)
			.execute()
		// Both dialects take a LIMIT inside IN only from a derived table.
		const newest = trx.selectFrom('page_revisions').select('id').where('slug', '=', slug).orderBy('id', 'desc').limit(PAGE_REVISIONS_KEPT)
		await trx
			.deleteFrom('page_revisions')
			.where('slug', '=', slug)
			.where('id', 'not in', trx.selectFrom(newest.as('kept')).select('kept.id'))
			.execute()
		return true
	})
	if (changed) await reindexSearchDocument('page', slug)
	return changed
}

export class PageNotFoundError extends Error {
	override name = 'PageNotFoundError'
	constructor() {
		super(msg.pagesAdmin.notFound)
	}
}

export class RevisionNotFoundError extends Error {
	override name = 'RevisionNotFoundError'
	constructor() {
		super(msg.pagesAdmin.revisionNotFound)
	}
}

/** A body as it is stored: sanitised HTML, placeholders kept. */
export function cleanPageBody(body: string) {
	return sanitizePageHtml(body)
}

/** True when sanitised HTML shows nothing: no text and no image. */
const isBlank = (html: string) => !htmlToText(html) && !/<img\s/i.test(html)

/**
 * Saves a page from the admin form: sanitised HTML (the page is HTML from
 * now on), with the replaced version kept. Returns whether anything changed.
 */
export function savePage(slug: string, input: Pick<PageForm, 'title' | 'description' | 'body'>, userId: string | null) {
	const version: PageVersion = {
		title: input.title,
		description: input.description || null,
		body: cleanPageBody(input.body),
		body_format: 'html',
	}
	return writePage(slug, async () => version, userId)
}

/**
 * Brings back an earlier version (in its own format). It is a save like any
 * other: the version it replaces becomes a revision, so it can be undone.
 */
export function restorePageRevision(slug: string, revisionId: number, userId: string | null) {
	return writePage(
		slug,
		async (trx) => {
			const revision = await trx
				.selectFrom('page_revisions')
				.select(['title', 'description', 'body', 'body_format'])
				.where('id', '=', revisionId)
				.where('slug', '=', slug)
				.executeTakeFirst()
			if (!revision) throw new RevisionNotFoundError()
			return {
				title: revision.title,
				description: revision.description,
				body: revision.body,
				body_format: toBodyFormat(revision.body_format),
			}
		},
		userId,
	)
}

/** The page as the public site would show it with this text, through the same pipeline; nothing is written. */
export async function previewPage(input: Pick<PageForm, 'title' | 'description' | 'body'>) {
	const settings = await getSettings()
	const body = cleanPageBody(input.body)
	const page = renderPage({
		slug: '',
		title: input.title,
		description: input.description,
		format: 'html',
		body: fillPageBody('html', body, pageVariables(settings)),
		updatedAt: null,
	})
	return { body, page: { title: page.title, description: page.description, html: page.html, headings: page.headings } }
}

/** What the edit screen says after a redirect: saved, nothing to save, or restored. */
export const PAGE_STATUSES = ['kaydedildi', 'degismedi', 'geri-yuklendi'] as const
export type PageStatus = (typeof PAGE_STATUSES)[number]

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
	if (parsed.success && isBlank(cleanPageBody(parsed.data.body))) fieldErrors.body = msg.pagesAdmin.bodyRequired
	const slug = parsed.success ? parsed.data.slug : String(form.get('slug') ?? '')
	const exists = slug ? await db.selectFrom('pages').select('slug').where('slug', '=', slug).executeTakeFirst() : undefined
	if (!exists) return { ok: false, result: failure(404, msg.pagesAdmin.notFound, { values: typedValues(form) }) }
	if (!parsed.success || Object.keys(fieldErrors).length > 0) {
		return {
			ok: false,
			result: failure(400, Object.values(fieldErrors)[0] ?? msg.pagesAdmin.bodyRequired, { fieldErrors, values: typedValues(form) }),
		}
	}
	return { ok: true, slug, input: parsed.data }
}

/** Widest WebP variant put in a page body: wider than the text column, narrower than a full-size original. */
const BODY_IMAGE_WIDTH = 1024

const escapeAttr = (text: string) =>
	text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string)

/** An uploaded image as the HTML the body gets: its widest WebP variant up to BODY_IMAGE_WIDTH, with its size. */
export function pageImageHtml(key: string, alt: string) {
	const storage = getStorage()
	const size = parseKeySize(key)
	if (!size) return `<img src="${escapeAttr(storage.url(key))}" alt="${escapeAttr(alt)}">`
	const widths = variantWidthsFor(size.width)
	const width = widths.filter((w) => w <= BODY_IMAGE_WIDTH).at(-1) ?? widths[0] ?? size.width
	const height = Math.round((size.height * width) / size.width)
	const src = storage.url(`${key.replace(/\.(jpg|png)$/, '')}.w${width}.webp`)
	return `<img src="${escapeAttr(src)}" alt="${escapeAttr(alt)}" width="${width}" height="${height}">`
}

async function save(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	if (!ctx.user?.id) return failure(401, msg.auth.noSession)
	const parsed = await parsePageForm(form)
	if (!parsed.ok) return parsed.result
	const { slug, input } = parsed
	let image: MediaChange
	try {
		image = await imageFieldChange(form, { file: 'image_file' }, { folder: PAGE_IMAGE_FOLDER, current: null })
	} catch (error) {
		if (!(error instanceof UploadError)) logger.error({ err: error, requestId: ctx.requestId }, 'page image upload failed')
		const reason = describeError(error, ctx.requestId)
		return failure(error instanceof UploadError ? 400 : 500, `${msg.pagesAdmin.imageFailed}${reason}`, {
			fieldErrors: { image_file: reason },
			values: typedValues(form),
		})
	}
	const body = image.key ? `${input.body}\n${pageImageHtml(image.key, input.image_alt)}` : input.body
	return guarded(ctx, msg.pagesAdmin.saveFailed, async () => {
		const changed = await withStoredFiles([image], () => savePage(slug, { ...input, body }, ctx.user.id))
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
