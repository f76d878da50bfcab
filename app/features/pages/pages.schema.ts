import { z } from 'zod'
import { msg } from '#app/lib/messages.ts'

/** The names the page form posts (the image file aside). */
export const PAGE_FIELDS = ['slug', 'title', 'description', 'body', 'image_alt'] as const

export const PAGE_TITLE_MAX = 200
export const PAGE_DESCRIPTION_MAX = 300
export const PAGE_BODY_MAX = 500_000

/**
 * A static page's form: title, the short description search engines show,
 * and the body as HTML from the rich-text editor (sanitised by the server,
 * which also refuses a body with no text left).
 */
export const PageFormSchema = z.object({
	slug: z.string().trim().min(1, msg.pagesAdmin.notFound),
	title: z.string().trim().min(1, msg.pagesAdmin.titleRequired).max(PAGE_TITLE_MAX, msg.pagesAdmin.titleTooLong),
	description: z.string().trim().max(PAGE_DESCRIPTION_MAX, msg.pagesAdmin.descriptionTooLong),
	body: z.string().trim().min(1, msg.pagesAdmin.bodyRequired).max(PAGE_BODY_MAX, msg.pagesAdmin.bodyTooLong),
	image_alt: z.string().trim().max(300, msg.pagesAdmin.imageAltTooLong),
})

export type PageForm = z.infer<typeof PageFormSchema>
