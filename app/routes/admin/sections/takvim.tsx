import { failureOf } from '#app/features/admin/admin-result.ts'
import { sectionClientAction } from '#app/features/admin/section-client.ts'
import { loadSection, runSection } from '#app/features/admin/section-route.server.ts'
import { calendarAdmin } from '#app/features/calendar/calendar.admin.server.ts'
import { CalendarAdmin } from '#app/features/calendar/components/calendar-admin.tsx'
import type { Route } from './+types/takvim.ts'

export const loader = (args: Route.LoaderArgs) => loadSection(calendarAdmin, args)
export const clientAction = (args: Route.ClientActionArgs) => sectionClientAction(args)
export const action = (args: Route.ActionArgs) => runSection(calendarAdmin, args)

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
	return <CalendarAdmin data={loaderData} failure={failureOf(actionData)} />
}
