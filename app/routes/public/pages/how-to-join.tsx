import { PageTitle } from '#app/components/page-hero.tsx'
import type { SiteHandle } from '#app/lib/handle.ts'
import { seo } from '#app/lib/seo.ts'
import type { Route } from './+types/how-to-join.ts'

export const handle: SiteHandle = { navTheme: 'light' }

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: 'Nasıl Üye Olunur', description: 'Nasıl Üye Olunur – NDS Mezunları Derneği' })
}

export default function PageRoute() {
	return <PageTitle title="Nasıl Üye Olunur" />
}
