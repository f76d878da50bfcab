import { z } from 'zod'
import { msg } from '#app/lib/messages.ts'

const isRealDay = (value: string) => {
	const [y, m, d] = value.split('-').map(Number)
	const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 0))
	return date.getUTCFullYear() === y && date.getUTCMonth() === (m ?? 1) - 1 && date.getUTCDate() === d
}

/** Spec §5 "Calendar": title and date required ("Lütfen tüm alanları doldurun."). */
export const CalendarEntryFormSchema = z.object({
	title: z.string().trim().min(1, msg.calendar.required).max(300, msg.validation.titleTooLong),
	date: z
		.string()
		.trim()
		.min(1, msg.calendar.required)
		.regex(/^\d{4}-\d{2}-\d{2}$/, msg.validation.dayFormat)
		.refine(isRealDay, msg.validation.noSuchDay),
})

export type CalendarEntryForm = z.infer<typeof CalendarEntryFormSchema>
