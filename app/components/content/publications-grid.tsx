import { PauseIcon, PlayIcon } from '#app/components/ui/icons.tsx'
import { CachedPart } from '#app/lib/cached-parts.tsx'
import type { ImageRef } from '#app/lib/media.ts'
import { msg } from '#app/lib/messages.ts'

export type PublicationCover = { key: string; label: string; href: string; image: ImageRef }

/** Spec §9: 9 tiles of 105 × 165 px, a new cover every 2800 ms, 600 ms fade, 140 ms between tiles. */
export const PUBLICATION_ROTATION = { tiles: 9, interval: 2800, fade: 600, stagger: 140 } as const

/**
 * Spec §2 "Publications grid": bulletin covers (the first page of each
 * PDF), each a link to the PDF. app/enhance/pub-grid.ts rotates the
 * remaining covers through the tiles, with a pause control, and not at all
 * under reduced motion.
 */
export function PublicationsGrid({ covers }: { covers: Array<PublicationCover> }) {
	// Its markup is its covers' alone: made once per process and reused until a cover it shows changes
	// (the rotation's pool is every cover as JSON in an attribute, escaped again on every render).
	const shown = covers.flatMap((cover) => [cover.key, cover.label, cover.href, cover.image.src, cover.image.srcSet])
	return (
		<CachedPart cacheKey="publications" same={shown}>
			<PublicationsMarkup covers={covers} />
		</CachedPart>
	)
}

function PublicationsMarkup({ covers }: { covers: Array<PublicationCover> }) {
	const tiles = covers.slice(0, PUBLICATION_ROTATION.tiles)
	const pool = covers
		.slice(PUBLICATION_ROTATION.tiles)
		.map((c) => ({ label: msg.bulletins.coverAlt(c.label), href: c.href, src: c.image.src, srcSet: c.image.srcSet ?? '' }))
	if (tiles.length === 0) return null
	return (
		<div className="publications">
			<ul
				className="pub-grid"
				data-pub-grid=""
				data-interval={PUBLICATION_ROTATION.interval}
				data-fade={PUBLICATION_ROTATION.fade}
				data-stagger={PUBLICATION_ROTATION.stagger}
				data-pool={pool.length > 0 ? JSON.stringify(pool) : undefined}
			>
				{tiles.map((cover) => (
					<li key={cover.key} className="pub-grid__tile" data-pub-tile="">
						<a href={cover.href} className="pub-grid__link">
							<img
								className="pub-grid__image"
								src={cover.image.src}
								srcSet={cover.image.srcSet}
								sizes="105px"
								width={105}
								height={165}
								alt={msg.bulletins.coverAlt(cover.label)}
								loading="lazy"
								decoding="async"
							/>
						</a>
					</li>
				))}
			</ul>
			{pool.length > 0 ? (
				<button
					type="button"
					className="pub-grid__toggle"
					data-pub-toggle=""
					data-label-pause={msg.bulletins.pauseRotation}
					data-label-play={msg.bulletins.playRotation}
					aria-label={msg.bulletins.pauseRotation}
					hidden
				>
					<PauseIcon className="pub-grid__icon-pause" size={18} />
					<PlayIcon className="pub-grid__icon-play" size={18} />
					<span data-pub-toggle-text="">{msg.bulletins.pauseRotation}</span>
				</button>
			) : null}
		</div>
	)
}
