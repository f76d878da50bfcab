import { failureOf } from '#app/features/admin/admin-result.ts'
import { sectionClientAction } from '#app/features/admin/section-client.ts'
import { loadSection, runSection } from '#app/features/admin/section-route.server.ts'
import { TwoFactorAdmin } from '#app/features/users/components/two-factor-admin.tsx'
import type { RecoveryCodesView } from '#app/features/users/two-factor.admin.server.ts'
import { twoFactorAdmin } from '#app/features/users/two-factor.admin.server.ts'
import type { Route } from './+types/iki-adimli-dogrulama.ts'

export const loader = (args: Route.LoaderArgs) => loadSection(twoFactorAdmin, args)
export const clientAction = (args: Route.ClientActionArgs) => sectionClientAction(args)
export const action = (args: Route.ActionArgs) => runSection(twoFactorAdmin, args)

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
	const codes = actionData?.ok && actionData.view ? (actionData.view as RecoveryCodesView) : null
	return <TwoFactorAdmin data={loaderData} result={{ failure: failureOf(actionData), codes }} />
}
