import { z } from 'zod'
import { msg } from '#app/lib/messages.ts'

/** Spec §9: a perk without a sort index sorts as 999999 (the same value as the public list's). */
export const PERK_DEFAULT_SORT_INDEX = 999_999

const optionalText = (max: number) =>
	z
		.string()
		.trim()
		.max(max, `En fazla ${max} karakter yazabilirsiniz.`)
		.transform((value) => value || null)

/**
 * Spec §5 "Member perks": firm name required ('Firma adı gerekli'); the
 * other fields trimmed, empty becomes null; category defaults to 'Diğer'
 * and the sort index to 999999 (spec §9).
 */
export const MemberPerkFormSchema = z.object({
	business_name: z.string().trim().min(1, msg.perks.nameRequired).max(200, 'En fazla 200 karakter yazabilirsiniz.'),
	category: z
		.string()
		.trim()
		.max(100, 'En fazla 100 karakter yazabilirsiniz.')
		.transform((value) => value || msg.perks.otherCategory),
	discount: optionalText(500),
	discount_code: optionalText(100),
	contact_phone: optionalText(50),
	contact_email: optionalText(254).refine((value) => value === null || z.email().safeParse(value).success, msg.perks.emailInvalid),
	alumnus_name: optionalText(200),
	idx: z
		.string()
		.trim()
		.regex(/^(?:-?\d{1,9})?$/, msg.perks.idxInvalid)
		.transform((value) => (value ? Number(value) : PERK_DEFAULT_SORT_INDEX)),
})

export type MemberPerkForm = z.infer<typeof MemberPerkFormSchema>
