import type { ReactNode } from 'react'
import type { ImageRef } from '#app/lib/media.ts'
import { trUpper } from '#app/lib/tr.ts'

/**
 * One casing rule for page headings: the title of a page or section is set in
 * capitals, upper-cased here the Turkish way (Tarihçe → TARİHÇE; CSS
 * `text-transform` does not apply tr-TR rules in every browser); the title of
 * a single item (an announcement, an event, a news story) is shown as its
 * editor wrote it (`casing="as-written"`).
 */
export type TitleCasing = 'upper' | 'as-written'

const cased = (title: string, casing: TitleCasing) => (casing === 'upper' ? trUpper(title) : title)

/**
 * The top of an inner page: an image behind the header with the page title.
 * Spec §9: default hero height min(48vh, 65vh).
 */
export function PageHero({
	title,
	eyebrow,
	lead,
	image,
	casing = 'upper',
	children,
}: {
	title: string
	casing?: TitleCasing
	eyebrow?: string
	lead?: string | null
	image?: ImageRef | null
	children?: ReactNode
}) {
	return (
		<section className="page-hero">
			{image ? (
				<img
					className="page-hero__image"
					src={image.src}
					srcSet={image.srcSet}
					sizes="100vw"
					width={image.width}
					height={image.height}
					alt=""
					fetchPriority="high"
				/>
			) : null}
			<div className="container page-hero__content">
				{eyebrow ? <span className="eyebrow">{trUpper(eyebrow)}</span> : null}
				<h1>{cased(title, casing)}</h1>
				{lead ? <p className="page-hero__lead">{lead}</p> : null}
				{children}
			</div>
		</section>
	)
}

/** The top of a page with the light header: a plain title block. */
export function PageTitle({
	title,
	eyebrow,
	lead,
	casing = 'upper',
	className,
	children,
}: {
	title: string
	eyebrow?: string
	lead?: ReactNode
	casing?: TitleCasing
	/** Extra classes, e.g. to line the title up with a narrower body. */
	className?: string
	children?: ReactNode
}) {
	return (
		<header className={className ? `container page-title ${className}` : 'container page-title'}>
			{eyebrow ? <span className="eyebrow">{trUpper(eyebrow)}</span> : null}
			<h1>{cased(title, casing)}</h1>
			{lead ? <p>{lead}</p> : null}
			{children}
		</header>
	)
}
