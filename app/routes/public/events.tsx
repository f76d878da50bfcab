import { CardList } from '#app/components/content/card-list.tsx'
import { PageHero } from '#app/components/page-hero.tsx'
import { listEvents } from '#app/features/events/events.server.ts'
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
	const page = args.loaderData?.list.ok ? args.loaderData.list.data.page.page : 1
	return seo(args, {
		title: page > 1 ? msg.common.pagedTitle(msg.nav.events, page) : msg.nav.events,
		description: 'Mezunlar Günü, kermes, konser, söyleşi ve gezilerimiz: derneğimizin yaklaşan ve geçmiş etkinlikleri.',
	})
}

export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const page = parsePageParam(url.searchParams.get(PAGE_PARAM))
	const list = await safeRead(() => listEvents({ page }), msg.events.readError, 'events list')
	return { list, search: url.search }
}

export const handle: SiteHandle = { navTheme: 'auto' }

export default function EventsRoute({ loaderData }: Route.ComponentProps) {
	const { list, search } = loaderData
	return (
		<>
			<PageHero title={msg.events.title} image={DEFAULT_HERO_IMAGES[1]} />
			<CardList
				list={list}
				empty={msg.events.empty}
				search={search}
				toCard={(e) => ({
					key: String(e.id),
					title: e.title,
					excerpt: e.excerpt,
					href: eventCardPath(e.slug),
					image: e.image,
					meta: [e.when, e.location].filter(Boolean).join(' · ') || null,
					dateTime: e.startsAt,
				})}
			/>
		</>
	)
}
