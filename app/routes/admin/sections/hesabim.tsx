import { failureOf } from '#app/features/admin/admin-result.ts'
import { sectionClientAction } from '#app/features/admin/section-client.ts'
import { loadSection, runSection } from '#app/features/admin/section-route.server.ts'
import { accountAdminFor } from '#app/features/users/account.admin.server.ts'
import { AccountAdmin } from '#app/features/users/components/account-admin.tsx'
import type { Route } from './+types/hesabim.ts'
import '#app/styles/admin-account.css'

// The request's session cookie tells which session stays open after a password change.
export const loader = (args: Route.LoaderArgs) => loadSection(accountAdminFor(args.request), args)
export const clientAction = (args: Route.ClientActionArgs) => sectionClientAction(args)
export const action = (args: Route.ActionArgs) => runSection(accountAdminFor(args.request), args)

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
	return <AccountAdmin data={loaderData} failure={failureOf(actionData)} />
}
