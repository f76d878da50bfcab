import { failureOf } from '#app/features/admin/admin-result.ts'
import { sectionClientAction } from '#app/features/admin/section-client.ts'
import { loadSection, runSection } from '#app/features/admin/section-route.server.ts'
import { MessagesAdmin } from '#app/features/contact/components/messages-admin.tsx'
import { contactAdmin } from '#app/features/contact/contact.admin.server.ts'
import type { Route } from './+types/mesajlar.ts'
import '#app/styles/admin-records.css'

export const loader = (args: Route.LoaderArgs) => loadSection(contactAdmin, args)
export const clientAction = (args: Route.ClientActionArgs) => sectionClientAction(args)
export const action = (args: Route.ActionArgs) => runSection(contactAdmin, args)

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
	return <MessagesAdmin data={loaderData} failure={failureOf(actionData)} />
}
