import { alumniNewsPath } from '#app/features/alumni-news/alumni-news.shared.ts'
import { announcementPath } from '#app/features/announcements/announcements.shared.ts'
import { eventPath } from '#app/features/events/events.shared.ts'
import { db } from '#app/lib/db.server.ts'

export type SitemapEntry = { path: string; lastmod: string | null }

/** Published announcements, events and alumni news, for sitemap.xml. */
export async function listSitemapEntries(): Promise<Array<SitemapEntry>> {
	const now = new Date().toISOString()
	const [announcements, events, news] = await Promise.all([
		db
			.selectFrom('announcements')
			.select(['id', 'slug', 'updated_at'])
			.where('published_at', 'is not', null)
			.where('published_at', '<=', now)
			.execute(),
		db.selectFrom('events').select(['slug', 'updated_at']).execute(),
		db.selectFrom('alumni_news').select(['slug', 'updated_at']).execute(),
	])
	return [
		// The canonical addresses the pages name (announcementPath, eventPath, alumniNewsPath).
		...announcements.map((a) => ({ path: announcementPath(a), lastmod: a.updated_at })),
		...events.map((e) => ({ path: eventPath(e.slug), lastmod: e.updated_at })),
		...news.map((n) => ({ path: alumniNewsPath(n.slug), lastmod: n.updated_at })),
	]
}
