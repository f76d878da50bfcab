/** Feed and calendar addresses, the head's links to them and "Takvime ekle" links; safe for the browser. */
import { msg } from '#app/lib/messages.ts'
import { TIME_ZONE } from '#app/lib/tr.ts'
import type { FeedFormat } from './feed-formats.ts'
import { istanbulStamp } from './ical.ts'

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

/** An event without an end lasts this long in calendars. */
export const DEFAULT_EVENT_HOURS = 2

/** The end a calendar gives an event: its own when it is after the start, else the start plus DEFAULT_EVENT_HOURS. */
export function calendarEnd(startsAt: string, endsAt: string | null) {
	if (endsAt && Date.parse(endsAt) > Date.parse(startsAt)) return endsAt
	return new Date(Date.parse(startsAt) + DEFAULT_EVENT_HOURS * 3_600_000).toISOString()
}

/**
 * Google Calendar's "add event" page for an event, in Istanbul time
 * (`ctz`): title, start/end, place and a line with the event's address.
 */
export function googleCalendarUrl(event: {
	title: string
	startsAt: string
	endsAt: string | null
	location: string | null
	url: string
	details: string | null
}) {
	const params = new URLSearchParams({
		action: 'TEMPLATE',
		text: event.title,
		dates: `${istanbulStamp(event.startsAt)}/${istanbulStamp(calendarEnd(event.startsAt, event.endsAt))}`,
		ctz: TIME_ZONE,
		details: [event.details, msg.feeds.details(event.url)].filter(Boolean).join('\n\n'),
	})
	if (event.location) params.set('location', event.location)
	return `https://calendar.google.com/calendar/render?${params}`
}
