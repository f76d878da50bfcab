import type { Transaction } from 'kysely'
import { diffSummary, type FieldSpec } from '#app/features/admin/change-summary.server.ts'
import { reindexSearchDocument } from '#app/features/search/search.server.ts'
import { recordAudit } from '#app/lib/audit.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import type { Database, PageBodyFormat } from '#app/lib/db-types.ts'
import { nowIso, toIso } from '#app/lib/db-utils.server.ts'
import { htmlToText } from '#app/lib/html.server.ts'
import { parseKeySize, variantWidthsFor } from '#app/lib/media.ts'
import { msg } from '#app/lib/messages.ts'
import { getStorage } from '#app/lib/storage.server.ts'
import type { PageForm } from './pages.schema.ts'
import { sanitizePageHtml, toBodyFormat } from './pages.server.ts'

/** Earlier versions kept per page; the oldest beyond this go on the next save. */
export const PAGE_REVISIONS_KEPT = 50

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

/** True when a body, once sanitised, shows nothing: no text and no image. */
export function isBlankPageBody(body: string) {
	const html = cleanPageBody(body)
	return !htmlToText(html) && !/<img\s/i.test(html)
}

/** Whether a page with this slug is stored. */
export async function pageExists(slug: string) {
	return Boolean(await db.selectFrom('pages').select('slug').where('slug', '=', slug).executeTakeFirst())
}

type PageVersion = { title: string; description: string | null; body: string; body_format: PageBodyFormat }

/** What the audit log's summary of a page save names. */
const PAGE_FIELDS: ReadonlyArray<FieldSpec> = [
	{ name: 'title', label: msg.revisions.fields.title ?? 'title', format: 'text' },
	{ name: 'description', label: msg.revisions.fields.description ?? 'description', format: 'text' },
	{ name: 'body', label: msg.revisions.fields.body ?? 'body', format: 'long' },
]

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
	action: 'update' | 'revert' = 'update',
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
		const summary = diffSummary(PAGE_FIELDS, current, version) || msg.revisions.changed(msg.revisions.fields.body ?? 'body')
		await recordAudit({ kind: 'content', action, itemKind: 'pages', itemId: slug, itemTitle: version.title, summary }, trx)
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
		'revert',
	)
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
