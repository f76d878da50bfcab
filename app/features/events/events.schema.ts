import { z } from 'zod'
import { istanbulDateTime, optionalText } from '#app/features/admin/schema-fields.ts'
import { msg } from '#app/lib/messages.ts'
import { slugify } from '#app/lib/slug.ts'

/** Spec §9: event slugs are at most 80 characters. */
export const EVENT_SLUG_MAX = 80
export const EVENT_SLUG_FALLBACK = 'etkinlik'

/** The names the event form posts (files aside). */
export const EVENT_FIELDS = ['title', 'slug', 'lead', 'body', 'starts_at', 'ends_at', 'location', 'featured_until'] as const

/**
 * Spec §5 "Events": the slug from the input, else generated from the title
 * (default 'etkinlik'). A typed slug is cleaned the same way; when nothing
 * is left of it the result is empty, refused with 'Başlık gerekli.'.
 */
export function eventSlug(typed: string, title: string): string {
	const text = typed.trim()
	return text ? slugify(text, { max: EVENT_SLUG_MAX }) : slugify(title, { max: EVENT_SLUG_MAX, fallback: EVENT_SLUG_FALLBACK })
}

/** Spec §5 "Events": title required; end, location and body optional, trimmed, empty becomes null. */
export const EventFormSchema = z
	.object({
		title: z.string().trim().min(1, msg.events.titleRequired).max(300, msg.validation.titleTooLong),
		slug: z.string().trim().max(300, msg.validation.slugTooLong),
		lead: optionalText(1000, msg.validation.leadTooLong),
		body: z.string().max(500_000, msg.validation.bodyTooLong),
		starts_at: istanbulDateTime(msg.validation.startsAtInvalid).refine((value) => value !== null, msg.events.startRequired),
		ends_at: istanbulDateTime(msg.validation.endsAtInvalid),
		location: optionalText(300, 'Yer en fazla 300 karakter olabilir.'),
		featured_home: z.boolean(),
		featured_until: istanbulDateTime(msg.validation.featuredUntilInvalid),
	})
	.transform((value, ctx) => {
		const slug = eventSlug(value.slug, value.title)
		if (!slug) ctx.addIssue({ code: 'custom', path: ['slug'], message: msg.events.slugEmpty })
		if (value.ends_at && value.starts_at && Date.parse(value.ends_at) <= Date.parse(value.starts_at)) {
			ctx.addIssue({ code: 'custom', path: ['ends_at'], message: msg.events.endBeforeStart })
		}
		return { ...value, slug, starts_at: value.starts_at as string }
	})

export type EventForm = z.infer<typeof EventFormSchema>
