import { ContentCard, type CardData } from '#app/components/content/content-card.tsx'
import { Pagination } from '#app/components/content/pagination.tsx'
import { PageHero } from '#app/components/page-hero.tsx'
import { listPastEvents, listUpcomingEvents, type EventSummary } from '#app/features/events/events.server.ts'
import { eventCardPath } from '#app/features/events/events.shared.ts'
import { DEFAULT_HERO_IMAGES } from '#app/lib/default-images.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { parsePageParam, PAGE_PARAM } from '#app/lib/pagination.ts'
import { safeRead } from '#app/lib/safe-read.server.ts'
import { seo } from '#app/lib/seo.ts'
import type { Route } from './+types/events.ts'
import '#app/styles/content.css'

/** Upcoming events are few; the page shows them all above the paged past ones. */
const UPCOMING_LIMIT = 100

export function meta(args: Route.MetaArgs) {
	const page = args.loaderData?.past.ok ? args.loaderData.past.data.page.page : 1
	return seo(args, {
		title: page > 1 ? msg.common.pagedTitle(msg.nav.events, page) : msg.nav.events,
		description: 'Mezunlar Günü, kermes, konser, söyleşi ve gezilerimiz: derneğimizin yaklaşan ve geçmiş etkinlikleri.',
	})
}

export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const page = parsePageParam(url.searchParams.get(PAGE_PARAM))
	const [upcoming, past] = await Promise.all([
		// Upcoming events head the first page only; later pages continue the past ones.
		page > 1 ? null : safeRead(() => listUpcomingEvents({ limit: UPCOMING_LIMIT }), msg.events.readError, 'upcoming events'),
		safeRead(() => listPastEvents({ page }), msg.events.readError, 'past events'),
	])
	return { upcoming, past, search: url.search }
}

export const handle: SiteHandle = { navTheme: 'auto' }

function toCard(e: EventSummary): CardData {
	return {
		key: String(e.id),
		title: e.title,
		excerpt: e.excerpt,
		href: eventCardPath(e.slug),
		image: e.image,
		meta: [e.when, e.location].filter(Boolean).join(' · ') || null,
		dateTime: e.startsAt,
	}
}

function CardGrid({ items }: { items: Array<EventSummary> }) {
	return (
		<ul className="card-grid">
			{items.map(toCard).map((card) => (
				<li key={card.key}>
					<ContentCard headingLevel={3} imageSizes="(max-width: 639px) 92vw, (max-width: 1023px) 46vw, 370px" card={card} />
				</li>
			))}
		</ul>
	)
}

function ReadError({ error }: { error: string }) {
	return (
		<p className="error-text" role="alert">
			{error}
		</p>
	)
}

export default function EventsRoute({ loaderData }: Route.ComponentProps) {
	const { upcoming, past, search } = loaderData
	const hasPast = past.ok && past.data.items.length > 0
	return (
		<>
			<PageHero title={msg.events.title} image={DEFAULT_HERO_IMAGES[1]} />
			{upcoming ? (
				<section className="section" aria-labelledby="yaklasan-etkinlikler">
					<div className="container">
						<h2 id="yaklasan-etkinlikler">{msg.events.upcoming}</h2>
						{!upcoming.ok ? (
							<ReadError error={upcoming.error} />
						) : upcoming.data.length === 0 ? (
							<p className="empty-state">{hasPast ? msg.events.upcomingEmpty : msg.events.empty}</p>
						) : (
							<CardGrid items={upcoming.data} />
						)}
					</div>
				</section>
			) : null}
			{!past.ok || hasPast ? (
				<section className="section" aria-labelledby="gecmis-etkinlikler">
					<div className="container">
						<h2 id="gecmis-etkinlikler">{msg.events.past}</h2>
						{!past.ok ? (
							<ReadError error={past.error} />
						) : (
							<>
								<CardGrid items={past.data.items} />
								<Pagination page={past.data.page} search={search} />
							</>
						)}
					</div>
				</section>
			) : null}
		</>
	)
}
