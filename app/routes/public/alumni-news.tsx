import { CardList } from '#app/components/content/card-list.tsx'
import { PageHero } from '#app/components/page-hero.tsx'
import { listAlumniNews } from '#app/features/alumni-news/alumni-news.server.ts'
import { DEFAULT_HERO_IMAGES } from '#app/lib/default-images.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { parsePageParam, PAGE_PARAM } from '#app/lib/pagination.ts'
import { safeRead } from '#app/lib/safe-read.server.ts'
import { seo } from '#app/lib/seo.ts'
import { formatDate } from '#app/lib/tr.ts'
import type { Route } from './+types/alumni-news.ts'
import '#app/styles/content.css'

export function meta(args: Route.MetaArgs) {
	const page = args.loaderData?.list.ok ? args.loaderData.list.data.page.page : 1
	return seo(args, {
		title: page > 1 ? msg.common.pagedTitle(msg.nav.alumniNews, page) : msg.nav.alumniNews,
		description: 'Mezunlarımızın ödülleri, kitapları, projeleri ve başarıları: Notre Dame de Sion mezunlarından haberler.',
	})
}

export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const page = parsePageParam(url.searchParams.get(PAGE_PARAM))
	const list = await safeRead(() => listAlumniNews({ page }), msg.alumniNews.readError, 'alumni news list')
	return { list, search: url.search }
}

export const handle: SiteHandle = { navTheme: 'auto' }

export default function AlumniNewsRoute({ loaderData }: Route.ComponentProps) {
	const { list, search } = loaderData
	return (
		<>
			<PageHero title={msg.alumniNews.title} image={DEFAULT_HERO_IMAGES[0]} />
			<CardList
				list={list}
				empty={msg.alumniNews.empty}
				search={search}
				toCard={(n) => ({
					key: String(n.id),
					title: n.text,
					excerpt: n.description && n.description !== n.text ? n.description : null,
					href: n.href,
					external: n.external,
					image: n.image,
					meta: n.createdAt ? formatDate(n.createdAt) : null,
					dateTime: n.createdAt,
				})}
			/>
		</>
	)
}
