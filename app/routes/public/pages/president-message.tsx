import { PageHero } from '#app/components/page-hero.tsx'
import { getPresident } from '#app/features/board/board.server.ts'
import { Prose } from '#app/features/pages/components/prose.tsx'
import { requirePage } from '#app/features/pages/pages.server.ts'
import { defaultHero } from '#app/lib/default-images.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { seo } from '#app/lib/seo.ts'
import type { Route } from './+types/president-message.ts'
import '#app/styles/pages.css'

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: args.loaderData?.page.title ?? msg.nav.presidentMessage, description: args.loaderData?.page.description ?? '' })
}

export async function loader() {
	const [page, president] = await Promise.all([requirePage('baskanin-mesaji'), getPresident()])
	return { page, president }
}

export const handle: SiteHandle = { navTheme: 'auto' }

export default function PresidentMessageRoute({ loaderData: { page, president } }: Route.ComponentProps) {
	return (
		<>
			<PageHero title={page.title} image={defaultHero(0)} />
			<article className="container container--narrow section">
				<Prose html={page.html} className="letter" />
				{president ? (
					<footer className="signature">
						{president.hasPhoto ? (
							<img
								className="signature__photo"
								src={president.photo.src}
								srcSet={president.photo.srcSet}
								sizes="96px"
								width={president.photo.width}
								height={president.photo.height}
								alt=""
								loading="lazy"
								decoding="async"
							/>
						) : null}
						<p>
							<span className="signature__name">{president.name}</span>
							<span className="signature__role">{msg.pages.presidentRole}</span>
						</p>
					</footer>
				) : (
					<p className="signature__role">{msg.pages.presidentRole}</p>
				)}
			</article>
		</>
	)
}
