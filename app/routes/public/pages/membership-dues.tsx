import { PageTitle } from '#app/components/page-hero.tsx'
import { DuesTable } from '#app/features/dues/components/dues-table.tsx'
import { Prose } from '#app/features/pages/components/prose.tsx'
import { requirePage } from '#app/features/pages/pages.server.ts'
import { getSettings } from '#app/features/settings/settings.server.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { seo } from '#app/lib/seo.ts'
import type { Route } from './+types/membership-dues.ts'
import '#app/styles/pages.css'

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: args.loaderData?.page.title ?? msg.nav.membershipDues, description: args.loaderData?.page.description ?? '' })
}

export async function loader() {
	const [page, settings] = await Promise.all([requirePage('uyelik-aidati'), getSettings()])
	return { page, dues: settings.dues }
}

export const handle: SiteHandle = { navTheme: 'light' }

export default function MembershipDuesRoute({ loaderData: { page, dues } }: Route.ComponentProps) {
	return (
		<>
			<PageTitle title={page.title} />
			<div className="container container--narrow section section--tight">
				<DuesTable year={dues.year} entryFee={dues.entryFee} annualDues={dues.annualDues} />
				<Prose html={page.html} />
				<p className="page-actions">
					<a className="button" href="/aidat">
						{msg.pages.goToDuesPayment}
					</a>
				</p>
			</div>
		</>
	)
}
