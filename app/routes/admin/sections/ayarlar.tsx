import { failureOf } from '#app/features/admin/admin-result.ts'
import { sectionClientAction } from '#app/features/admin/section-client.ts'
import { loadSection, runSection } from '#app/features/admin/section-route.server.ts'
import { SettingsAdmin } from '#app/features/settings/components/settings-admin.tsx'
import { settingsAdmin } from '#app/features/settings/settings.admin.server.ts'
import type { Route } from './+types/ayarlar.ts'

export const loader = (args: Route.LoaderArgs) => loadSection(settingsAdmin, args)
export const clientAction = (args: Route.ClientActionArgs) => sectionClientAction(args)
export const action = (args: Route.ActionArgs) => runSection(settingsAdmin, args)

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
	return <SettingsAdmin data={loaderData} failure={failureOf(actionData)} />
}
