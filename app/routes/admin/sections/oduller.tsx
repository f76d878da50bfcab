import { failureOf } from '#app/features/admin/admin-result.ts'
import { sectionClientAction } from '#app/features/admin/section-client.ts'
import { loadSection, runSection } from '#app/features/admin/section-route.server.ts'
import { awardsAdmin } from '#app/features/awards/awards.admin.server.ts'
import { AwardsAdmin, importViewOf } from '#app/features/awards/components/awards-admin.tsx'
import type { Route } from './+types/oduller.ts'

export const loader = (args: Route.LoaderArgs) => loadSection(awardsAdmin, args)
export const clientAction = (args: Route.ClientActionArgs) => sectionClientAction(args)
export const action = (args: Route.ActionArgs) => runSection(awardsAdmin, args)

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
	return <AwardsAdmin data={loaderData} failure={failureOf(actionData)} view={importViewOf(actionData)} />
}
