import { failureOf } from '#app/features/admin/admin-result.ts'
import { sectionClientAction } from '#app/features/admin/section-client.ts'
import { loadSection, runSection } from '#app/features/admin/section-route.server.ts'
import { HomeAdmin } from '#app/features/home/components/home-admin.tsx'
import { homeAdmin } from '#app/features/home/home.admin.server.ts'
import type { Route } from './+types/ana-sayfa.ts'

export const loader = (args: Route.LoaderArgs) => loadSection(homeAdmin, args)
export const clientAction = (args: Route.ClientActionArgs) => sectionClientAction(args)
export const action = (args: Route.ActionArgs) => runSection(homeAdmin, args)

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
	return <HomeAdmin data={loaderData} failure={failureOf(actionData)} />
}
