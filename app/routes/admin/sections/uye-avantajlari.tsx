import { failureOf } from '#app/features/admin/admin-result.ts'
import { sectionClientAction } from '#app/features/admin/section-client.ts'
import { loadSection, runSection } from '#app/features/admin/section-route.server.ts'
import { memberPerksAdmin } from '#app/features/member-perks/member-perks.admin.server.ts'
import { MemberPerksAdmin } from '#app/features/member-perks/components/member-perks-admin.tsx'
import type { Route } from './+types/uye-avantajlari.ts'

export const loader = (args: Route.LoaderArgs) => loadSection(memberPerksAdmin, args)
export const clientAction = (args: Route.ClientActionArgs) => sectionClientAction(args)
export const action = (args: Route.ActionArgs) => runSection(memberPerksAdmin, args)

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
	return <MemberPerksAdmin data={loaderData} failure={failureOf(actionData)} />
}
