import { createContext, useContext } from 'react'
import { msg } from '#app/lib/messages.ts'

/**
 * Who may open a section. Every signed-in account of the admin area is an
 * administrator today; the field is where a narrower role will be named.
 */
export type SectionAccess = 'admin'

/**
 * The admin's sections, in the order of the sidebar. Each is a nested route
 * `/admin/<slug>` whose module sits at `app/routes/admin/sections/<slug>.tsx`
 * (the route table is built from this list); `legacyTab` is the old
 * `/admin?tab=…` name that still redirects here.
 */
export const ADMIN_SECTIONS = [
	{ slug: 'duyurular', label: msg.announcements.adminTitle, access: 'admin', legacyTab: 'announcements' },
	{ slug: 'etkinlikler', label: msg.events.adminTitle, access: 'admin', legacyTab: 'events' },
	{ slug: 'takvim', label: msg.calendar.adminTitle, access: 'admin', legacyTab: 'calendar' },
	{ slug: 'bultenler', label: msg.bulletins.adminTitle, access: 'admin', legacyTab: 'bulletins' },
	{ slug: 'mezun-haberleri', label: msg.alumniNews.adminTitle, access: 'admin', legacyTab: 'alumniNews' },
	{ slug: 'uye-avantajlari', label: msg.perks.adminTitle, access: 'admin', legacyTab: 'memberPerks' },
	{ slug: 'sayfalar', label: msg.pagesAdmin.title, access: 'admin' },
	{ slug: 'ana-sayfa', label: msg.home.adminTitle, access: 'admin' },
	{ slug: 'yonetim-kurulu', label: msg.board.adminTitle, access: 'admin' },
	{ slug: 'oduller', label: msg.awards.adminTitle, access: 'admin' },
	{ slug: 'edebiyat-odulu', label: msg.literature.adminTitle, access: 'admin' },
	{ slug: 'ayarlar', label: msg.settings.title, access: 'admin' },
] as const satisfies ReadonlyArray<{ slug: string; label: string; access: SectionAccess; legacyTab?: string }>

export type AdminSectionSlug = (typeof ADMIN_SECTIONS)[number]['slug']

/** The first section: where `/admin` opens. */
export const DEFAULT_SECTION: AdminSectionSlug = 'duyurular'

export function findSection(slug: string) {
	return ADMIN_SECTIONS.find((section) => section.slug === slug) ?? null
}

/** The section an old `/admin?tab=<id>` link meant, or null. */
export function sectionForLegacyTab(tab: string) {
	return ADMIN_SECTIONS.find((section) => 'legacyTab' in section && section.legacyTab === tab) ?? null
}

/** `/admin/<slug>` with extra parameters (new, edit, delete). */
export function sectionHref(slug: string, extra: Record<string, string | number> = {}) {
	const params = new URLSearchParams()
	for (const [key, value] of Object.entries(extra)) params.set(key, String(value))
	const query = params.toString()
	return `/admin/${slug}${query ? `?${query}` : ''}`
}

/** The text of the admin search box; each section's table filters its rows by it. */
export const AdminSearchContext = createContext('')

export function useAdminSearch() {
	return useContext(AdminSearchContext)
}
