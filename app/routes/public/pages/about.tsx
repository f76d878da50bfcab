import { PageHero } from '#app/components/page-hero.tsx'
import { PageSections } from '#app/features/pages/components/page-sections.tsx'
import { Prose } from '#app/features/pages/components/prose.tsx'
import { requireSectionedPage } from '#app/features/pages/pages.server.ts'
import { defaultHero } from '#app/lib/default-images.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { seo } from '#app/lib/seo.ts'
import { trUpper } from '#app/lib/tr.ts'
import type { Route } from './+types/about.ts'
import '#app/styles/pages.css'

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: args.loaderData?.page.title ?? msg.nav.about, description: args.loaderData?.page.description ?? '' })
}

export async function loader() {
	return { page: await requireSectionedPage('hakkimizda') }
}

export const handle: SiteHandle = { navTheme: 'auto' }

export default function AboutRoute({ loaderData: { page } }: Route.ComponentProps) {
	return (
		<>
			<PageHero title={trUpper(page.title)} image={defaultHero(0)} />
			<div className="container section">
				<Prose html={page.introHtml} className="page-intro" />
				<PageSections sections={page.sections} />
			</div>
		</>
	)
}
