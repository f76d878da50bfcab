import { conditionalResponse } from '#app/features/feeds/feed-response.server.ts'
import { loadEventCalendar } from '#app/features/feeds/feeds.server.ts'
import { calendarBytes } from '#app/features/feeds/ical.ts'
import { msg } from '#app/lib/messages.ts'
import type { Route } from './+types/event-calendar.ts'

const notFound = (text: string) => new Response(text, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

/** One event as a calendar file ("Takvime ekle" on its page): /etkinlikler/:slug/takvim.ics. */
export async function loader({ request, params }: Route.LoaderArgs) {
	const found = await loadEventCalendar(params.slug, request)
	if (found === null) return notFound(msg.events.notFound)
	if (found === 'undated') return notFound(msg.feeds.noDate)
	// The file carries no "last changed" date, so it is written once for both the fingerprint and the body.
	const bytes = calendarBytes(found.calendar)
	return conditionalResponse(request, {
		key: `event:${found.id}`,
		contentType: 'text/calendar; charset=utf-8',
		render: () => bytes,
		headers: { 'Content-Disposition': `attachment; filename="${found.filename}"` },
	})
}
