import type { ReactNode } from 'react'
import { PageHero } from '#app/components/page-hero.tsx'
import type { ImageRef } from '#app/lib/media.ts'
import { msg } from '#app/lib/messages.ts'
import { ContentImage } from './content-image.tsx'

/**
 * Spec §2 "Event detail" (and announcement detail, "same layout"): a hero
 * with the background image, the title and the lead; then facts (date,
 * place), the cover image when it is not already the hero, the sanitised
 * body, the gallery and the link back to the list.
 */
export function DetailView({
	title,
	lead,
	hero,
	cover,
	bodyHtml,
	gallery,
	facts,
	actions,
	back,
}: {
	title: string
	lead: string | null
	hero: ImageRef | null
	cover: ImageRef | null
	/** Already sanitised (sanitizeHtml) on the server. */
	bodyHtml: string
	gallery: Array<ImageRef>
	facts?: ReactNode
	actions?: ReactNode
	back: { href: string; label: string }
}) {
	const showCover = cover && cover.src !== hero?.src
	return (
		<article className="detail">
			<PageHero title={title} lead={lead} image={hero} casing="as-written" />
			<div className="container detail__content">
				{facts ? <dl className="detail__facts">{facts}</dl> : null}
				{showCover ? (
					<figure className="detail__cover">
						<ContentImage image={cover} alt="" sizes="(max-width: 600px) 92vw, 560px" width={1120} height={700} priority={!hero} />
					</figure>
				) : null}
				{bodyHtml ? <div className="prose detail__body" dangerouslySetInnerHTML={{ __html: bodyHtml }} /> : null}
				{actions ? <p className="detail__actions">{actions}</p> : null}
				{gallery.length > 0 ? (
					<section className="detail__gallery" aria-labelledby="galeri-baslik">
						<h2 id="galeri-baslik">{msg.common.gallery}</h2>
						<ul className="gallery">
							{gallery.map((image, i) => (
								<li key={`${image.src}-${i}`}>
									<a href={image.src} className="gallery__link">
										<ContentImage
											image={image}
											alt={`${title} – ${i + 1}`}
											sizes="(max-width: 600px) 46vw, 270px"
											width={540}
											height={360}
										/>
									</a>
								</li>
							))}
						</ul>
					</section>
				) : null}
				<p className="detail__back">
					<a href={back.href} className="back-link">
						← {back.label}
					</a>
				</p>
			</div>
		</article>
	)
}

/** The not-found page of a detail route (HTTP 404): title BULUNAMADI, the message and the way back. */
export function NotFoundView({ message, back }: { message: string; back: { href: string; label: string } }) {
	return (
		<>
			<PageHero title={msg.common.notFound} lead={message} />
			<div className="container detail__content">
				<p className="detail__back">
					<a href={back.href} className="back-link">
						← {back.label}
					</a>
				</p>
			</div>
		</>
	)
}
