import { announcementPath } from '#app/features/announcements/announcements.shared.ts'
import { eventPath } from '#app/features/events/events.shared.ts'
import { db } from '#app/lib/db.server.ts'
import { toIso } from '#app/lib/db-utils.server.ts'
import { excerpt, htmlToText } from '#app/lib/html.server.ts'
import type { ImageRef } from '#app/lib/media.ts'
import { imageRef } from '#app/lib/media.server.ts'
import { preparedQuery } from '#app/lib/prepared-query.server.ts'

/** At most this many featured slides in the home hero. */
export const FEATURED_LIMIT = 8

export type FeaturedSlide = {
	id: string
	kind: 'announcement' | 'event'
	title: string
	subtitle: string | null
	href: string
	/** hero_bg_url, else cover_url; null means the page picks a default image. */
	image: ImageRef | null
	/** The date the slide is ordered by: published_at (announcements), starts_at (events). */
	date: string | null
}

/**
 * The announcements and events marked for the home page that are still
 * featured at `at`: few among many, so each is read through its featured
 * index (announcements_featured_idx, events_featured_idx).
 */
export function featuredQueries(at: string, limit: number) {
	return {
		announcements: db
			.selectFrom('announcements')
			.select(['id', 'slug', 'title', 'lead', 'excerpt', 'body', 'cover_url', 'hero_bg_url', 'href', 'published_at', 'created_at'])
			.where('featured_home', '=', true)
			.where((eb) => eb.or([eb('featured_until', 'is', null), eb('featured_until', '>', at)]))
			.where('published_at', 'is not', null)
			.where('published_at', '<=', at)
			.orderBy('published_at', 'desc')
			.orderBy('id', 'desc')
			.limit(limit),
		events: db
			.selectFrom('events')
			.select(['id', 'slug', 'title', 'lead', 'excerpt', 'body', 'cover_url', 'hero_bg_url', 'starts_at', 'created_at'])
			.where('featured_home', '=', true)
			.where((eb) => eb.or([eb('featured_until', 'is', null), eb('featured_until', '>', at)]))
			.orderBy('starts_at', (ob) => ob.desc().nullsLast())
			.orderBy('id', 'desc')
			.limit(limit),
	}
}

const featuredAnnouncements = preparedQuery(({ at, limit }: { at: string; limit: number }) => featuredQueries(at, limit).announcements, {
	shape: ['limit'],
})
const featuredEvents = preparedQuery(({ at, limit }: { at: string; limit: number }) => featuredQueries(at, limit).events, {
	shape: ['limit'],
})

/**
 * Issue 4's decision on spec §4 "Featured item": published announcements
 * and events with featured_home on and featured_until empty or still ahead
 * are the home hero's slides, newest date first (published_at for
 * announcements, starts_at for events). At featured_until an item drops off
 * by itself: the rule is evaluated at read time, no write is needed.
 */
export async function listFeaturedSlides({ now = new Date(), limit = FEATURED_LIMIT } = {}): Promise<Array<FeaturedSlide>> {
	const at = now.toISOString()
	const [announcements, events] = await Promise.all([featuredAnnouncements({ at, limit }), featuredEvents({ at, limit })])
	const slides: Array<FeaturedSlide> = [
		...announcements.map((row) => ({
			id: `announcement-${row.id}`,
			kind: 'announcement' as const,
			title: row.title,
			subtitle: row.lead?.trim() || row.excerpt?.trim() || excerpt(htmlToText(row.body), 180) || null,
			href: announcementPath(row),
			image: imageRef(row.hero_bg_url) ?? imageRef(row.cover_url),
			date: toIso(row.published_at),
		})),
		...events.map((row) => ({
			id: `event-${row.id}`,
			kind: 'event' as const,
			title: row.title,
			subtitle: row.lead?.trim() || row.excerpt?.trim() || excerpt(htmlToText(row.body), 160) || null,
			href: eventPath(row.slug),
			image: imageRef(row.hero_bg_url) ?? imageRef(row.cover_url),
			date: toIso(row.starts_at) ?? toIso(row.created_at),
		})),
	]
	return slides.toSorted((a, b) => (b.date ?? '').localeCompare(a.date ?? '')).slice(0, limit)
}
