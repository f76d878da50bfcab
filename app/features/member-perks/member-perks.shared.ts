import { msg } from '#app/lib/messages.ts'
import { slugify } from '#app/lib/slug.ts'

/** The address parameter of the category chips (`?kategori=saglik`). */
export const CATEGORY_PARAM = 'kategori'

/** Spec §9: a missing category is shown as 'Diğer'. */
export function perkCategoryLabel(category: string | null | undefined) {
	return category?.trim() || msg.perks.otherCategory
}

export function perkCategoryKey(label: string) {
	return slugify(label, { max: 80, fallback: 'diger' })
}
