import { useSearchParams } from 'react-router'
import { findTab, tabFromSearch, useAdminSearch } from '#app/features/admin/admin-tabs.ts'
import { msg } from '#app/lib/messages.ts'

export default function AdminIndexRoute() {
	const [searchParams] = useSearchParams()
	const tab = findTab(tabFromSearch(searchParams))
	const query = useAdminSearch()
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
