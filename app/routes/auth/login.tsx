import { PageTitle } from '#app/components/page-hero.tsx'
import type { SiteHandle } from '#app/lib/handle.ts'
import { seo } from '#app/lib/seo.ts'
import type { Route } from './+types/login.ts'

export const handle: SiteHandle = { navTheme: 'light', hideNavbar: true, hideFooter: true, hydrate: true }

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: 'Yönetici Girişi', description: 'Yönetici Girişi – NDS Mezunları Derneği' })
}

export default function PageRoute() {
	return <PageTitle title="Yönetici Girişi" />
}
