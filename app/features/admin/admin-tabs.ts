import { createContext, useContext } from 'react'

/** Spec §2 "Admin screen": six tabs, announcements first and by default. */
export const ADMIN_TABS = [
	{ id: 'announcements', label: 'Duyurular' },
	{ id: 'events', label: 'Etkinlikler' },
	{ id: 'calendar', label: 'Takvim' },
	{ id: 'bulletins', label: 'Bültenler' },
	{ id: 'alumniNews', label: 'Mezunlardan Haberler' },
	{ id: 'memberPerks', label: 'Üye Avantajları' },
] as const

export type AdminTabId = (typeof ADMIN_TABS)[number]['id']

/** The tab named in `?tab=`, the default for none, or the unknown value as given. */
export function tabFromSearch(params: URLSearchParams): AdminTabId | string {
	return params.get('tab')?.trim() || 'announcements'
}

export function findTab(id: string) {
	return ADMIN_TABS.find((tab) => tab.id === id) ?? null
}

/** The text of the admin search box; each tab's table filters its rows by it. */
export const AdminSearchContext = createContext('')

export function useAdminSearch() {
	return useContext(AdminSearchContext)
}
