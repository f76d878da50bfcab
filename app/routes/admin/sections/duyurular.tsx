import { failureOf } from '#app/features/admin/admin-result.ts'
import { sectionClientAction } from '#app/features/admin/section-client.ts'
import { loadSection, runSection } from '#app/features/admin/section-route.server.ts'
import { announcementsAdmin } from '#app/features/announcements/announcements.admin.server.ts'
import { AnnouncementsAdmin } from '#app/features/announcements/components/announcements-admin.tsx'
import type { Route } from './+types/duyurular.ts'

export const loader = (args: Route.LoaderArgs) => loadSection(announcementsAdmin, args)
export const clientAction = (args: Route.ClientActionArgs) => sectionClientAction(args)
export const action = (args: Route.ActionArgs) => runSection(announcementsAdmin, args)

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
	return <AnnouncementsAdmin data={loaderData} failure={failureOf(actionData)} />
}
