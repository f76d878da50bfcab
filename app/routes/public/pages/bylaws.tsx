import { PageHero } from '#app/components/page-hero.tsx'
import { Prose } from '#app/features/pages/components/prose.tsx'
import { TableOfContents } from '#app/features/pages/components/table-of-contents.tsx'
import { requirePage } from '#app/features/pages/pages.server.ts'
import { defaultHero } from '#app/lib/default-images.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { seo } from '#app/lib/seo.ts'
import { trUpper } from '#app/lib/tr.ts'
import type { Route } from './+types/bylaws.ts'
import '#app/styles/pages.css'

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: args.loaderData?.page.title ?? msg.nav.bylaws, description: args.loaderData?.page.description ?? '' })
}

export async function loader() {
	return { page: await requirePage('dernek-tuzugu') }
}

export const handle: SiteHandle = { navTheme: 'auto' }

export default function BylawsRoute({ loaderData: { page } }: Route.ComponentProps) {
	return (
		<>
			<PageHero title={trUpper(page.title)} image={defaultHero(2)} />
			<div className="container section with-toc">
				<TableOfContents headings={page.headings} />
				<Prose html={page.html} className="legal" />
			</div>
		</>
	)
}
