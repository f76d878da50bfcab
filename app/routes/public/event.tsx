import { PageHero } from '#app/components/page-hero.tsx'
import type { SiteHandle } from '#app/lib/handle.ts'
import { seo } from '#app/lib/seo.ts'
import type { Route } from './+types/event.ts'

export const handle: SiteHandle = { navTheme: 'auto' }

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: 'Etkinlik', description: 'Etkinlik – NDS Mezunları Derneği' })
}

export default function PageRoute() {
	return <PageHero title="Etkinlik" />
}
