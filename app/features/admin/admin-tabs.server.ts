import { alumniNewsAdmin } from '#app/features/alumni-news/alumni-news.admin.server.ts'
import { announcementsAdmin } from '#app/features/announcements/announcements.admin.server.ts'
import { bulletinsAdmin } from '#app/features/bulletins/bulletins.admin.server.ts'
import { calendarAdmin } from '#app/features/calendar/calendar.admin.server.ts'
import { eventsAdmin } from '#app/features/events/events.admin.server.ts'
import { memberPerksAdmin } from '#app/features/member-perks/member-perks.admin.server.ts'
import type { AdminContext, AdminTabServer } from './admin-tab.server.ts'
import { failure, type ActionResult } from './admin-result.ts'

/**
 * The server side of every admin tab that has one, by tab id. A Map, because
 * the id comes from `?tab=`: `__proto__` or `constructor` must find nothing.
 */
export const ADMIN_SERVERS: ReadonlyMap<string, AdminTabServer> = new Map([
	['announcements', announcementsAdmin as AdminTabServer],
	['events', eventsAdmin as AdminTabServer],
	['calendar', calendarAdmin as AdminTabServer],
	['bulletins', bulletinsAdmin as AdminTabServer],
	['alumniNews', alumniNewsAdmin as AdminTabServer],
	['memberPerks', memberPerksAdmin as AdminTabServer],
])

export async function loadAdminTab(tab: string, ctx: AdminContext) {
	const server = ADMIN_SERVERS.get(tab)
	return server ? server.load(ctx) : null
}

/** Runs a posted admin form for a tab; the same for plain form posts and the JavaScript client. */
export async function runAdminAction(tab: string, form: FormData, ctx: AdminContext): Promise<ActionResult> {
	const server = ADMIN_SERVERS.get(tab)
	if (!server) return failure(404, 'Bu bölüm henüz aktif değil.')
	const intent = form.get('intent')
	if (typeof intent !== 'string' || !intent) return failure(400, 'İşlem belirtilmedi.')
	return server.act(intent, form, ctx)
}
