import { PageTitle } from '#app/components/page-hero.tsx'
import { filterAwards, listAwards, listAwardYears, parseAwardFilter } from '#app/features/awards/awards.server.ts'
import { AwardsTable } from '#app/features/awards/components/awards-table.tsx'
import { Prose } from '#app/features/pages/components/prose.tsx'
import { requirePage } from '#app/features/pages/pages.server.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
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
	const [page, awards] = await Promise.all([requirePage('basari-onur-odulleri'), listAwards()])
	const filter = parseAwardFilter(url.searchParams)
	const visible = new Set(filterAwards(awards, filter).map((row) => row.id))
	return {
		page,
		filter,
		years: listAwardYears(awards),
		count: visible.size,
		// Every row is sent, the ones that do not match marked hidden, so the
		// browser can filter instantly from here on.
		rows: awards.map((row) => ({ ...row, visible: visible.has(row.id) })),
	}
}

export const handle: SiteHandle = { navTheme: 'light' }

export default function AwardsRoute({ loaderData: { page, filter, years, count, rows } }: Route.ComponentProps) {
	return (
		<>
			<PageTitle title={page.title} />
			<div className="container section section--tight">
				<Prose html={page.html} className="page-intro" />
				<AwardsTable rows={rows} years={years} filter={filter} count={count} />
			</div>
		</>
	)
}
