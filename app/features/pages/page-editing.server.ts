import { getSettings } from '#app/features/settings/settings.server.ts'
import { db } from '#app/lib/db.server.ts'
import { toIso } from '#app/lib/db-utils.server.ts'
import { formatDateTime } from '#app/lib/tr.ts'
import { PAGE_PATHS } from './page-paths.ts'
import type { PageForm } from './pages.schema.ts'
import { fillPageBody, markdownToEditorHtml, pageVariables, renderPage, sanitizePageHtml, toBodyFormat } from './pages.server.ts'
import { cleanPageBody } from './pages.write.server.ts'

/** What the admin reads of the pages: the list, a page's edit screen with its earlier versions, a preview. */

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

const pathOrder = Object.keys(PAGE_PATHS)
const pathOf = (slug: string) => (Object.hasOwn(PAGE_PATHS, slug) ? (PAGE_PATHS[slug] ?? null) : null)
const labelOf = (iso: string | null) => (iso ? formatDateTime(iso) : null)

/** The name of the account a users join found; null when the join found none. */
const displayName = (user: { full_name: string | null; email: string | null }) =>
	user.full_name === null && user.email === null ? null : user.full_name?.trim() || user.email?.split('@')[0] || null

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
				path: pathOf(row.slug),
				updatedAt,
				updatedLabel: labelOf(updatedAt),
				updatedBy: displayName(row),
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
		return { id: row.id, title: row.title, savedAt, savedLabel: labelOf(savedAt), savedBy: displayName(row) }
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
	const updatedAt = toIso(row.updated_at)
	return {
		slug: row.slug,
		title: row.title,
		description: row.description ?? '',
		body: format === 'html' ? sanitizePageHtml(row.body) : markdownToEditorHtml(row.body, variables),
		path: pathOf(row.slug),
		updatedAt,
		updatedLabel: labelOf(updatedAt),
		updatedBy: displayName(row),
		placeholders: Object.entries(variables).map(([key, value]) => ({ key, value })),
		revisions,
	}
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
