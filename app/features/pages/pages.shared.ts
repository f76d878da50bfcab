import type { Page } from './pages.server.ts'

/** What the pages' admin section and its screen share. */

/** The admin section (`/admin/sayfalar`). */
export const PAGES_SECTION = 'sayfalar'

/** What the edit screen says after a redirect: saved, nothing to save, or restored. */
export const PAGE_STATUSES = ['kaydedildi', 'degismedi', 'geri-yuklendi'] as const
export type PageStatus = (typeof PAGE_STATUSES)[number]

/** What `preview` answers: the typed form and the page rendered from it, nothing saved. */
export type PagePreview = {
	kind: 'page-preview'
	slug: string
	values: { title: string; description: string; body: string; image_alt: string }
	page: Pick<Page, 'title' | 'description' | 'html' | 'headings'>
	/** A file was chosen: it is stored only by a save. */
	imageIgnored: boolean
}

/** A preview answer from the section's action, or nothing. */
export function pagePreviewOf(view: unknown): PagePreview | null {
	return typeof view === 'object' && view !== null && (view as { kind?: unknown }).kind === 'page-preview' ? (view as PagePreview) : null
}
