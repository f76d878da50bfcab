import { PLACEHOLDER_IMAGE } from '#app/lib/default-images.ts'
import type { ImageRef } from '#app/lib/media.ts'

/**
 * A stored image with its real size when known (else the box's), `srcset`
 * when variants exist, lazy unless it is the page's main image. Empty
 * images show the placeholder; broken ones are swapped for it by
 * app/enhance/fallback.ts (no inline handlers: the CSP forbids them).
 */
export function ContentImage({
	image,
	alt,
	sizes,
	width,
	height,
	className,
	priority = false,
}: {
	image: ImageRef | null | undefined
	alt: string
	sizes: string
	/** The box's size, used when the image does not carry its own. */
	width: number
	height: number
	className?: string
	/** The page's largest image above the fold (LCP): eager, high priority. */
	priority?: boolean
}) {
	const ref = image ?? PLACEHOLDER_IMAGE
	return (
		<img
			className={className}
			src={ref.src}
			srcSet={ref.srcSet}
			sizes={ref.srcSet ? sizes : undefined}
			width={ref.width ?? width}
			height={ref.height ?? height}
			alt={alt}
			loading={priority ? 'eager' : 'lazy'}
			fetchPriority={priority ? 'high' : undefined}
			decoding="async"
			data-fallback={image ? PLACEHOLDER_IMAGE.src : undefined}
		/>
	)
}
