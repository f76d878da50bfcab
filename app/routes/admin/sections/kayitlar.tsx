import { AuditAdmin } from '#app/features/audit/components/audit-admin.tsx'
import { auditAdmin } from '#app/features/audit/audit.admin.server.ts'
import { failureOf } from '#app/features/admin/admin-result.ts'
import { sectionClientAction } from '#app/features/admin/section-client.ts'
import { loadSection, runSection } from '#app/features/admin/section-route.server.ts'
import type { Route } from './+types/kayitlar.ts'
import '#app/styles/admin-records.css'

export const loader = (args: Route.LoaderArgs) => loadSection(auditAdmin, args)
export const clientAction = (args: Route.ClientActionArgs) => sectionClientAction(args)
export const action = (args: Route.ActionArgs) => runSection(auditAdmin, args)

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
	return <AuditAdmin data={loaderData} failure={failureOf(actionData)} />
}
