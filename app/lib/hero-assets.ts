/**
 * The names of the site's built-in hero images, as a hero slide stores
 * them (hero_slides.image_asset). The images themselves are in
 * default-images.ts; this list imports no asset, so schemas and plain Node
 * can use it.
 */
export const HERO_IMAGE_ASSETS = ['hero-1', 'hero-2', 'hero-3'] as const
export type HeroImageAsset = (typeof HERO_IMAGE_ASSETS)[number]
