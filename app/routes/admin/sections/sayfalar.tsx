import { failureOf } from '#app/features/admin/admin-result.ts'
import { sectionClientAction } from '#app/features/admin/section-client.ts'
import { loadSection, runSection } from '#app/features/admin/section-route.server.ts'
import { PagesAdmin } from '#app/features/pages/components/pages-admin.tsx'
import { pagesAdmin } from '#app/features/pages/pages.admin.server.ts'
import type { Route } from './+types/sayfalar.ts'
import '#app/styles/pages.css'

export const loader = (args: Route.LoaderArgs) => loadSection(pagesAdmin, args)
export const clientAction = (args: Route.ClientActionArgs) => sectionClientAction(args)
export const action = (args: Route.ActionArgs) => runSection(pagesAdmin, args)

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
	return <PagesAdmin data={loaderData} failure={failureOf(actionData)} view={actionData?.ok ? actionData.view : undefined} />
}
