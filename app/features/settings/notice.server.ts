import { safeHref } from '#app/lib/links.ts'
import type { Notice } from './settings.schema.ts'

/** What the notice bar shows: its text and, when set, where its link goes. */
export type ActiveNotice = { text: string; href: string | null; external: boolean }

/**
 * The notice to show at `now`: on, with a text, and its end (if any) still
 * ahead. An end that is not a time hides the notice rather than showing it
 * for ever.
 */
export function activeNotice(notice: Notice, now: Date = new Date()): ActiveNotice | null {
	const text = notice.text.trim()
	if (!notice.enabled || !text) return null
	if (notice.until !== null) {
		const end = new Date(notice.until).getTime()
		if (!Number.isFinite(end) || end <= now.getTime()) return null
	}
	const href = safeHref(notice.link)
	return { text, href, external: href !== null && /^https?:\/\//i.test(href) }
}
