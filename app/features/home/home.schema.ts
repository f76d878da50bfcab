import { z } from 'zod'
import { optionalText } from '#app/features/admin/schema-fields.ts'
import { HERO_IMAGE_ASSETS } from '#app/lib/hero-assets.ts'
import { msg } from '#app/lib/messages.ts'

/** The home page's sections below the hero, in page order; each can be hidden (admin "Ana sayfa"). */
export const HOME_SECTIONS = ['agenda', 'announcements', 'intro', 'events', 'publications'] as const
export type HomeSection = (typeof HOME_SECTIONS)[number]

/**
 * Which home sections are shown, stored as the `homeSections` setting.
 * Every section defaults to shown, also one a stored value does not name
 * yet (a section added later).
 */
export const HomeSectionsSchema = z.object({
	agenda: z.boolean().default(true),
	announcements: z.boolean().default(true),
	intro: z.boolean().default(true),
	events: z.boolean().default(true),
	publications: z.boolean().default(true),
})
export type HomeSections = z.infer<typeof HomeSectionsSchema>

export const DEFAULT_HOME_SECTIONS: HomeSections = { agenda: true, announcements: true, intro: true, events: true, publications: true }

/** The names the slide form posts (the image file and its remove box aside). */
export const HERO_SLIDE_FIELDS = ['title', 'text', 'link_url', 'link_label', 'image_asset'] as const

/**
 * A slide's link: a path on this site (`/uyelik`, not `//host`) or an
 * https:// address; nothing else (no http://, javascript:, mailto:).
 */
export function isSlideLink(value: string) {
	if (/[\s\\]/.test(value) || [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return false
	if (value.startsWith('/')) return !value.startsWith('//')
	if (!/^https:\/\//i.test(value)) return false
	try {
		return new URL(value).protocol === 'https:' && new URL(value).hostname.length > 0
	} catch {
		return false
	}
}

/**
 * The slide form. Title required ('Başlık gerekli'); text, link and link
 * label optional (empty becomes null); a link label needs a link; the
 * built-in image is one of the site's own or none.
 */
export const HeroSlideFormSchema = z
	.object({
		title: z.string().trim().min(1, msg.announcements.titleRequired).max(200, msg.home.titleTooLong),
		text: optionalText(500, msg.home.textTooLong),
		link_url: optionalText(2000, msg.home.linkInvalid).refine((value) => value === null || isSlideLink(value), msg.home.linkInvalid),
		link_label: optionalText(60, msg.home.linkLabelTooLong),
		image_asset: z
			.string()
			.trim()
			.transform((value) => value || null)
			.refine((value) => value === null || (HERO_IMAGE_ASSETS as ReadonlyArray<string>).includes(value), msg.home.assetInvalid),
	})
	.superRefine((value, ctx) => {
		if (value.link_label && !value.link_url) ctx.addIssue({ code: 'custom', path: ['link_url'], message: msg.home.linkMissing })
	})

export type HeroSlideForm = z.infer<typeof HeroSlideFormSchema>
