import type { MetaDescriptor } from 'react-router'
import { msg } from './messages.ts'
import { istanbulParts } from './tr.ts'

/**
 * Structured data for search engines (schema.org JSON-LD): the association
 * as an Organization on the home page, an Event on each event page, a
 * NewsArticle on announcement and alumni-news pages and a BreadcrumbList on
 * every page below the home page. Each goes into the page's head through
 * React Router's `script:ld+json` meta descriptor, which escapes `<`, `>`
 * and `&` (as \u003c…), so no content can close the script element. No
 * JavaScript runs: the type is data.
 */

/** What the root loader tells every page about the association (from Ayarlar). */
export type OrganizationFacts = {
	name: string
	shortName: string
	foundedYear: number
	email: string | null
	telephone: string | null
	addressLines: ReadonlyArray<string>
	/** The non-empty social links. */
	sameAs: ReadonlyArray<string>
}

/** The site menu (app/components/layout/menu.ts), which the root loader hands down for breadcrumbs. */
export type BreadcrumbMenu = ReadonlyArray<{ label: string; to: string; children?: ReadonlyArray<{ label: string; to: string }> }>

type MetaArgsLike = {
	matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>
}

type RootFacts = { origin: string; organization: OrganizationFacts | null; menu: BreadcrumbMenu }

function rootFacts(args: MetaArgsLike): RootFacts {
	const root = args.matches.find((m) => m?.id === 'root')?.loaderData as
		{ seo?: { origin?: string }; organization?: OrganizationFacts; menu?: BreadcrumbMenu } | undefined
	return { origin: root?.seo?.origin ?? '', organization: root?.organization ?? null, menu: root?.menu ?? [] }
}

/** The page's BreadcrumbList (see breadcrumbList), from the menu the root loader gave. */
export function breadcrumbsOf(args: MetaArgsLike, path: string, title: string) {
	const { origin, menu } = rootFacts(args)
	return breadcrumbList(origin, path, title, menu)
}

const SCHEMA = 'https://schema.org'
/** The logo search engines show for the association: a square raster image (180×180). */
export const LOGO_PATH = '/apple-touch-icon.png'
const FALLBACK_IMAGE_PATH = '/og-image.jpg'
/** Google cuts NewsArticle headlines longer than this. */
export const HEADLINE_MAX = 110

const absolute = (origin: string, src: string) => URL.parse(src, `${origin}/`)?.href ?? `${origin}${src}`

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0')

/** An instant as ISO 8601 on Istanbul's wall clock with its offset: `2027-03-28T19:00:00+03:00`. */
export function istanbulIso(iso: string) {
	const date = new Date(iso)
	const p = istanbulParts(date)
	const offset = Math.round(
		(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000,
	)
	const sign = offset < 0 ? '-' : '+'
	return `${String(p.year).padStart(4, '0')}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(date.getUTCSeconds())}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`
}

/** The association's address lines as a PostalAddress: a `34367 İstanbul` line gives the postal code and city. */
export function postalAddress(lines: ReadonlyArray<string>) {
	const street: Array<string> = []
	let postalCode: string | null = null
	let locality: string | null = null
	for (const line of lines.map((l) => l.trim()).filter(Boolean)) {
		const match = /^(\d{5})\s+(.+)$/.exec(line)
		if (match && !postalCode) {
			postalCode = match[1] ?? null
			locality = match[2] ?? null
		} else street.push(line)
	}
	return {
		'@type': 'PostalAddress',
		...(street.length > 0 ? { streetAddress: street.join(', ') } : {}),
		...(locality ? { addressLocality: locality } : {}),
		...(postalCode ? { postalCode } : {}),
		addressCountry: 'TR',
	}
}

function organizationRef(origin: string, organization: OrganizationFacts | null) {
	return { '@type': 'Organization', name: organization?.name ?? '', url: `${origin}/` }
}

const ld = (data: Record<string, unknown>): MetaDescriptor => ({ 'script:ld+json': { '@context': SCHEMA, ...data } })

/** The home page's Organization: names, address, e-mail, phone, founding year and the social accounts. */
export function organizationLd(args: MetaArgsLike): Array<MetaDescriptor> {
	const { origin, organization } = rootFacts(args)
	if (!organization) return []
	return [
		ld({
			'@type': 'Organization',
			'@id': `${origin}/#organization`,
			name: organization.name,
			alternateName: organization.shortName,
			url: `${origin}/`,
			logo: { '@type': 'ImageObject', url: `${origin}${LOGO_PATH}`, width: 180, height: 180 },
			foundingDate: String(organization.foundedYear),
			...(organization.sameAs.length > 0 ? { sameAs: organization.sameAs } : {}),
			address: postalAddress(organization.addressLines),
			...(organization.email ? { email: organization.email } : {}),
			...(organization.telephone ? { telephone: organization.telephone } : {}),
		}),
	]
}

/**
 * An event page's Event. Without a place of its own, the event is placed at
 * the association's address (where its events are held unless they say
 * otherwise).
 */
export function eventLd(
	args: MetaArgsLike,
	event: {
		title: string
		description: string | null
		startsAt: string | null
		endsAt: string | null
		location: string | null
		image: string | null
		path: string
	},
): Array<MetaDescriptor> {
	if (!event.startsAt) return []
	const { origin, organization } = rootFacts(args)
	const place = event.location
		? { '@type': 'Place', name: event.location, address: { '@type': 'PostalAddress', streetAddress: event.location } }
		: { '@type': 'Place', name: organization?.name ?? '', address: postalAddress(organization?.addressLines ?? []) }
	const endsAt = event.endsAt && Date.parse(event.endsAt) > Date.parse(event.startsAt) ? event.endsAt : null
	return [
		ld({
			'@type': 'Event',
			name: event.title,
			startDate: istanbulIso(event.startsAt),
			...(endsAt ? { endDate: istanbulIso(endsAt) } : {}),
			eventStatus: `${SCHEMA}/EventScheduled`,
			eventAttendanceMode: `${SCHEMA}/OfflineEventAttendanceMode`,
			location: place,
			image: [absolute(origin, event.image ?? FALLBACK_IMAGE_PATH)],
			...(event.description ? { description: event.description } : {}),
			organizer: organizationRef(origin, organization),
			url: `${origin}${event.path}`,
		}),
	]
}

/** An announcement's or alumni news item's NewsArticle; the headline is cut to 110 characters. */
export function newsArticleLd(
	args: MetaArgsLike,
	article: {
		title: string
		description: string | null
		published: string | null
		modified: string | null
		image: string | null
		path: string
	},
): Array<MetaDescriptor> {
	const { origin, organization } = rootFacts(args)
	const headline = article.title.length > HEADLINE_MAX ? `${article.title.slice(0, HEADLINE_MAX - 1).trimEnd()}…` : article.title
	const published = article.published ? istanbulIso(article.published) : null
	const modified =
		article.modified && (!article.published || Date.parse(article.modified) > Date.parse(article.published))
			? istanbulIso(article.modified)
			: published
	return [
		ld({
			'@type': 'NewsArticle',
			headline,
			...(article.description ? { description: article.description } : {}),
			image: [absolute(origin, article.image ?? FALLBACK_IMAGE_PATH)],
			...(published ? { datePublished: published } : {}),
			...(modified ? { dateModified: modified } : {}),
			author: [organizationRef(origin, organization)],
			publisher: {
				...organizationRef(origin, organization),
				logo: { '@type': 'ImageObject', url: `${origin}${LOGO_PATH}`, width: 180, height: 180 },
			},
			mainEntityOfPage: { '@type': 'WebPage', '@id': `${origin}${article.path}` },
			url: `${origin}${article.path}`,
		}),
	]
}

const firstSegment = (path: string) => path.split('/')[1] ?? ''

/**
 * A page's place in the menu as a BreadcrumbList: Ana Sayfa, the menu
 * section, the menu page, then the page itself (its title) when it is
 * below a menu page (an announcement, an event…). Names are the menu's;
 * consecutive crumbs with one address are one crumb (the deeper name wins).
 * Null for the home page.
 */
export function breadcrumbList(origin: string, path: string, title: string, menu: BreadcrumbMenu): Record<string, unknown> | null {
	const clean = path.split(/[?#]/)[0]?.replace(/\/+$/, '') ?? ''
	if (!clean || clean === '/') return null
	const crumbs: Array<{ name: string; path: string }> = [{ name: msg.nav.home, path: '/' }]
	const section = menu.find((s) => s.to !== '/' && firstSegment(s.to) === firstSegment(clean))
	let page: { label: string; to: string } | undefined
	if (section) {
		crumbs.push({ name: section.label, path: section.to })
		// The deepest menu page the address is (or is below): /duyurular/etkinlikler before /duyurular.
		page = (section.children ?? [])
			.filter((child) => clean === child.to || clean.startsWith(`${child.to}/`))
			.toSorted((a, b) => b.to.length - a.to.length)[0]
		if (page) crumbs.push({ name: page.label, path: page.to })
	}
	if (!page || page.to !== clean) crumbs.push({ name: title, path: clean })
	const unique = crumbs.filter((crumb, i) => crumbs[i + 1]?.path !== crumb.path)
	return {
		'@context': SCHEMA,
		'@type': 'BreadcrumbList',
		itemListElement: unique.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: `${origin}${crumb.path}` })),
	}
}
