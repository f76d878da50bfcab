import type { ReactNode } from 'react'
import type { ImageRef } from '#app/lib/media.ts'

/**
 * The top of an inner page: an image behind the header with the page title.
 * Spec §9: default hero height min(48vh, 65vh).
 */
export function PageHero({
	title,
	eyebrow,
	lead,
	image,
	children,
}: {
	title: string
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
				{eyebrow ? <span className="eyebrow">{eyebrow}</span> : null}
				<h1>{title}</h1>
				{lead ? <p className="page-hero__lead">{lead}</p> : null}
				{children}
			</div>
		</section>
	)
}

/** The top of a page with the light header: a plain title block. */
export function PageTitle({ title, eyebrow, lead, children }: { title: string; eyebrow?: string; lead?: ReactNode; children?: ReactNode }) {
	return (
		<header className="container page-title">
			{eyebrow ? <span className="eyebrow">{eyebrow}</span> : null}
			<h1>{title}</h1>
			{lead ? <p>{lead}</p> : null}
			{children}
		</header>
	)
}
