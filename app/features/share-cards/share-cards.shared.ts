/** Share cards (og:image) as pages receive them. Safe for the browser. */

export const SHARE_CARD_WIDTH = 1200
export const SHARE_CARD_HEIGHT = 630

/** A drawn card as a page's og:image (the shape app/lib/seo.ts takes). */
export type ShareCard = { src: string; width: number; height: number; type: 'image/png' | 'image/jpeg' }

/** A stored card key as a page's card, or null (none drawn yet). */
export function toShareCard(key: string | null | undefined, urlForKey: (key: string) => string): ShareCard | null {
	if (!key) return null
	const type = key.endsWith('.png') ? 'image/png' : key.endsWith('.jpg') ? 'image/jpeg' : null
	return type ? { src: urlForKey(key), width: SHARE_CARD_WIDTH, height: SHARE_CARD_HEIGHT, type } : null
}
