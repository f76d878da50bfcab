import { sql } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { mailtoHref, telHref } from '#app/lib/links.ts'
import type { ImageRef } from '#app/lib/media.ts'
import { imageRef } from '#app/lib/media.server.ts'
import { msg } from '#app/lib/messages.ts'
import { pageInfo, type PageInfo } from '#app/lib/pagination.ts'
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

/** A chip of the public list: `stored` holds the column's values that show as this category (null for none). */
export type PerkCategory = { key: string; label: string; count: number; stored: Array<string | null> }

/** Perks on one page of the public list (`?sayfa=`): a phone shows a screenful, a category rarely needs a second page. */
export const PERKS_PER_PAGE = 24

/** The columns a perk is shown with (the public list; the admin list adds its order and date). */
export const PERK_COLUMNS = [
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
] as const

/**
 * Spec §7 "member_perks": by idx ascending (missing = 999999), then created_at descending; read in
 * that order through member_perks_order_idx, which holds the same expression.
 */
export function perksInOrder(categories: PerkCategory['stored'] | null) {
	let query = db.selectFrom('member_perks').select(PERK_COLUMNS)
	if (categories) {
		const named = categories.filter((category): category is string => category !== null)
		const unnamed = categories.includes(null)
		query = query.where((eb) =>
			eb.or([...(named.length > 0 ? [eb('category', 'in', named)] : []), ...(unnamed ? [eb('category', 'is', null)] : [])]),
		)
	}
	return query
		.orderBy(sql`coalesce(idx, ${sql.lit(DEFAULT_PERK_INDEX)})`, 'asc')
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
}

type PerkRow = Awaited<ReturnType<ReturnType<typeof perksInOrder>['execute']>>[number]

function toPerk(row: PerkRow): MemberPerk {
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
}

/** Every perk, in the spec's order. */
export async function listMemberPerks(): Promise<Array<MemberPerk>> {
	return (await perksInOrder(null).execute()).map(toPerk)
}

/** Each stored category and its number of perks, counted in member_perks_category_idx. */
export function categoryCounts() {
	return db
		.selectFrom('member_perks')
		.select(['category', sql<number>`count(*)`.as('count')])
		.groupBy('category')
}

/**
 * The categories in use with their counts, from one grouped query (however a
 * category was typed, `Sağlık` and ` sağlık`, it is one chip).
 */
export async function listPerkCategoryCounts(): Promise<Array<PerkCategory>> {
	const rows = await categoryCounts().execute()
	const byKey = new Map<string, PerkCategory>()
	for (const row of rows) {
		const label = perkCategoryLabel(row.category)
		const key = perkCategoryKey(label)
		const entry = byKey.get(key)
		if (entry) {
			entry.count += Number(row.count)
			entry.stored.push(row.category)
		} else byKey.set(key, { key, label, count: Number(row.count), stored: [row.category] })
	}
	return sortCategories([...byKey.values()])
}

/**
 * One page of the public list, all perks or one category's: the page's rows
 * only, whatever the number of perks (the counts come from the categories).
 */
export async function listMemberPerksPage({
	categories,
	category = null,
	page = 1,
	perPage = PERKS_PER_PAGE,
}: {
	categories: Array<PerkCategory>
	category?: PerkCategory | null
	page?: number
	perPage?: number
}): Promise<{ items: Array<MemberPerk>; page: PageInfo }> {
	const total = category ? category.count : categories.reduce((sum, c) => sum + c.count, 0)
	const info = pageInfo(total, page, perPage)
	if (total === 0) return { items: [], page: info }
	const rows = await perksInOrder(category?.stored ?? null)
		.limit(perPage)
		.offset((info.page - 1) * perPage)
		.execute()
	return { items: rows.map(toPerk), page: info }
}

/**
 * The page of the public list (all perks, or `category`'s) that shows perk
 * `id`, for links to one perk (site search): counted in the database, so it
 * stays right however the list changes. Null for a perk that is not there.
 */
export async function pageOfPerk(id: number, category: PerkCategory | null, perPage = PERKS_PER_PAGE): Promise<number | null> {
	const order = sql<number>`coalesce(idx, ${sql.lit(DEFAULT_PERK_INDEX)})`
	const perk = await db
		.selectFrom('member_perks')
		.select(['id', 'category', 'created_at', order.as('position')])
		.where('id', '=', id)
		.executeTakeFirst()
	if (!perk || (category && !category.stored.includes(perk.category))) return null
	const before = await perksInOrder(category?.stored ?? null)
		.clearSelect()
		.clearOrderBy()
		.select(sql<number>`count(*)`.as('n'))
		.where((eb) =>
			eb.or([
				eb(order, '<', perk.position),
				eb.and([eb(order, '=', perk.position), eb('created_at', '>', perk.created_at)]),
				eb.and([eb(order, '=', perk.position), eb('created_at', '=', perk.created_at), eb('id', '>', perk.id)]),
			]),
		)
		.executeTakeFirstOrThrow()
	return Math.floor(Number(before.n) / perPage) + 1
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

/** Categories in Turkish order with 'Diğer' last (chips after 'Tümü'). */
function sortCategories<C extends { key: string; label: string }>(categories: Array<C>): Array<C> {
	const other = perkCategoryKey(msg.perks.otherCategory)
	return categories.toSorted((a, b) => {
		if (a.key === other) return 1
		if (b.key === other) return -1
		return compareTr(a.label, b.label)
	})
}
