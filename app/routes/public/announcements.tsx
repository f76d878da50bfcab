import { CardList } from '#app/components/content/card-list.tsx'
import { PageHero } from '#app/components/page-hero.tsx'
import { listPublishedAnnouncements } from '#app/features/announcements/announcements.server.ts'
import { DEFAULT_HERO_IMAGES } from '#app/lib/default-images.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { parsePageParam, PAGE_PARAM } from '#app/lib/pagination.ts'
import { safeRead } from '#app/lib/safe-read.server.ts'
import { seo } from '#app/lib/seo.ts'
import { formatDate } from '#app/lib/tr.ts'
import type { Route } from './+types/announcements.ts'
import '#app/styles/content.css'

export function meta(args: Route.MetaArgs) {
	const page = args.loaderData?.list.ok ? args.loaderData.list.data.page.page : 1
	return seo(args, {
		title: page > 1 ? msg.common.pagedTitle(msg.nav.announcements, page) : msg.nav.announcements,
		description: 'Derneğimizin genel kurul, burs, ödül, etkinlik ve üyelik duyuruları; en güncel haberler ve çağrılar.',
	})
}

export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const page = parsePageParam(url.searchParams.get(PAGE_PARAM))
	const list = await safeRead(() => listPublishedAnnouncements({ page }), msg.announcements.readError, 'announcements list')
	return { list, search: url.search }
}

export const handle: SiteHandle = { navTheme: 'auto' }

export default function AnnouncementsRoute({ loaderData }: Route.ComponentProps) {
	const { list, search } = loaderData
	return (
		<>
			<PageHero title={msg.announcements.title} image={DEFAULT_HERO_IMAGES[0]} />
			<CardList
				list={list}
				empty={msg.announcements.empty}
				search={search}
				toCard={(a) => ({
					key: String(a.id),
					title: a.title,
					excerpt: a.excerpt,
					href: a.href,
					external: a.external,
					image: a.image,
					meta: a.publishedAt ? formatDate(a.publishedAt) : null,
					dateTime: a.publishedAt,
				})}
			/>
		</>
	)
}
