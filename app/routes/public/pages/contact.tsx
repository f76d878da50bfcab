import { PageTitle } from '#app/components/page-hero.tsx'
import { Prose } from '#app/features/pages/components/prose.tsx'
import { requirePage } from '#app/features/pages/pages.server.ts'
import { getSettings } from '#app/features/settings/settings.server.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { mailtoHref, safeHref, telHref } from '#app/lib/links.ts'
import { msg } from '#app/lib/messages.ts'
import { seo } from '#app/lib/seo.ts'
import type { Route } from './+types/contact.ts'
import '#app/styles/pages.css'

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: args.loaderData?.page.title ?? msg.nav.contactAddresses, description: args.loaderData?.page.description ?? '' })
}

export async function loader() {
	const [page, settings] = await Promise.all([requirePage('iletisim-adresleri'), getSettings()])
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
	}
}

export const handle: SiteHandle = { navTheme: 'light' }

export default function ContactRoute({ loaderData: { page, contact } }: Route.ComponentProps) {
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
			</div>
		</>
	)
}
