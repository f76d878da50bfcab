import { db } from './db.server.ts'

export type SitemapEntry = { path: string; lastmod: string | null }

/** Published announcements, events and alumni news, for sitemap.xml. */
export async function listSitemapEntries(): Promise<Array<SitemapEntry>> {
	const now = new Date().toISOString()
	const [announcements, events, news] = await Promise.all([
		db
			.selectFrom('announcements')
			.select(['id', 'updated_at'])
			.where('published_at', 'is not', null)
			.where('published_at', '<=', now)
			.execute(),
		db.selectFrom('events').select(['slug', 'updated_at']).execute(),
		db.selectFrom('alumni_news').select(['slug', 'updated_at']).execute(),
	])
	return [
		...announcements.map((a) => ({ path: `/duyurular/${a.id}`, lastmod: a.updated_at })),
		...events.map((e) => ({ path: `/etkinlikler/${encodeURIComponent(e.slug)}`, lastmod: e.updated_at })),
		...news.map((n) => ({ path: `/mezunlarimiz/mezunlardan-haberler/${encodeURIComponent(n.slug)}`, lastmod: n.updated_at })),
	]
}
