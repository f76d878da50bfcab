import { failureOf } from '#app/features/admin/admin-result.ts'
import { sectionClientAction } from '#app/features/admin/section-client.ts'
import { loadSection, runSection } from '#app/features/admin/section-route.server.ts'
import { bulletinsAdmin } from '#app/features/bulletins/bulletins.admin.server.ts'
import { BulletinsAdmin } from '#app/features/bulletins/components/bulletins-admin.tsx'
import type { Route } from './+types/bultenler.ts'

export const loader = (args: Route.LoaderArgs) => loadSection(bulletinsAdmin, args)
export const clientAction = (args: Route.ClientActionArgs) => sectionClientAction(args)
export const action = (args: Route.ActionArgs) => runSection(bulletinsAdmin, args)

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
	return <BulletinsAdmin data={loaderData} failure={failureOf(actionData)} />
}
