import { PageTitle } from '#app/components/page-hero.tsx'
import type { SiteHandle } from '#app/lib/handle.ts'
import { seo } from '#app/lib/seo.ts'
import type { Route } from './+types/refund.ts'

export const handle: SiteHandle = { navTheme: 'light' }

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: 'İptal ve İade Şartları', description: 'İptal ve İade Şartları – NDS Mezunları Derneği' })
}

export default function PageRoute() {
	return <PageTitle title="İptal ve İade Şartları" />
}
