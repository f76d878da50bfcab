import { data, redirect, useSearchParams } from 'react-router'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { findTab, tabFromSearch, useAdminSearch } from '#app/features/admin/admin-tabs.ts'
import { loadAdminTab, runAdminAction } from '#app/features/admin/admin-tabs.server.ts'
import { AlumniNewsAdmin } from '#app/features/alumni-news/components/alumni-news-admin.tsx'
import type { AlumniNewsAdminData } from '#app/features/alumni-news/alumni-news.admin.server.ts'
import { AnnouncementsAdmin } from '#app/features/announcements/components/announcements-admin.tsx'
import type { AnnouncementsAdminData } from '#app/features/announcements/announcements.admin.server.ts'
import { BulletinsAdmin } from '#app/features/bulletins/components/bulletins-admin.tsx'
import type { BulletinAdminData } from '#app/features/bulletins/bulletins.admin.server.ts'
import { CalendarAdmin } from '#app/features/calendar/components/calendar-admin.tsx'
import type { CalendarAdminData } from '#app/features/calendar/calendar.admin.server.ts'
import { EventsAdmin } from '#app/features/events/components/events-admin.tsx'
import type { EventsAdminData } from '#app/features/events/events.admin.server.ts'
import { MemberPerksAdmin } from '#app/features/member-perks/components/member-perks-admin.tsx'
import type { MemberPerkAdminData } from '#app/features/member-perks/member-perks.admin.server.ts'
import { getAdminUser } from '#app/lib/auth-guard.server.ts'
import { MAX_UPLOAD_FORM_BYTES, readFormData } from '#app/lib/form-data.server.ts'
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
	const form = await readFormData(request, MAX_UPLOAD_FORM_BYTES)
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
	if (tab.id === 'announcements' && loaderData.tabData)
		return <AnnouncementsAdmin data={loaderData.tabData as AnnouncementsAdminData} failure={failure} />
	if (tab.id === 'events' && loaderData.tabData) return <EventsAdmin data={loaderData.tabData as EventsAdminData} failure={failure} />
	if (tab.id === 'calendar' && loaderData.tabData) return <CalendarAdmin data={loaderData.tabData as CalendarAdminData} failure={failure} />
	if (tab.id === 'bulletins' && loaderData.tabData)
		return <BulletinsAdmin data={loaderData.tabData as BulletinAdminData} failure={failure} />
	if (tab.id === 'alumniNews' && loaderData.tabData)
		return <AlumniNewsAdmin data={loaderData.tabData as AlumniNewsAdminData} failure={failure} />
	if (tab.id === 'memberPerks' && loaderData.tabData)
		return <MemberPerksAdmin data={loaderData.tabData as MemberPerkAdminData} failure={failure} />
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
