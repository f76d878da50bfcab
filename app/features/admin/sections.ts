import { createContext, useContext } from 'react'
import type { UserRole } from '#app/lib/db-types.ts'
import { msg } from '#app/lib/messages.ts'

/**
 * Who may open a section: `editor` — every account of the admin area
 * (editör and yönetici); `admin` — yönetici only (users, settings, the
 * audit log). Enforced on the server for every loader and action of the
 * section (section-route.server.ts); the sidebar only mirrors it.
 */
export type SectionAccess = 'admin' | 'editor'

/** Whether an account with `role` may open a section with `access`. */
export function mayOpen(role: UserRole, access: SectionAccess) {
	return access === 'editor' || role === 'admin'
}

/** The sidebar's groups, in order: the site's content, the association's own settings and people, the signed-in account. */
export const SECTION_GROUPS = [
	{ id: 'content', label: msg.admin.groupContent },
	{ id: 'association', label: msg.admin.groupAssociation },
	{ id: 'account', label: msg.admin.groupAccount },
] as const

export type SectionGroup = (typeof SECTION_GROUPS)[number]['id']

/**
 * The admin's sections, in the order of the sidebar. Each is a nested route
 * `/admin/<slug>` whose module sits at `app/routes/admin/sections/<slug>.tsx`
 * (the route table is built from this list); `legacyTab` is the old
 * `/admin?tab=…` name that still redirects here.
 */
export const ADMIN_SECTIONS = [
	{ slug: 'duyurular', label: msg.announcements.adminTitle, access: 'editor', group: 'content', legacyTab: 'announcements' },
	{ slug: 'etkinlikler', label: msg.events.adminTitle, access: 'editor', group: 'content', legacyTab: 'events' },
	{ slug: 'takvim', label: msg.calendar.adminTitle, access: 'editor', group: 'content', legacyTab: 'calendar' },
	{ slug: 'bultenler', label: msg.bulletins.adminTitle, access: 'editor', group: 'content', legacyTab: 'bulletins' },
	{ slug: 'mezun-haberleri', label: msg.alumniNews.adminTitle, access: 'editor', group: 'content', legacyTab: 'alumniNews' },
	{ slug: 'uye-avantajlari', label: msg.perks.adminTitle, access: 'editor', group: 'content', legacyTab: 'memberPerks' },
	{ slug: 'sayfalar', label: msg.pagesAdmin.title, access: 'editor', group: 'content' },
	{ slug: 'ana-sayfa', label: msg.home.adminTitle, access: 'editor', group: 'content' },
	{ slug: 'yonetim-kurulu', label: msg.board.adminTitle, access: 'editor', group: 'content' },
	{ slug: 'oduller', label: msg.awards.adminTitle, access: 'editor', group: 'content' },
	{ slug: 'edebiyat-odulu', label: msg.literature.adminTitle, access: 'editor', group: 'content' },
	{ slug: 'cop-kutusu', label: msg.trash.title, access: 'editor', group: 'content' },
	// The contact form's messages are personal data: yöneticiler only.
	{ slug: 'mesajlar', label: msg.contactAdmin.title, access: 'admin', group: 'association' },
	{ slug: 'kullanicilar', label: msg.users.title, access: 'admin', group: 'association' },
	{ slug: 'ayarlar', label: msg.settings.title, access: 'admin', group: 'association' },
	{ slug: 'kayitlar', label: msg.auditLog.title, access: 'admin', group: 'association' },
	{ slug: 'hesabim', label: msg.account.title, access: 'editor', group: 'account' },
	{ slug: 'iki-adimli-dogrulama', label: msg.twoFactor.title, access: 'editor', group: 'account' },
	{ slug: 'oturumlar', label: msg.sessions.title, access: 'editor', group: 'account' },
] as const satisfies ReadonlyArray<{ slug: string; label: string; access: SectionAccess; group: SectionGroup; legacyTab?: string }>

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
