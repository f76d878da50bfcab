import type { CSSProperties } from 'react'
import { ChevronLeftIcon, ChevronRightIcon } from '#app/components/ui/icons.tsx'
import { ContentCard, type CardData } from './content-card.tsx'

/** Spec §9: cards are 270 px wide with 25 px between them. */
export const CARD_WIDTH = 270
export const CARD_GAP = 25

export type CarouselState = { ok: true; cards: Array<CardData> } | { ok: false; error: string }

/**
 * Spec §2 "Carousels". Without JavaScript: a horizontally scrollable list
 * of cards, each a plain link. app/enhance/card-carousel.ts turns it into
 * an endless carousel (cloned cards at both ends, no visible jump when it
 * wraps) showing 1, 2 or 3 cards below 640, below 1024 and from 1024 px,
 * with previous/next buttons, arrow keys and swipe.
 */
export function CardCarousel({
	id,
	title,
	state,
	emptyMessage,
	cardHeight,
	previousLabel,
	nextLabel,
	seeAll,
}: {
	id: string
	title: string
	state: CarouselState
	emptyMessage: string
	/** Spec §9: 460 px (announcements), 480 px (events). */
	cardHeight: number
	previousLabel: string
	nextLabel: string
	seeAll?: { href: string; label: string }
}) {
	const headingId = `${id}-baslik`
	const style = { '--card-w': `${CARD_WIDTH}px`, '--card-gap': `${CARD_GAP}px`, '--card-h': `${cardHeight}px` } as CSSProperties
	return (
		<section className="section card-carousel" aria-labelledby={headingId} id={id}>
			<div className="container card-carousel__head">
				<h2 id={headingId}>{title}</h2>
				{seeAll ? (
					<a className="card-carousel__all" href={seeAll.href}>
						{seeAll.label}
					</a>
				) : null}
			</div>
			<div className="container">
				{!state.ok ? (
					<p className="error-text" role="alert">
						{state.error}
					</p>
				) : state.cards.length === 0 ? (
					<p className="empty-state">{emptyMessage}</p>
				) : (
					<div
						className="card-carousel__frame"
						style={style}
						data-card-carousel=""
						role="group"
						aria-roledescription="carousel"
						aria-label={title}
					>
						<button
							type="button"
							className="card-carousel__button card-carousel__button--prev"
							data-carousel-prev=""
							aria-label={previousLabel}
							hidden
						>
							<ChevronLeftIcon />
						</button>
						<div className="card-carousel__viewport" data-carousel-viewport="">
							<ul className="card-carousel__track" data-carousel-track="">
								{state.cards.map((card) => (
									<li key={card.key} className="card-carousel__item" data-carousel-item="">
										<ContentCard card={card} />
									</li>
								))}
							</ul>
						</div>
						<button
							type="button"
							className="card-carousel__button card-carousel__button--next"
							data-carousel-next=""
							aria-label={nextLabel}
							hidden
						>
							<ChevronRightIcon />
						</button>
						<p className="sr-only" aria-live="polite" data-carousel-status="" />
					</div>
				)}
			</div>
		</section>
	)
}
