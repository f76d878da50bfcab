import { CachedPart } from '#app/lib/cached-parts.tsx'
import { msg } from '#app/lib/messages.ts'
import type { ImageRef } from '#app/lib/media.ts'
import { ContentImage } from './content-image.tsx'
import { SmartLink } from './smart-link.tsx'

export type CardData = {
	key: string
	title: string
	excerpt?: string | null
	href: string
	external?: boolean
	image: ImageRef | null
	/** A short line above the title, e.g. the date. */
	meta?: string | null
	/** Machine-readable date for `meta`. */
	dateTime?: string | null
}

/**
 * A content card: image, title, excerpt and 'devamını oku'. The link is the
 * whole card (its hit area is stretched over it) and its name starts with
 * the visible 'devamını oku' followed by the title, so each link says where
 * it goes.
 */
export function ContentCard({ card, headingLevel = 3, imageSizes }: { card: CardData; headingLevel?: 2 | 3; imageSizes?: string }) {
	// A card's markup is its data's alone: made once per process and reused by every list and page
	// showing it, until what it shows changes (a list of 50 spent most of its render on its cards).
	const { image } = card
	const shown = [
		card.title,
		card.excerpt,
		card.href,
		card.external,
		card.meta,
		card.dateTime,
		image?.src,
		image?.srcSet,
		image?.width,
		image?.height,
	]
	return (
		<CachedPart cacheKey={`card ${headingLevel} ${imageSizes ?? ''} ${card.key}`} same={shown}>
			<CardMarkup card={card} headingLevel={headingLevel} imageSizes={imageSizes} />
		</CachedPart>
	)
}

function CardMarkup({ card, headingLevel, imageSizes }: { card: CardData; headingLevel: 2 | 3; imageSizes?: string }) {
	const Heading = headingLevel === 2 ? 'h2' : 'h3'
	return (
		<article className="card">
			<div className="card__media">
				<ContentImage image={card.image} alt="" sizes={imageSizes ?? '(max-width: 639px) 92vw, 270px'} width={540} height={340} />
			</div>
			<div className="card__body">
				{card.meta ? <p className="card__meta">{card.dateTime ? <time dateTime={card.dateTime}>{card.meta}</time> : card.meta}</p> : null}
				<Heading className="card__title">{card.title}</Heading>
				{card.excerpt ? <p className="card__excerpt">{card.excerpt}</p> : null}
				<SmartLink href={card.href} external={card.external} className="card__link">
					{msg.common.readMore}
					<span className="sr-only">: {card.title}</span>
				</SmartLink>
			</div>
		</article>
	)
}
