import { PageHero } from '#app/components/page-hero.tsx'
import { Prose } from '#app/features/pages/components/prose.tsx'
import { requirePage } from '#app/features/pages/pages.server.ts'
import { defaultHero } from '#app/lib/default-images.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { seo } from '#app/lib/seo.ts'
import type { Route } from './+types/why-join.ts'
import '#app/styles/pages.css'

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: args.loaderData?.page.title ?? msg.nav.whyJoin, description: args.loaderData?.page.description ?? '' })
}

export async function loader() {
	return { page: await requirePage('neden-uye-olmaliyiz') }
}

export const handle: SiteHandle = { navTheme: 'auto' }

export default function WhyJoinRoute({ loaderData: { page } }: Route.ComponentProps) {
	return (
		<>
			<PageHero title={page.title} image={defaultHero(2)} />
			<div className="container container--narrow section">
				<Prose html={page.html} />
				<p className="page-actions">
					<a className="button" href="/uyelik/nasil-uye-olunur">
						{msg.pages.howToJoinLink}
					</a>
					<a className="button button--ghost" href="/uyelik/uyelere-avantajlar">
						{msg.pages.perksLink}
					</a>
				</p>
			</div>
		</>
	)
}
