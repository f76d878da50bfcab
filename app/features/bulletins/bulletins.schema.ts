import { z } from 'zod'
import { msg } from '#app/lib/messages.ts'

/** The association was founded in 1987; nothing sensible is published before it or far ahead. */
export const BULLETIN_MIN_YEAR = 1987
export const BULLETIN_MAX_YEAR = 2100

/**
 * Spec §5 "Bulletins": year numeric, month chosen from the 12 Turkish month
 * names (1–12). The PDF is checked by content on the server, not here.
 */
export const BulletinFormSchema = z.object({
	year: z
		.string()
		.trim()
		.regex(/^\d{4}$/, msg.bulletins.yearInvalid)
		.transform(Number)
		.refine(
			(year) => year >= BULLETIN_MIN_YEAR && year <= BULLETIN_MAX_YEAR,
			msg.bulletins.yearRange(BULLETIN_MIN_YEAR, BULLETIN_MAX_YEAR),
		),
	month: z
		.string()
		.trim()
		.regex(/^(?:[1-9]|1[0-2])$/, msg.bulletins.monthInvalid)
		.transform(Number),
})

export type BulletinForm = z.infer<typeof BulletinFormSchema>
