import { PageTitle } from '#app/components/page-hero.tsx'
import { ExternalIcon } from '#app/components/ui/icons.tsx'
import { Prose } from '#app/features/pages/components/prose.tsx'
import { requirePage } from '#app/features/pages/pages.server.ts'
import { getSettings } from '#app/features/settings/settings.server.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { seo } from '#app/lib/seo.ts'
import type { Route } from './+types/how-to-join.ts'
import '#app/styles/pages.css'

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: args.loaderData?.page.title ?? msg.nav.howToJoin, description: args.loaderData?.page.description ?? '' })
}

export async function loader() {
	const [page, settings] = await Promise.all([requirePage('nasil-uye-olunur'), getSettings()])
	return { page, membershipForm: settings.links.membershipForm }
}

export const handle: SiteHandle = { navTheme: 'light' }

export default function HowToJoinRoute({ loaderData: { page, membershipForm } }: Route.ComponentProps) {
	return (
		<>
			<PageTitle title={page.title} lead={page.description}>
				<p className="page-actions">
					<a className="button button--gold" href={membershipForm} target="_blank" rel="noopener noreferrer">
						{msg.pages.membershipForm}
						<ExternalIcon />
						<span className="sr-only"> {msg.layout.newTab}</span>
					</a>
				</p>
			</PageTitle>
			<div className="container section section--tight">
				<Prose html={page.html} />
			</div>
		</>
	)
}
