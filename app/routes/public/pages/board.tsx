import { PageTitle } from '#app/components/page-hero.tsx'
import { getBoardPage } from '#app/features/board/board.server.ts'
import { BoardGrid, PastPresidentList, sharedTerm } from '#app/features/board/components/board-grid.tsx'
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
	const [page, groups] = await Promise.all([requirePage('yonetim-kurulu'), getBoardPage()])
	return { page, ...groups }
}

export const handle: SiteHandle = { navTheme: 'light' }

export default function BoardRoute({ loaderData: { page, board, audit, pastPresidents } }: Route.ComponentProps) {
	const boardTerm = sharedTerm(board)
	const auditTerm = sharedTerm(audit)
	return (
		<>
			<PageTitle title={page.title} />
			<div className="container section section--tight">
				<Prose html={page.html} className="page-intro" />
				<h2 className="sr-only">Asıl üyeler</h2>
				{boardTerm ? <p className="board-term">{msg.board.termShown(boardTerm)}</p> : null}
				<BoardGrid members={board} />
				{audit.length > 0 ? (
					<section className="board-section" aria-labelledby="denetim-kurulu">
						<h2 id="denetim-kurulu">{msg.board.groups.audit}</h2>
						{auditTerm ? <p className="board-term">{msg.board.termShown(auditTerm)}</p> : null}
						<BoardGrid members={audit} kind="audit" />
					</section>
				) : null}
				{pastPresidents.length > 0 ? (
					<section className="board-section" aria-labelledby="gecmis-donem-baskanlari">
						<h2 id="gecmis-donem-baskanlari">{msg.board.pastPresidentsTitle}</h2>
						<PastPresidentList members={pastPresidents} />
					</section>
				) : null}
			</div>
		</>
	)
}
