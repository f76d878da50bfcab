import { trLower } from './tr.ts'

const TRANSLITERATION: Record<string, string> = {
	ı: 'i',
	ğ: 'g',
	ş: 's',
	ç: 'c',
	ö: 'o',
	ü: 'u',
}

type SlugOptions = {
	/** Spec §9: 80 for events, 140 for alumni news. */
	max: number
	/** Used when nothing is left of the text ('etkinlik', 'haber'). */
	fallback?: string
}

/**
 * Spec §5: lowercased, Turkish letters transliterated, other diacritics
 * removed, runs of non-alphanumerics become one hyphen, leading and trailing
 * hyphens cut, at most `max` characters.
 */
export function slugify(text: string, { max, fallback = '' }: SlugOptions): string {
	const slug = trLower(text)
		.replace(/[ığşçöü]/g, (ch) => TRANSLITERATION[ch] ?? ch)
		.normalize('NFD')
		.replace(/\p{M}/gu, '')
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, max)
		.replace(/-+$/g, '')
	return slug || fallback
}

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz'

/** Spec §9: four random base-36 characters. */
export function randomSuffix(length = 4) {
	const bytes = crypto.getRandomValues(new Uint8Array(length))
	return Array.from(bytes, (b) => BASE36[b % 36]).join('')
}

/** Appends `-xxxx`, keeping the result within `max` characters. */
export function withSuffix(slug: string, max: number) {
	const suffix = `-${randomSuffix()}`
	return `${slug.slice(0, max - suffix.length).replace(/-+$/g, '')}${suffix}`
}
