import { z } from 'zod'
import { msg } from '#app/lib/messages.ts'

const isHttpAddress = (value: string) => {
	if (!/^https?:\/\//i.test(value)) return false
	try {
		return Boolean(new URL(value).hostname)
	} catch {
		return false
	}
}

/**
 * Spec §5 "Alumni news": title required ('Başlık zorunlu.'); link and
 * description trimmed, empty becomes null. A link, when given, must be an
 * http(s) address: the public page opens it in a new tab as the source.
 */
export const AlumniNewsFormSchema = z.object({
	title: z.string().trim().min(1, msg.alumniNews.titleRequired).max(300, msg.alumniNews.titleTooLong),
	link: z
		.string()
		.trim()
		.max(2000, msg.validation.linkTooLong)
		.refine((value) => value === '' || isHttpAddress(value), msg.alumniNews.linkInvalid)
		.transform((value) => value || null),
	description: z
		.string()
		.trim()
		.max(20_000, msg.validation.descriptionTooLong)
		.transform((value) => value || null),
})

export type AlumniNewsForm = z.infer<typeof AlumniNewsFormSchema>
