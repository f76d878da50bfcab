import { z } from 'zod'
import { istanbulDateTime, isRealDay, optionalText } from '#app/features/admin/schema-fields.ts'
import { msg } from '#app/lib/messages.ts'
import { istanbulToday } from '#app/lib/tr.ts'

/** Spec §3: the form model's status; published stores the date in published_at, draft stores null. */
export const ANNOUNCEMENT_STATUSES = ['draft', 'published'] as const
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number]

/** The names the announcement form posts (files aside). */
export const ANNOUNCEMENT_FIELDS = ['title', 'lead', 'body', 'date', 'status', 'featured_until'] as const

/**
 * The announcement form. The spec shows no required-field check for
 * announcements; an empty title is refused anyway ('Başlık gerekli'), the
 * column cannot be empty. An empty date is today (Istanbul), an empty
 * status a draft (spec §4: a new announcement defaults to draft, today).
 */
export const AnnouncementFormSchema = z.object({
	title: z.string().trim().min(1, msg.announcements.titleRequired).max(300, msg.validation.titleTooLong),
	lead: optionalText(1000, msg.validation.leadTooLong),
	body: z.string().max(500_000, msg.validation.bodyTooLong),
	date: z
		.string()
		.trim()
		.transform((value) => value || istanbulToday())
		.refine(isRealDay, msg.validation.noSuchDay),
	status: z
		.string()
		.trim()
		.transform((value) => value || 'draft')
		.pipe(z.enum(ANNOUNCEMENT_STATUSES, msg.validation.chooseStatus)),
	featured_home: z.boolean(),
	featured_until: istanbulDateTime(msg.validation.featuredUntilInvalid),
})

export type AnnouncementForm = z.infer<typeof AnnouncementFormSchema>
