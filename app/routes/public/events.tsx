import type { ReactNode } from 'react'
import { ContentCard, type CardData } from '#app/components/content/content-card.tsx'
import { Pagination } from '#app/components/content/pagination.tsx'
import { PageHero } from '#app/components/page-hero.tsx'
import { listEventsPage, type EventSummary } from '#app/features/events/events.server.ts'
import { eventCardPath } from '#app/features/events/events.shared.ts'
import { DEFAULT_HERO_IMAGES } from '#app/lib/default-images.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { parsePageParam, PAGE_PARAM } from '#app/lib/pagination.ts'
import { safeRead } from '#app/lib/safe-read.server.ts'
import { seo } from '#app/lib/seo.ts'
import type { Route } from './+types/events.ts'
import '#app/styles/content.css'

export function meta(args: Route.MetaArgs) {
	const page = args.loaderData?.events.ok ? args.loaderData.events.data.page.page : 1
	return seo(args, {
		title: page > 1 ? msg.common.pagedTitle(msg.nav.events, page) : msg.nav.events,
		description: 'Mezunlar Günü, kermes, konser, söyleşi ve gezilerimiz: derneğimizin yaklaşan ve geçmiş etkinlikleri.',
	})
}

export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const page = parsePageParam(url.searchParams.get(PAGE_PARAM))
	const events = await safeRead(() => listEventsPage({ page }), msg.events.readError, 'events')
	return { events, search: url.search }
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

function EventSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
	return (
		<section className="section" aria-labelledby={id}>
			<div className="container">
				<h2 id={id}>{title}</h2>
				{children}
			</div>
		</section>
	)
}

export default function EventsRoute({ loaderData: { events, search } }: Route.ComponentProps) {
	const hero = <PageHero title={msg.events.title} image={DEFAULT_HERO_IMAGES[1]} />
	if (!events.ok)
		return (
			<>
				{hero}
				<EventSection id="yaklasan-etkinlikler" title={msg.events.upcoming}>
					<ReadError error={events.error} />
				</EventSection>
			</>
		)
	// Upcoming events first, then past ones: a page shows the part of each that falls on it, page 1 always the
	// upcoming heading (with its empty message when there are none); the page links close the last section.
	const { upcoming, past, page } = events.data
	const pagination = <Pagination page={page} search={search} />
	return (
		<>
			{hero}
			{upcoming.length > 0 || page.page === 1 ? (
				<EventSection id="yaklasan-etkinlikler" title={msg.events.upcoming}>
					{upcoming.length > 0 ? (
						<CardGrid items={upcoming} />
					) : (
						<p className="empty-state">{past.length > 0 ? msg.events.upcomingEmpty : msg.events.empty}</p>
					)}
					{past.length === 0 ? pagination : null}
				</EventSection>
			) : null}
			{past.length > 0 ? (
				<EventSection id="gecmis-etkinlikler" title={msg.events.past}>
					<CardGrid items={past} />
					{pagination}
				</EventSection>
			) : null}
		</>
	)
}
