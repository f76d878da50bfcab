import { Outlet } from 'react-router'
import { PageTitle } from '#app/components/page-hero.tsx'
import type { SiteHandle } from '#app/lib/handle.ts'

export const handle: SiteHandle = { navTheme: 'light', hideNavbar: true, hideFooter: true, hydrate: true }

export default function AdminLayoutRoute() {
	return (
		<>
			<PageTitle title="Yönetim Paneli" />
			<Outlet />
		</>
	)
}
