import { failureOf } from '#app/features/admin/admin-result.ts'
import { sectionClientAction } from '#app/features/admin/section-client.ts'
import { loadSection, runSection } from '#app/features/admin/section-route.server.ts'
import { boardAdmin } from '#app/features/board/board.admin.server.ts'
import { BoardAdmin } from '#app/features/board/components/board-admin.tsx'
import type { Route } from './+types/yonetim-kurulu.ts'

export const loader = (args: Route.LoaderArgs) => loadSection(boardAdmin, args)
export const clientAction = (args: Route.ClientActionArgs) => sectionClientAction(args)
export const action = (args: Route.ActionArgs) => runSection(boardAdmin, args)

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
	return <BoardAdmin data={loaderData} failure={failureOf(actionData)} />
}
