import { db } from '#app/lib/db.server.ts'
import { safeHref } from '#app/lib/links.ts'
import { NoticeSchema, type Notice } from './settings.schema.ts'

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

/**
 * When the shown notice ends (an ISO instant), or null when none is shown
 * or it has no end: the render cache must not outlive it. Reads the stored
 * row itself, so the content-version module needs nothing else of settings.
 */
export async function readNoticeEnd(now: Date = new Date()): Promise<string | null> {
	const row = await db.selectFrom('settings').select('value').where('key', '=', 'notice').executeTakeFirst()
	if (!row) return null
	let parsed: ReturnType<typeof NoticeSchema.safeParse>
	try {
		parsed = NoticeSchema.safeParse(JSON.parse(row.value))
	} catch {
		return null
	}
	if (!parsed.success || !activeNotice(parsed.data, now)) return null
	return parsed.data.until
}
