import { failureOf } from '#app/features/admin/admin-result.ts'
import { sectionClientAction } from '#app/features/admin/section-client.ts'
import { loadSection, runSection } from '#app/features/admin/section-route.server.ts'
import { UsersAdmin } from '#app/features/users/components/users-admin.tsx'
import { usersAdmin } from '#app/features/users/users.admin.server.ts'
import type { Route } from './+types/kullanicilar.ts'

export const loader = (args: Route.LoaderArgs) => loadSection(usersAdmin, args)
export const clientAction = (args: Route.ClientActionArgs) => sectionClientAction(args)
export const action = (args: Route.ActionArgs) => runSection(usersAdmin, args)

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
	return <UsersAdmin data={loaderData} result={actionData} failure={failureOf(actionData)} />
}
