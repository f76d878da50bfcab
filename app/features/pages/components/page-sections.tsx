import type { ImageRef } from '#app/lib/media.ts'
import { pageArt } from '../page-art.ts'
import type { PageSection } from '../pages.server.ts'

/**
 * Image-and-text blocks (about, history): one per `##` section of the page,
 * images alternating sides on wide screens, stacked on phones.
 */
export function PageSections({ sections, imageOffset = 0 }: { sections: Array<PageSection>; imageOffset?: number }) {
	return (
		<div className="media-blocks">
			{sections.map((section, i) => {
				const image: ImageRef = pageArt(imageOffset + i)
				return (
					<section key={section.id} className="media-block" aria-labelledby={section.id}>
						<img
							className="media-block__image"
							src={image.src}
							srcSet={image.srcSet}
							sizes="(min-width: 900px) 540px, calc(100vw - 32px)"
							width={image.width}
							height={image.height}
							alt=""
							loading={i === 0 ? 'eager' : 'lazy'}
							decoding="async"
						/>
						<div className="media-block__body">
							<h2 id={section.id}>{section.title}</h2>
							<div className="prose" dangerouslySetInnerHTML={{ __html: section.html }} />
						</div>
					</section>
				)
			})}
		</div>
	)
}
