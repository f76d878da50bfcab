import { PageHero } from '#app/components/page-hero.tsx'
import { PageSections } from '#app/features/pages/components/page-sections.tsx'
import { Prose } from '#app/features/pages/components/prose.tsx'
import { requireSectionedPage } from '#app/features/pages/pages.server.ts'
import { defaultHero } from '#app/lib/default-images.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { seo } from '#app/lib/seo.ts'
import type { Route } from './+types/school-family.ts'
import '#app/styles/pages.css'

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: args.loaderData?.page.title ?? msg.nav.schoolFamily, description: args.loaderData?.page.description ?? '' })
}

export async function loader() {
	return { page: await requireSectionedPage('nds-ailesi') }
}

export const handle: SiteHandle = { navTheme: 'auto' }

export default function SchoolFamilyRoute({ loaderData: { page } }: Route.ComponentProps) {
	return (
		<>
			<PageHero title={page.title} image={defaultHero(1)} />
			<div className="container section">
				<Prose html={page.introHtml} className="page-intro" />
				<PageSections sections={page.sections} imageOffset={3} />
			</div>
		</>
	)
}
