/** "Takvime ekle": an event's end in calendars and its Google Calendar link; safe for the browser. */
import { msg } from '#app/lib/messages.ts'
import { TIME_ZONE } from '#app/lib/tr.ts'
import { istanbulStamp } from './ical.ts'

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
