import art1Small from '#app/assets/images/pages/page-1-480.webp?url'
import art1 from '#app/assets/images/pages/page-1-960.webp?url'
import art2Small from '#app/assets/images/pages/page-2-480.webp?url'
import art2 from '#app/assets/images/pages/page-2-960.webp?url'
import art3Small from '#app/assets/images/pages/page-3-480.webp?url'
import art3 from '#app/assets/images/pages/page-3-960.webp?url'
import art4Small from '#app/assets/images/pages/page-4-480.webp?url'
import art4 from '#app/assets/images/pages/page-4-960.webp?url'
import art5Small from '#app/assets/images/pages/page-5-480.webp?url'
import art5 from '#app/assets/images/pages/page-5-960.webp?url'
import art6Small from '#app/assets/images/pages/page-6-480.webp?url'
import art6 from '#app/assets/images/pages/page-6-960.webp?url'
import type { ImageRef } from '#app/lib/media.ts'

const ref = (small: string, large: string): ImageRef => ({ src: large, srcSet: `${small} 480w, ${large} 960w`, width: 960, height: 720 })

/** Built-in 4:3 images for the image-and-text sections of the corporate pages (`npm run assets`). */
export const PAGE_ART: ReadonlyArray<ImageRef> = [
	ref(art1Small, art1),
	ref(art2Small, art2),
	ref(art3Small, art3),
	ref(art4Small, art4),
	ref(art5Small, art5),
	ref(art6Small, art6),
]

export function pageArt(index: number): ImageRef {
	return PAGE_ART[Math.abs(index) % PAGE_ART.length] as ImageRef
}
