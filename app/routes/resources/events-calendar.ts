import { conditionalResponse } from '#app/features/feeds/feed-response.server.ts'
import { loadEventsCalendar } from '#app/features/feeds/feeds.server.ts'
import { EVENTS_CALENDAR_PATH } from '#app/features/feeds/feeds.shared.ts'
import { calendarBytes } from '#app/features/feeds/ical.ts'
import type { Route } from './+types/events-calendar.ts'

/** The subscribable iCalendar feed of events (/etkinlikler.ics). */
export async function loader({ request }: Route.LoaderArgs) {
	const now = new Date()
	// The calendar carries no "last changed" date, so it is written once for both the fingerprint and the body.
	const bytes = calendarBytes(await loadEventsCalendar(request, now))
	return conditionalResponse(request, {
		key: EVENTS_CALENDAR_PATH,
		contentType: 'text/calendar; charset=utf-8',
		render: () => bytes,
		now,
	})
}
