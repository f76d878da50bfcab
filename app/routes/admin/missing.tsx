import { data } from 'react-router'
import { msg } from '#app/lib/messages.ts'

/** An admin address that names no section: a 404 inside the admin, with its menu. */
export function loader() {
	return data(null, { status: 404, headers: { 'Cache-Control': 'no-store' } })
}

export default function AdminMissingRoute() {
	return (
		<section className="admin-panel" aria-labelledby="admin-panel-title">
			<h1 id="admin-panel-title">{msg.admin.missingTitle}</h1>
			<p className="notice" role="status">
				{msg.admin.notActive}
			</p>
		</section>
	)
}
