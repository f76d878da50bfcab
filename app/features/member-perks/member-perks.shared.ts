import { msg } from '#app/lib/messages.ts'
import { slugify } from '#app/lib/slug.ts'
import { compareTr } from '#app/lib/tr.ts'

/** The address parameter of the category chips (`?kategori=saglik`). */
export const CATEGORY_PARAM = 'kategori'

/** A link to one perk (`?avantaj=12#avantaj-12`) opens the list at the page that shows it. */
export const PERK_PARAM = 'avantaj'

/** The address of one perk in the public list: its category's chip, at the page that shows it. */
export function perkHref(id: number, categoryKey: string) {
	return `/uyelik/uyelere-avantajlar?${CATEGORY_PARAM}=${encodeURIComponent(categoryKey)}&${PERK_PARAM}=${id}#avantaj-${id}`
}

/** Spec §9: a missing category is shown as 'Diğer'. */
export function perkCategoryLabel(category: string | null | undefined) {
	return category?.trim() || msg.perks.otherCategory
}

export function perkCategoryKey(label: string) {
	return slugify(label, { max: 80, fallback: 'diger' })
}

/** The categories in use (each once, however it was typed), in Turkish order with 'Diğer' last. */
export function perkCategoryList(rows: Array<{ category: string | null }>): Array<string> {
	const byKey = new Map<string, string>()
	for (const row of rows) {
		const label = perkCategoryLabel(row.category)
		const key = perkCategoryKey(label)
		if (!byKey.has(key)) byKey.set(key, label)
	}
	const other = perkCategoryKey(msg.perks.otherCategory)
	byKey.set(other, msg.perks.otherCategory)
	return [...byKey.entries()]
		.toSorted(([a, aLabel], [b, bLabel]) => (a === other ? 1 : b === other ? -1 : compareTr(aLabel, bLabel)))
		.map(([, label]) => label)
}
