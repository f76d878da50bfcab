import { PageTitle } from '#app/components/page-hero.tsx'
import { listBoardMembers } from '#app/features/board/board.server.ts'
import { BoardGrid } from '#app/features/board/components/board-grid.tsx'
import { Prose } from '#app/features/pages/components/prose.tsx'
import { requirePage } from '#app/features/pages/pages.server.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { seo } from '#app/lib/seo.ts'
import type { Route } from './+types/board.ts'
import '#app/styles/pages.css'

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: args.loaderData?.page.title ?? msg.nav.board, description: args.loaderData?.page.description ?? '' })
}

export async function loader() {
	const [page, members] = await Promise.all([requirePage('yonetim-kurulu'), listBoardMembers()])
	return { page, members }
}

export const handle: SiteHandle = { navTheme: 'light' }

export default function BoardRoute({ loaderData: { page, members } }: Route.ComponentProps) {
	return (
		<>
			<PageTitle title={page.title} />
			<div className="container section section--tight">
				<Prose html={page.html} className="page-intro" />
				<h2 className="sr-only">Asıl üyeler</h2>
				<BoardGrid members={members} />
			</div>
		</>
	)
}
