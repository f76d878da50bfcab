import { sql } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { mailtoHref, telHref } from '#app/lib/links.ts'
import type { ImageRef } from '#app/lib/media.ts'
import { imageRef } from '#app/lib/media.server.ts'
import { msg } from '#app/lib/messages.ts'
import { compareTr } from '#app/lib/tr.ts'
import { normalizeWebAddress } from './member-perks.schema.ts'
import { perkCategoryKey, perkCategoryLabel } from './member-perks.shared.ts'

/** Spec §9: a perk without a sort index sorts as 999999. */
export const DEFAULT_PERK_INDEX = 999_999

export type MemberPerk = {
	id: number
	businessName: string
	/** Spec §9: a missing category is 'Diğer'. */
	category: string
	categoryKey: string
	discount: string | null
	discountCode: string | null
	alumnusName: string | null
	phone: string | null
	email: string | null
	logo: ImageRef | null
	/** 'iletişime geç': every contact the perk has, in this order: phone, e-mail, web site, address. */
	contacts: Array<PerkContact>
}

/** One way to reach a perk's firm: `href` is null when it cannot be followed (an address, a malformed e-mail). */
export type PerkContact = { kind: 'phone' | 'email' | 'web' | 'address'; text: string; href: string | null }

export type PerkCategory = { key: string; label: string; count: number }

/** Spec §7 "member_perks": by idx ascending (missing = 999999), then created_at descending. */
export async function listMemberPerks(): Promise<Array<MemberPerk>> {
	const rows = await db
		.selectFrom('member_perks')
		.select([
			'id',
			'business_name',
			'category',
			'discount',
			'discount_code',
			'contact_phone',
			'contact_email',
			'contact_web',
			'contact_address',
			'alumnus_name',
			'logo_url',
			'idx',
			'created_at',
		])
		.orderBy(sql`coalesce(idx, ${sql.lit(DEFAULT_PERK_INDEX)})`, 'asc')
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.execute()
	return rows.map((row) => {
		const category = perkCategoryLabel(row.category)
		const phone = row.contact_phone?.trim() || null
		const email = row.contact_email?.trim() || null
		return {
			id: row.id,
			businessName: row.business_name,
			category,
			categoryKey: perkCategoryKey(category),
			discount: row.discount?.trim() || null,
			discountCode: row.discount_code?.trim() || null,
			alumnusName: row.alumnus_name?.trim() || null,
			phone,
			email,
			logo: imageRef(row.logo_url),
			contacts: perkContacts({ phone, email, web: row.contact_web, address: row.contact_address }),
		}
	})
}

/** Spec §5: the phone reduced to digits and plus for its tel: link; a web site shown without https://. */
export function perkContacts(perk: {
	phone: string | null
	email: string | null
	web: string | null
	address: string | null
}): Array<PerkContact> {
	const contacts: Array<PerkContact> = []
	const phone = perk.phone?.trim()
	if (phone) contacts.push({ kind: 'phone', text: phone, href: telHref(phone) })
	const email = perk.email?.trim()
	if (email) contacts.push({ kind: 'email', text: email, href: mailtoHref(email) })
	const web = normalizeWebAddress(perk.web ?? '')
	if (web) contacts.push({ kind: 'web', text: web.replace(/^https?:\/\//i, '').replace(/\/$/, ''), href: web })
	const address = perk.address?.trim()
	if (address) contacts.push({ kind: 'address', text: address, href: null })
	return contacts
}

/** The categories present, in Turkish order with 'Diğer' last (chips after 'Tümü'). */
export function listPerkCategories(perks: Array<MemberPerk>): Array<PerkCategory> {
	const byKey = new Map<string, PerkCategory>()
	for (const perk of perks) {
		const entry = byKey.get(perk.categoryKey)
		if (entry) entry.count++
		else byKey.set(perk.categoryKey, { key: perk.categoryKey, label: perk.category, count: 1 })
	}
	const other = perkCategoryKey(msg.perks.otherCategory)
	return [...byKey.values()].toSorted((a, b) => {
		if (a.key === other) return 1
		if (b.key === other) return -1
		return compareTr(a.label, b.label)
	})
}
