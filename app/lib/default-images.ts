import hero1Small from '#app/assets/images/hero-1-800.webp?url'
import hero1 from '#app/assets/images/hero-1-1600.webp?url'
import hero2Small from '#app/assets/images/hero-2-800.webp?url'
import hero2 from '#app/assets/images/hero-2-1600.webp?url'
import hero3Small from '#app/assets/images/hero-3-800.webp?url'
import hero3 from '#app/assets/images/hero-3-1600.webp?url'
import placeholder from '#app/assets/images/placeholder.svg?url'
import { HERO_IMAGE_ASSETS } from './hero-assets.ts'
import type { ImageRef } from './media.ts'

/** The built-in images: fingerprinted assets, never from a CDN. */
export const DEFAULT_HERO_IMAGES: Array<ImageRef> = [
	{ src: hero1, srcSet: `${hero1Small} 800w, ${hero1} 1600w`, width: 1600, height: 800 },
	{ src: hero2, srcSet: `${hero2Small} 800w, ${hero2} 1600w`, width: 1600, height: 800 },
	{ src: hero3, srcSet: `${hero3Small} 800w, ${hero3} 1600w`, width: 1600, height: 800 },
]

/** A built-in hero image by name (hero_slides.image_asset, in the order of DEFAULT_HERO_IMAGES); null for a name the site does not have. */
export function heroImageAsset(name: string | null | undefined): ImageRef | null {
	const index = (HERO_IMAGE_ASSETS as ReadonlyArray<string>).indexOf(name ?? '')
	return index < 0 ? null : (DEFAULT_HERO_IMAGES[index] ?? null)
}

export const PLACEHOLDER_IMAGE: ImageRef = { src: placeholder, width: 800, height: 500 }

export function defaultHero(index: number): ImageRef {
	return DEFAULT_HERO_IMAGES[Math.abs(index) % DEFAULT_HERO_IMAGES.length] as ImageRef
}
