import { data, redirect, useSearchParams } from 'react-router'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { findTab, tabFromSearch, useAdminSearch } from '#app/features/admin/admin-tabs.ts'
import { loadAdminTab, runAdminAction } from '#app/features/admin/admin-tabs.server.ts'
import { CalendarAdmin } from '#app/features/calendar/components/calendar-admin.tsx'
import type { CalendarAdminData } from '#app/features/calendar/calendar.admin.server.ts'
import { getAdminUser } from '#app/lib/auth-guard.server.ts'
import { readFormData } from '#app/lib/form-data.server.ts'
import { msg } from '#app/lib/messages.ts'
import { requestInfoContext } from '#app/lib/request-context.ts'
import type { Route } from './+types/index.ts'

export async function loader({ url, context }: Route.LoaderArgs) {
	const user = getAdminUser(context)
	const tab = tabFromSearch(url.searchParams)
	const tabData = await loadAdminTab(tab, { user, url, requestId: context.get(requestInfoContext).requestId })
	return data({ tab, tabData }, { headers: { 'Cache-Control': 'no-store' } })
}

/**
 * The admin screen's forms posted without JavaScript: success goes back to
 * the tab (post/redirect/get), a refusal re-renders the form with the
 * reasons and what was typed.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
	const user = getAdminUser(context)
	const tab = tabFromSearch(url.searchParams)
	const form = await readFormData(request)
	const result = await runAdminAction(tab, form, { user, url, requestId: context.get(requestInfoContext).requestId })
	if (result.ok) throw redirect(`/admin?tab=${encodeURIComponent(tab)}`)
	return data(result, { status: result.status })
}

export default function AdminIndexRoute({ loaderData, actionData }: Route.ComponentProps) {
	const [searchParams] = useSearchParams()
	const tab = findTab(tabFromSearch(searchParams))
	const query = useAdminSearch()
	const failure = (actionData && !actionData.ok ? actionData : null) as ActionFailure | null
	if (!tab) {
		return (
			<section className="admin-panel" aria-labelledby="admin-panel-title">
				<h1 id="admin-panel-title">Bölüm bulunamadı</h1>
				<p className="notice" role="status">
					{msg.admin.notActive}
				</p>
			</section>
		)
	}
	if (tab.id === 'calendar' && loaderData.tabData) return <CalendarAdmin data={loaderData.tabData as CalendarAdminData} failure={failure} />
	return (
		<section className="admin-panel" aria-labelledby="admin-panel-title">
			<div className="admin-panel__head">
				<h1 id="admin-panel-title">{tab.label}</h1>
			</div>
			<div className="admin-table-wrap">
				<table className="admin-table">
					<caption className="sr-only">{tab.label}</caption>
					<tbody>
						<tr>
							<td className="admin-table__empty">{query ? 'Aramayla eşleşen kayıt yok.' : 'Bu bölümün kayıtları burada listelenecek.'}</td>
						</tr>
					</tbody>
				</table>
			</div>
		</section>
	)
}
