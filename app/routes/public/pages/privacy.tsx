import { PageTitle } from '#app/components/page-hero.tsx'
import { Prose } from '#app/features/pages/components/prose.tsx'
import { TableOfContents } from '#app/features/pages/components/table-of-contents.tsx'
import { requirePage } from '#app/features/pages/pages.server.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { seo } from '#app/lib/seo.ts'
import type { Route } from './+types/privacy.ts'
import '#app/styles/pages.css'

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: args.loaderData?.page.title ?? msg.layout.privacy, description: args.loaderData?.page.description ?? '' })
}

export async function loader() {
	return { page: await requirePage('gizlilik-sozlesmesi') }
}

export const handle: SiteHandle = { navTheme: 'light' }

export default function PrivacyRoute({ loaderData: { page } }: Route.ComponentProps) {
	return (
		<>
			<PageTitle title={page.title} />
			<div className="container section section--tight with-toc">
				<TableOfContents headings={page.headings} />
				<Prose html={page.html} className="legal" />
			</div>
		</>
	)
}
