import { PageHero } from '#app/components/page-hero.tsx'
import { AwardYears } from '#app/features/literature-books/components/award-years.tsx'
import { listLiteratureAward } from '#app/features/literature-books/literature-books.server.ts'
import { Prose } from '#app/features/pages/components/prose.tsx'
import { requirePage } from '#app/features/pages/pages.server.ts'
import { defaultHero } from '#app/lib/default-images.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { seo } from '#app/lib/seo.ts'
import { trUpper } from '#app/lib/tr.ts'
import type { Route } from './+types/literature-award.ts'
import '#app/styles/pages.css'

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: args.loaderData?.page.title ?? msg.nav.literatureAward, description: args.loaderData?.page.description ?? '' })
}

export async function loader() {
	const [page, years] = await Promise.all([requirePage('nds-edebiyat-odulu'), listLiteratureAward()])
	const bookYears = years.filter((year) => year.books.length > 0).map((year) => year.year)
	return {
		page,
		years,
		firstYear: bookYears.length ? Math.min(...bookYears) : null,
		lastYear: bookYears.length ? Math.max(...bookYears) : null,
	}
}

export const handle: SiteHandle = { navTheme: 'auto' }

export default function LiteratureAwardRoute({ loaderData: { page, years, firstYear, lastYear } }: Route.ComponentProps) {
	return (
		<>
			<PageHero title={trUpper(page.title)} image={defaultHero(2)} />
			<div className="container section">
				<Prose html={page.html} />
				{years.length > 0 ? (
					<section className="section section--flush" aria-labelledby="odul-alan-kitaplar">
						<h2 id="odul-alan-kitaplar">
							{msg.literature.booksTitle}
							{firstYear && lastYear ? ` (${firstYear}–${lastYear})` : ''}
						</h2>
						<AwardYears years={years} />
					</section>
				) : null}
			</div>
		</>
	)
}
