import { auditCsvResponse } from '#app/features/audit/audit.admin.server.ts'
import { requireAdminRole } from '#app/lib/auth-guard.server.ts'
import type { Route } from './+types/audit-export.ts'

/** The audit log (as filtered by the address) as a CSV download, for yöneticiler only: the admin layout's guard runs first. */
export async function loader({ context, url }: Route.LoaderArgs) {
	requireAdminRole(context)
	return auditCsvResponse(url)
}
