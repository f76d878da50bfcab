import { z } from 'zod'
import { msg } from '#app/lib/messages.ts'
import { foldTr, istanbulParts } from '#app/lib/tr.ts'

/** The fields of an award, their Turkish labels (form, table, CSV header and row errors say the same). */
export const AWARD_FIELD_LABELS = {
	award_year: 'Ödül yılı',
	first_name: 'Ad',
	last_name: 'Soyad',
	nds_surname: 'NDS soyadı',
	nds_year: 'NDS yılı',
	title: 'Unvan',
	profession: 'Meslek',
} as const

export type AwardField = keyof typeof AWARD_FIELD_LABELS

/** The school's first graduates: no NDS year can be earlier. */
export const FIRST_NDS_YEAR = 1870
/** The association was founded in 1987 (spec §1); its award cannot be older. */
export const FIRST_AWARD_YEAR = 1987

const requiredText = (field: AwardField, required: string, max: number) =>
	z.string().trim().min(1, required).max(max, msg.awards.tooLong(AWARD_FIELD_LABELS[field], max))

const optionalText = (field: AwardField, max: number) =>
	z
		.string()
		.trim()
		.max(max, msg.awards.tooLong(AWARD_FIELD_LABELS[field], max))
		.transform((value) => value || null)

/**
 * A four-digit year between `min` and this year in Istanbul (plus `ahead`),
 * checked when the form is read so the range moves with the calendar.
 */
function checkYear(value: string, ctx: z.RefinementCtx, field: AwardField, min: number, ahead: number): number {
	const label = AWARD_FIELD_LABELS[field]
	if (!/^\d{4}$/.test(value)) {
		ctx.addIssue({ code: 'custom', message: msg.awards.yearFormat(label) })
		return z.NEVER
	}
	const max = istanbulParts().year + ahead
	const number = Number(value)
	if (number < min || number > max) {
		ctx.addIssue({ code: 'custom', message: msg.awards.yearRange(label, min, max) })
		return z.NEVER
	}
	return number
}

const requiredYear = (field: AwardField, required: string, min: number, ahead: number) =>
	z
		.string()
		.trim()
		.transform((value, ctx) => {
			if (value) return checkYear(value, ctx, field, min, ahead)
			ctx.addIssue({ code: 'custom', message: required })
			return z.NEVER
		})

const optionalYear = (field: AwardField, min: number, ahead: number) =>
	z
		.string()
		.trim()
		.transform((value, ctx) => (value ? checkYear(value, ctx, field, min, ahead) : null))

/**
 * An award as the admin form and each CSV row give it (every value a
 * string): names required, years four digits in a sane range, the rest
 * trimmed with empty as null. The NDS surname is kept only when it differs
 * from the surname (spec: "surname at school if different").
 */
export const AwardFormSchema = z
	.object({
		award_year: optionalYear('award_year', FIRST_AWARD_YEAR, 1),
		first_name: requiredText('first_name', msg.awards.firstNameRequired, 100),
		last_name: requiredText('last_name', msg.awards.lastNameRequired, 100),
		nds_surname: optionalText('nds_surname', 100),
		nds_year: requiredYear('nds_year', msg.awards.ndsYearRequired, FIRST_NDS_YEAR, 0),
		title: optionalText('title', 100),
		profession: optionalText('profession', 200),
	})
	.superRefine((award, ctx) => {
		if (award.award_year !== null && award.award_year < award.nds_year)
			ctx.addIssue({ code: 'custom', path: ['award_year'], message: msg.awards.awardBeforeGraduation })
	})
	.transform((award) => ({
		...award,
		nds_surname: award.nds_surname !== null && foldTr(award.nds_surname) === foldTr(award.last_name) ? null : award.nds_surname,
	}))

export type AwardForm = z.output<typeof AwardFormSchema>

export const AWARD_FORM_FIELDS = Object.keys(AWARD_FIELD_LABELS) as Array<AwardField>
