import { data } from 'react-router'
import { DetailView, NotFoundView } from '#app/components/content/detail-view.tsx'
import { getEventBySlug } from '#app/features/events/events.server.ts'
import { eventPath } from '#app/features/events/events.shared.ts'
import { googleCalendarUrl } from '#app/features/feeds/calendar-links.ts'
import { eventCalendarPath } from '#app/features/feeds/feeds.shared.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { siteOrigin } from '#app/lib/origin.server.ts'
import { seo } from '#app/lib/seo.ts'
import { eventLd } from '#app/lib/structured-data.ts'
import type { Route } from './+types/event.ts'
import '#app/styles/content.css'

const BACK = { href: '/duyurular/etkinlikler', label: msg.events.back }

export function meta(args: Route.MetaArgs) {
	const event = args.loaderData?.event
	if (!event) return seo(args, { title: msg.events.notFoundMetaTitle, description: msg.events.notFound, noindex: true })
	return [
		...seo(args, {
			title: event.title,
			description: [event.when, event.location, event.lead ?? event.excerpt].filter(Boolean).join(' · ') || event.title,
			image: event.hero?.src ?? event.cover?.src,
			shareCard: event.shareCard,
			type: 'article',
			// Mounted at /duyurular/etkinlikler/:slug and /etkinlikler/:slug; the former is canonical.
			path: eventPath(event.slug),
		}),
		...eventLd(args, {
			title: event.title,
			description: event.lead ?? (event.excerpt || null),
			startsAt: event.startsAt,
			endsAt: event.endsAt,
			location: event.location,
			image: event.cover?.src ?? event.hero?.src ?? null,
			path: eventPath(event.slug),
		}),
	]
}

/** Spec §7 "Event detail": by slug, a numeric slug falling back to the id; unknown → 404. */
export async function loader({ params, request }: Route.LoaderArgs) {
	const event = await getEventBySlug(params.slug)
	if (!event) return data({ event: null, calendar: null }, { status: 404 })
	// "Takvime ekle": the event's own calendar file and Google Calendar's form, for a dated event.
	const calendar = event.startsAt
		? {
				ics: eventCalendarPath(event.slug),
				google: googleCalendarUrl({
					title: event.title,
					startsAt: event.startsAt,
					endsAt: event.endsAt,
					location: event.location,
					url: `${siteOrigin(request)}${eventPath(event.slug)}`,
					details: event.lead ?? (event.excerpt || null),
				}),
			}
		: null
	return { event, calendar }
}

export const handle: SiteHandle = { navTheme: 'auto' }

export default function EventRoute({ loaderData }: Route.ComponentProps) {
	const { event, calendar } = loaderData
	if (!event) return <NotFoundView message={msg.events.notFound} back={BACK} />
	return (
		<DetailView
			title={event.title}
			lead={event.lead}
			hero={event.hero}
			cover={event.cover}
			bodyHtml={event.bodyHtml}
			gallery={event.gallery}
			facts={
				event.when || event.location ? (
					<>
						{event.when && event.startsAt ? (
							<div>
								<dt>{msg.events.when}</dt>
								<dd>
									<time dateTime={event.startsAt}>{event.when}</time>
								</dd>
							</div>
						) : null}
						{event.location ? (
							<div>
								<dt>{msg.events.where}</dt>
								<dd>{event.location}</dd>
							</div>
						) : null}
						{calendar ? (
							<div>
								<dt>{msg.feeds.calendarFact}</dt>
								<dd className="detail__calendar-links">
									<a href={calendar.ics}>{msg.feeds.icsLink}</a>
									<a href={calendar.google} target="_blank" rel="noopener noreferrer">
										{msg.feeds.googleLink}
									</a>
								</dd>
							</div>
						) : null}
					</>
				) : null
			}
			back={BACK}
		/>
	)
}
