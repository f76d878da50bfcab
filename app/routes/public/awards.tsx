import { PageTitle } from '#app/components/page-hero.tsx'
import { AWARDS_PER_PAGE, filterAwards, listAwardsOfVersion, listAwardYears, parseAwardFilter } from '#app/features/awards/awards.server.ts'
import { AwardsTable } from '#app/features/awards/components/awards-table.tsx'
import { Prose } from '#app/features/pages/components/prose.tsx'
import { requirePage } from '#app/features/pages/pages.server.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { pageInfo, PAGE_PARAM, parsePageParam } from '#app/lib/pagination.ts'
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
	const [page, awards] = await Promise.all([requirePage('basari-onur-odulleri'), listAwardsOfVersion()])
	const filter = parseAwardFilter(url.searchParams)
	const matching = filterAwards(awards, filter)
	const years = listAwardYears(awards)
	if (awards.length > AWARDS_PER_PAGE) {
		// A long list: the server filters and pages, the browser gets one page.
		const info = pageInfo(matching.length, parsePageParam(url.searchParams.get(PAGE_PARAM)), AWARDS_PER_PAGE)
		const rows = matching.slice((info.page - 1) * AWARDS_PER_PAGE, info.page * AWARDS_PER_PAGE).map((row) => ({ ...row, visible: true }))
		return { page, filter, years, count: matching.length, rows, paged: { page: info, search: url.search } }
	}
	const visible = new Set(matching.map((row) => row.id))
	return {
		page,
		filter,
		years,
		count: visible.size,
		// Every row is sent, the ones that do not match marked hidden, so the
		// browser can filter instantly from here on.
		rows: awards.map((row) => ({ ...row, visible: visible.has(row.id) })),
		paged: null,
	}
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
