import { failureOf } from '#app/features/admin/admin-result.ts'
import { sectionClientAction } from '#app/features/admin/section-client.ts'
import { loadSection, runSection } from '#app/features/admin/section-route.server.ts'
import { alumniNewsAdmin } from '#app/features/alumni-news/alumni-news.admin.server.ts'
import { AlumniNewsAdmin } from '#app/features/alumni-news/components/alumni-news-admin.tsx'
import type { Route } from './+types/mezun-haberleri.ts'

export const loader = (args: Route.LoaderArgs) => loadSection(alumniNewsAdmin, args)
export const clientAction = (args: Route.ClientActionArgs) => sectionClientAction(args)
export const action = (args: Route.ActionArgs) => runSection(alumniNewsAdmin, args)

export default function Section({ loaderData, actionData }: Route.ComponentProps) {
	return <AlumniNewsAdmin data={loaderData} failure={failureOf(actionData)} />
}
