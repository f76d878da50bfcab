import { failureOf } from '#app/features/admin/admin-result.ts'
import { sectionClientAction } from '#app/features/admin/section-client.ts'
import { loadSection, runSection } from '#app/features/admin/section-route.server.ts'
import { SessionsAdmin } from '#app/features/users/components/sessions-admin.tsx'
import { sessionsAdminFor } from '#app/features/users/sessions.admin.server.ts'
import type { Route } from './+types/oturumlar.ts'
import '#app/styles/admin-records.css'

// The request's session cookie tells which session is this one.
export const loader = (args: Route.LoaderArgs) => loadSection(sessionsAdminFor(args.request), args)
export const clientAction = (args: Route.ClientActionArgs) => sectionClientAction(args)
export const action = (args: Route.ActionArgs) => runSection(sessionsAdminFor(args.request), args)

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
	return <SessionsAdmin data={loaderData} failure={failureOf(actionData)} />
}
