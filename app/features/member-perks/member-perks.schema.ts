import { z } from 'zod'
import { msg } from '#app/lib/messages.ts'

/** Spec §9: a perk without a sort index sorts as 999999 (the same value as the public list's). */
export const PERK_DEFAULT_SORT_INDEX = 999_999

/** The category list's last choice: "Yeni kategori…", whose name is typed in `new_category`. */
export const NEW_CATEGORY = '__yeni__'

const optionalText = (max: number) =>
	z
		.string()
		.trim()
		.max(max, `En fazla ${max} karakter yazabilirsiniz.`)
		.transform((value) => value || null)

/**
 * A perk's web site as a visitor can follow it: `ornek.com` and
 * `www.ornek.com` gain `https://`; only http(s) addresses with a dotted host
 * pass. Null when the text is not such an address.
 */
export function normalizeWebAddress(text: string): string | null {
	const value = text.trim()
	if (!value || /\s/.test(value)) return null
	const withScheme = /^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value.replace(/^\/+/, '')}`
	let url: URL
	try {
		url = new URL(withScheme)
	} catch {
		return null
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
	if (!/^[^.]+(?:\.[^.]+)+$/.test(url.hostname) || url.username || url.password) return null
	return withScheme
}

/**
 * Spec §5 "Member perks": firm name required ('Firma adı gerekli'); the
 * other fields trimmed, empty becomes null; category defaults to 'Diğer'
 * and the sort index to 999999 (spec §9). The category is chosen from the
 * list, or typed in `new_category` ("Yeni kategori"), which wins when filled.
 */
export const MemberPerkFormSchema = z
	.object({
		business_name: z.string().trim().min(1, msg.perks.nameRequired).max(200, 'En fazla 200 karakter yazabilirsiniz.'),
		category: z.string().trim().max(100, 'En fazla 100 karakter yazabilirsiniz.'),
		new_category: z.string().trim().max(100, 'En fazla 100 karakter yazabilirsiniz.'),
		discount: optionalText(500),
		discount_code: optionalText(100),
		contact_phone: optionalText(50),
		contact_email: optionalText(254).refine((value) => value === null || z.email().safeParse(value).success, msg.perks.emailInvalid),
		contact_web: optionalText(500).refine((value) => value === null || normalizeWebAddress(value) !== null, msg.perks.webInvalid),
		contact_address: optionalText(300),
		alumnus_name: optionalText(200),
		idx: z
			.string()
			.trim()
			.regex(/^(?:-?\d{1,9})?$/, msg.perks.idxInvalid)
			.transform((value) => (value ? Number(value) : PERK_DEFAULT_SORT_INDEX)),
	})
	.superRefine((form, ctx) => {
		if (form.category === NEW_CATEGORY && !form.new_category) {
			ctx.addIssue({ code: 'custom', path: ['new_category'], message: msg.perks.newCategoryRequired })
		}
	})
	.transform(({ new_category, category, contact_web, ...fields }) => ({
		...fields,
		category: new_category || (category === NEW_CATEGORY ? '' : category) || msg.perks.otherCategory,
		contact_web: contact_web === null ? null : normalizeWebAddress(contact_web),
	}))

export type MemberPerkForm = z.infer<typeof MemberPerkFormSchema>
