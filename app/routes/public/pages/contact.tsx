import { data, redirect } from 'react-router'
import { PageTitle } from '#app/components/page-hero.tsx'
import { ContactForm } from '#app/features/contact/components/contact-form.tsx'
import { newContactFormState, submitContactForm } from '#app/features/contact/contact-form.server.ts'
import { CONTACT_FORM_ANCHOR, CONTACT_PAGE_PATH, SENT_PARAM } from '#app/features/contact/contact.shared.ts'
import { Prose } from '#app/features/pages/components/prose.tsx'
import { requirePage } from '#app/features/pages/pages.server.ts'
import { getSettings } from '#app/features/settings/settings.server.ts'
import { readFormData } from '#app/lib/form-data.server.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { mailtoHref, safeHref, telHref } from '#app/lib/links.ts'
import { msg } from '#app/lib/messages.ts'
import { siteOrigin } from '#app/lib/origin.server.ts'
import { requestInfoContext } from '#app/lib/request-context.ts'
import { seo } from '#app/lib/seo.ts'
import type { Route } from './+types/contact.ts'
import '#app/styles/pages.css'

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: args.loaderData?.page.title ?? msg.nav.contactAddresses, description: args.loaderData?.page.description ?? '' })
}

/**
 * The contact form carries the time it was shown, signed (contact-token.server.ts).
 * A page from the render cache would carry the time it was rendered, shared by
 * every visitor, and that one stamp would open the form to bots for a day. So
 * this page is rendered for each visit and never stored: `private` keeps it out
 * of the server's render cache (isStorableResponse) and out of shared caches
 * (a CDN), `no-cache` has the browser ask again. It is a light page (the
 * settings and one stored page, both already cached in the process). Answers
 * carrying what a visitor typed are `no-store`.
 */
const PAGE_CACHE = { 'Cache-Control': 'private, no-cache' }
const ANSWER_CACHE = { 'Cache-Control': 'no-store' }

export function headers({ actionHeaders }: Route.HeadersArgs) {
	const merged = new Headers(PAGE_CACHE)
	for (const [name, value] of actionHeaders) merged.set(name, value)
	return merged
}

/** Without an address (a test reading the page's data), no confirmation is shown. */
export async function loader({ url }: Partial<Pick<Route.LoaderArgs, 'url'>> = {}) {
	const [page, settings, form] = await Promise.all([requirePage('iletisim-adresleri'), getSettings(), newContactFormState()])
	const { contact } = settings
	const mapEmbedUrl = contact.mapEmbedUrl.trim()
	return {
		page,
		contact: {
			organisation: settings.association.name,
			addressLines: contact.addressLines,
			phone: contact.phone,
			phoneHref: telHref(contact.phone),
			email: contact.email,
			emailHref: mailtoHref(contact.email),
			officeHours: contact.officeHours,
			mapEmbedUrl: /^https:\/\//i.test(mapEmbedUrl) ? mapEmbedUrl : null,
			mapLinkUrl: safeHref(contact.mapLinkUrl),
		},
		form,
		sent: url?.searchParams.get(SENT_PARAM) === '1',
	}
}

/** The contact form (app/features/contact/contact-form.server.ts): sent → back to the page with its confirmation (post/redirect/get). */
export async function action({ request, context }: Route.ActionArgs) {
	const info = context.get(requestInfoContext)
	const form = await readFormData(request)
	const result = await submitContactForm(form, { ip: info.clientIp, origin: siteOrigin(request) })
	if (result.kind === 'sent') throw redirect(`${CONTACT_PAGE_PATH}?${SENT_PARAM}=1#${CONTACT_FORM_ANCHOR}`, { status: 303, headers: ANSWER_CACHE })
	const headers: Record<string, string> = { ...ANSWER_CACHE }
	if (result.retryAfterSeconds !== undefined) headers['Retry-After'] = String(result.retryAfterSeconds)
	return data(result.state, { status: result.status, headers })
}

export const handle: SiteHandle = { navTheme: 'light' }

export default function ContactRoute({ loaderData: { page, contact, form, sent }, actionData }: Route.ComponentProps) {
	return (
		<>
			<PageTitle title={page.title} />
			<div className="container section section--tight contact">
				<div className="contact__details">
					<Prose html={page.html} />
					<section className="info-card" aria-labelledby="contact-organisation">
						<h2 id="contact-organisation">{contact.organisation}</h2>
						<address className="contact__address">
							{contact.addressLines.map((line) => (
								<span key={line}>{line}</span>
							))}
						</address>
						<dl className="details-list">
							<div>
								<dt>{msg.common.phone}</dt>
								<dd>{contact.phoneHref ? <a href={contact.phoneHref}>{contact.phone}</a> : contact.phone}</dd>
							</div>
							<div>
								<dt>{msg.common.email}</dt>
								<dd>{contact.emailHref ? <a href={contact.emailHref}>{contact.email}</a> : contact.email}</dd>
							</div>
							{contact.officeHours ? (
								<div>
									<dt>{msg.pages.officeHours}</dt>
									<dd>{contact.officeHours}</dd>
								</div>
							) : null}
						</dl>
					</section>
				</div>
				<section className="contact__map" aria-labelledby="contact-map-title">
					<h2 id="contact-map-title" className="sr-only">
						{msg.pages.map}
					</h2>
					{contact.mapEmbedUrl ? (
						<div className="map-frame">
							{/* Shown behind the map, and in its place if it cannot load. */}
							<p className="map-frame__fallback">{msg.pages.mapFallback}</p>
							<iframe
								className="map-frame__iframe"
								src={contact.mapEmbedUrl}
								title={msg.pages.mapTitle}
								loading="lazy"
								referrerPolicy="strict-origin-when-cross-origin"
								sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
							/>
						</div>
					) : null}
					{contact.mapLinkUrl ? (
						<p>
							<a href={contact.mapLinkUrl} target="_blank" rel="noopener noreferrer">
								{msg.pages.openMap}
								<span className="sr-only"> {msg.layout.newTab}</span>
							</a>
						</p>
					) : null}
				</section>
				<ContactForm state={actionData ?? form} sent={sent && !actionData} />
			</div>
		</>
	)
}
