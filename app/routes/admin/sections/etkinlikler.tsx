import { failureOf } from '#app/features/admin/admin-result.ts'
import { sectionClientAction } from '#app/features/admin/section-client.ts'
import { loadSection, runSection } from '#app/features/admin/section-route.server.ts'
import { eventsAdmin } from '#app/features/events/events.admin.server.ts'
import { EventsAdmin } from '#app/features/events/components/events-admin.tsx'
import type { Route } from './+types/etkinlikler.ts'

export const loader = (args: Route.LoaderArgs) => loadSection(eventsAdmin, args)
export const clientAction = (args: Route.ClientActionArgs) => sectionClientAction(args)
export const action = (args: Route.ActionArgs) => runSection(eventsAdmin, args)

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
	return <EventsAdmin data={loaderData} failure={failureOf(actionData)} />
}
