import { failureOf } from '#app/features/admin/admin-result.ts'
import { TrashAdmin } from '#app/features/admin/components/trash-admin.tsx'
import { sectionClientAction } from '#app/features/admin/section-client.ts'
import { loadSection, runSection } from '#app/features/admin/section-route.server.ts'
import { trashAdmin } from '#app/features/admin/trash.admin.server.ts'
import type { Route } from './+types/cop-kutusu.ts'

export const loader = (args: Route.LoaderArgs) => loadSection(trashAdmin, args)
export const clientAction = (args: Route.ClientActionArgs) => sectionClientAction(args)
export const action = (args: Route.ActionArgs) => runSection(trashAdmin, args)

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
	return <TrashAdmin data={loaderData} failure={failureOf(actionData)} />
}
