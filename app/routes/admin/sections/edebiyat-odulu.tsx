import { failureOf } from '#app/features/admin/admin-result.ts'
import { sectionClientAction } from '#app/features/admin/section-client.ts'
import { loadSection, runSection } from '#app/features/admin/section-route.server.ts'
import { LiteratureAdmin } from '#app/features/literature-books/components/literature-admin.tsx'
import { literatureAdmin } from '#app/features/literature-books/literature.admin.server.ts'
import type { Route } from './+types/edebiyat-odulu.ts'

export const loader = (args: Route.LoaderArgs) => loadSection(literatureAdmin, args)
export const clientAction = (args: Route.ClientActionArgs) => sectionClientAction(args)
export const action = (args: Route.ActionArgs) => runSection(literatureAdmin, args)

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
	return <LiteratureAdmin data={loaderData} failure={failureOf(actionData)} />
}
