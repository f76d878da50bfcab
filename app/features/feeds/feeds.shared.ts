/** Feed and calendar addresses and the head's links to them; safe for the browser (the root route's links use them). */
import { msg } from '#app/lib/messages.ts'
import type { FeedFormat } from './feed-formats.ts'

export type FeedKind = 'announcements' | 'events' | 'alumniNews'

export const FEED_KINDS: ReadonlyArray<FeedKind> = ['announcements', 'events', 'alumniNews']
export const FEED_FORMATS: ReadonlyArray<FeedFormat> = ['rss', 'atom', 'json']

/** The list page of each feed's items; the feeds sit beside it. */
export const FEED_LIST_PATHS: Record<FeedKind, string> = {
	announcements: '/duyurular',
	events: '/duyurular/etkinlikler',
	alumniNews: '/mezunlarimiz/mezunlardan-haberler',
}

export const FEED_FILES: Record<FeedFormat, string> = { rss: 'rss.xml', atom: 'atom.xml', json: 'feed.json' }

const LINK_TYPES: Record<FeedFormat, string> = {
	rss: 'application/rss+xml',
	atom: 'application/atom+xml',
	json: 'application/feed+json',
}

export function feedPath(kind: FeedKind, format: FeedFormat) {
	return `${FEED_LIST_PATHS[kind]}/${FEED_FILES[format]}`
}

/** The subscribable calendar: upcoming events and those of the last 90 days, with the Takvim's entries. */
export const EVENTS_CALENDAR_PATH = '/etkinlikler.ics'

/** One event as a calendar file ("Takvime ekle"). */
export function eventCalendarPath(slug: string) {
	return `/etkinlikler/${encodeURIComponent(slug)}/takvim.ics`
}

/** Every page's `<link rel="alternate">`s: the nine feeds and the calendar, with Turkish titles. */
export function feedLinks(): Array<{ rel: 'alternate'; type: string; title: string; href: string }> {
	return [
		...FEED_KINDS.flatMap((kind) =>
			FEED_FORMATS.map((format) => ({
				rel: 'alternate' as const,
				type: LINK_TYPES[format],
				title: msg.feeds.linkTitle(msg.feeds.names[kind], msg.feeds.formats[format]),
				href: feedPath(kind, format),
			})),
		),
		{ rel: 'alternate', type: 'text/calendar', title: msg.feeds.calendarLinkTitle, href: EVENTS_CALENDAR_PATH },
	]
}
