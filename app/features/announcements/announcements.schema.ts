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
	title: z.string().trim().min(1, msg.announcements.titleRequired).max(300, 'Başlık en fazla 300 karakter olabilir.'),
	lead: optionalText(1000, 'Kısa açıklama en fazla 1000 karakter olabilir.'),
	body: z.string().max(500_000, 'Metin çok uzun.'),
	date: z
		.string()
		.trim()
		.transform((value) => value || istanbulToday())
		.refine(isRealDay, 'Böyle bir tarih yok.'),
	status: z
		.string()
		.trim()
		.transform((value) => value || 'draft')
		.pipe(z.enum(ANNOUNCEMENT_STATUSES, 'Durumu listeden seçin.')),
	featured_home: z.boolean(),
	featured_until: istanbulDateTime('Öne çıkma bitişi için geçerli bir tarih ve saat seçin.'),
})

export type AnnouncementForm = z.infer<typeof AnnouncementFormSchema>
