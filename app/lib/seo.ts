import type { MetaDescriptor } from 'react-router'
import { breadcrumbsOf } from './structured-data.ts'

export type RootSeoData = { origin: string; siteName: string }

type MetaArgsLike = {
	location: { pathname: string }
	matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>
}

/** An image drawn for sharing (an item's share card), of known size and type. */
export type SeoShareCard = { src: string; width: number; height: number; type: string }

type SeoInput = {
	title: string
	description: string
	/** Absolute or site-relative image address for sharing. */
	image?: string | null
	/** The item's drawn share card: shared instead of `image` when there is one, with its size, type and the title as its text. */
	shareCard?: SeoShareCard | null
	type?: 'website' | 'article'
	noindex?: boolean
	/** The canonical path when the page has several addresses (default: the one asked for). */
	path?: string
}

function rootData(args: MetaArgsLike): RootSeoData {
	const root = args.matches.find((m) => m?.id === 'root')?.loaderData as { seo?: RootSeoData } | undefined
	return root?.seo ?? { origin: '', siteName: 'NDS Mezunları Derneği' }
}

/**
 * Title, description, canonical address and Open Graph tags for a page.
 * Titles read "Page | Association"; the home page passes the site name alone.
 */
export function seo(args: MetaArgsLike, input: SeoInput): Array<MetaDescriptor> {
	const { origin, siteName } = rootData(args)
	const title = input.title === siteName ? siteName : `${input.title} | ${siteName}`
	const url = `${origin}${input.path ?? args.location.pathname}`
	const absolute = (src: string) => (src.startsWith('http') ? src : `${origin}${src}`)
	const card = input.shareCard ?? null
	const image = card ? absolute(card.src) : input.image ? absolute(input.image) : `${origin}/og-image.jpg`
	const tags: Array<MetaDescriptor> = [
		{ title },
		{ name: 'description', content: input.description },
		{ tagName: 'link', rel: 'canonical', href: url },
		{ property: 'og:site_name', content: siteName },
		{ property: 'og:locale', content: 'tr_TR' },
		{ property: 'og:type', content: input.type ?? 'website' },
		{ property: 'og:title', content: input.title },
		{ property: 'og:description', content: input.description },
		{ property: 'og:url', content: url },
		{ property: 'og:image', content: image },
	]
	if (card) {
		tags.push(
			{ property: 'og:image:width', content: String(card.width) },
			{ property: 'og:image:height', content: String(card.height) },
			{ property: 'og:image:type', content: card.type },
			{ property: 'og:image:alt', content: input.title },
		)
	}
	tags.push({ name: 'twitter:card', content: 'summary_large_image' }, { name: 'twitter:image', content: image })
	if (input.noindex) tags.push({ name: 'robots', content: 'noindex, nofollow' })
	const breadcrumbs = input.noindex ? null : breadcrumbsOf(args, input.path ?? args.location.pathname, input.title)
	if (breadcrumbs) tags.push({ 'script:ld+json': breadcrumbs })
	return tags
}
