import type { AuditKind } from '#app/lib/db-types.ts'
import { msg } from '#app/lib/messages.ts'

/**
 * The audit log's codes in Turkish: kinds ("Giriş", "Hesap", "İçerik",
 * "Ayarlar"), actions per kind and the kinds of item. An unknown code is
 * shown as it is, so a newer entry is never hidden. Pure, safe for the browser.
 */

const m = msg.auditLog

export const AUDIT_KINDS = ['auth', 'account', 'content', 'settings'] as const satisfies ReadonlyArray<AuditKind>

export function isAuditKind(value: unknown): value is AuditKind {
	return typeof value === 'string' && (AUDIT_KINDS as ReadonlyArray<string>).includes(value)
}

export function kindLabel(kind: string): string {
	return isAuditKind(kind) ? m.kinds[kind] : kind
}

/** "Giriş yaptı", "Çöp kutusuna taşındı", …; the code itself when it has no label. */
export function actionLabel(kind: string, action: string): string {
	if (!isAuditKind(kind)) return action
	const labels: Record<string, string> = m.actions[kind]
	return Object.hasOwn(labels, action) ? (labels[action] ?? action) : action
}

const settingsGroups: Record<string, string> = msg.settings.groups

/** "Duyuru", "Ayarlar › İletişim", "Kullanıcı"; the code itself when it has no label. */
export function itemKindLabel(itemKind: string | null): string {
	if (!itemKind) return ''
	if (itemKind.startsWith('settings:')) {
		const group = itemKind.slice('settings:'.length)
		const name = Object.hasOwn(settingsGroups, group) ? settingsGroups[group] : group
		return `${m.itemKinds.settings} › ${name}`
	}
	const labels: Record<string, string> = m.itemKinds
	return Object.hasOwn(labels, itemKind) ? (labels[itemKind] ?? itemKind) : itemKind
}

/** The admin section that edits an item of this kind (and how it names the item in `?edit=`). */
export const SECTION_OF_ITEM_KIND: Record<string, { slug: string; key: 'id' | 'slug' }> = {
	announcements: { slug: 'duyurular', key: 'id' },
	events: { slug: 'etkinlikler', key: 'id' },
	calendar_entries: { slug: 'takvim', key: 'id' },
	bulletins: { slug: 'bultenler', key: 'id' },
	alumni_news: { slug: 'mezun-haberleri', key: 'id' },
	member_perks: { slug: 'uye-avantajlari', key: 'id' },
	pages: { slug: 'sayfalar', key: 'slug' },
	hero_slides: { slug: 'ana-sayfa', key: 'id' },
	board_members: { slug: 'yonetim-kurulu', key: 'id' },
	awards: { slug: 'oduller', key: 'id' },
	literature_award_years: { slug: 'edebiyat-odulu', key: 'id' },
	literature_books: { slug: 'edebiyat-odulu', key: 'id' },
}
