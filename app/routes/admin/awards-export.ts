import { awardsCsvResponse } from '#app/features/awards/awards.admin.server.ts'
import { getAdminUser } from '#app/lib/auth-guard.server.ts'
import type { Route } from './+types/awards-export.ts'

/** The awards list as a CSV download (Excel's Turkish dialect), for admins only: the admin layout's guard runs first. */
export async function loader({ context }: Route.LoaderArgs) {
	getAdminUser(context)
	return awardsCsvResponse()
}
