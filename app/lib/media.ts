/**
 * Image references as pages receive them. Safe for the browser.
 *
 * Stored images carry their size in the key (`…-1600x900.jpg`) and have WebP
 * variants beside them (`…-1600x900.w640.webp`), so a page can build `srcset`
 * and reserve the right box without asking the database.
 */
export const VARIANT_WIDTHS = [320, 640, 1024, 1600] as const

export type ImageRef = {
	src: string
	srcSet?: string
	width?: number
	height?: number
}

/** The variant widths made for an original of this width. */
export function variantWidthsFor(width: number): Array<number> {
	// A variant barely smaller than the original is not worth a file.
	const widths: Array<number> = VARIANT_WIDTHS.filter((w) => w < width * 0.85)
	const top = Math.min(width, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] ?? width)
	if (!widths.includes(top)) widths.push(top)
	return widths
}

export function parseKeySize(key: string): { width: number; height: number } | null {
	const match = /-(\d{1,5})x(\d{1,5})\.(jpg|png)$/.exec(key)
	if (!match) return null
	return { width: Number(match[1]), height: Number(match[2]) }
}

export function isExternalUrl(value: string) {
	return /^https?:\/\//i.test(value)
}

/**
 * Turns a stored value into an image reference. Values are storage keys,
 * site paths (`/…`) or absolute http(s) addresses; anything else is refused.
 */
export function toImageRef(value: string | null | undefined, urlForKey: (key: string) => string): ImageRef | null {
	const v = value?.trim()
	if (!v) return null
	if (isExternalUrl(v) || (v.startsWith('/') && !v.startsWith('//'))) return { src: v }
	if (!/^[a-z0-9_][a-z0-9_/.-]*$/.test(v) || v.includes('..') || v.includes('//')) return null
	const size = parseKeySize(v)
	if (!size) return { src: urlForKey(v) }
	const stem = v.replace(/\.(jpg|png)$/, '')
	return {
		src: urlForKey(v),
		srcSet: variantWidthsFor(size.width)
			.map((w) => `${urlForKey(`${stem}.w${w}.webp`)} ${w}w`)
			.join(', '),
		width: size.width,
		height: size.height,
	}
}
