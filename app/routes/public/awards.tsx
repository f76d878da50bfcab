import { PageTitle } from '#app/components/page-hero.tsx'
import { listPublicAwards, parseAwardFilter } from '#app/features/awards/awards.server.ts'
import { AwardsTable } from '#app/features/awards/components/awards-table.tsx'
import { Prose } from '#app/features/pages/components/prose.tsx'
import { requirePage } from '#app/features/pages/pages.server.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { PAGE_PARAM, parsePageParam } from '#app/lib/pagination.ts'
import { seo } from '#app/lib/seo.ts'
import type { Route } from './+types/awards.ts'
import '#app/styles/pages.css'

export function meta(args: Route.MetaArgs) {
	return seo(args, {
		title: args.loaderData?.page.title ?? msg.nav.awards,
		description: args.loaderData?.page.description ?? '',
	})
}

export async function loader({ url }: Route.LoaderArgs) {
	const filter = parseAwardFilter(url.searchParams)
	const [page, list] = await Promise.all([
		requirePage('basari-onur-odulleri'),
		listPublicAwards(filter, parsePageParam(url.searchParams.get(PAGE_PARAM))),
	])
	return { page, filter, ...list, paged: list.paged ? { page: list.paged, search: url.search } : null }
}

export const handle: SiteHandle = { navTheme: 'light' }

export default function AwardsRoute({ loaderData: { page, filter, years, count, rows, paged } }: Route.ComponentProps) {
	return (
		<>
			<PageTitle title={page.title} />
			<div className="container section section--tight">
				<Prose html={page.html} className="page-intro" />
				<AwardsTable rows={rows} years={years} filter={filter} count={count} paged={paged} />
			</div>
		</>
	)
}
