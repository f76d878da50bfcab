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

/** Spec §9: four random base-36 characters, each of the 36 equally likely. */
export function randomSuffix(length = 4) {
	let suffix = ''
	while (suffix.length < length) {
		for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
			// 252 is the largest multiple of 36 below 256: bytes above it would favour 0-3.
			if (byte < 252 && suffix.length < length) suffix += BASE36[byte % 36]
		}
	}
	return suffix
}

/** Appends `-xxxx`, keeping the result within `max` characters. */
export function withSuffix(slug: string, max: number) {
	const suffix = `-${randomSuffix()}`
	return `${slug.slice(0, max - suffix.length).replace(/-+$/g, '')}${suffix}`
}

const SUFFIX_DRAWS = 8

/**
 * `base` when it is free, else `base-xxxx` with a suffix that is free too:
 * a drawn suffix is checked like the base (one in 1.7 million collides, and a
 * slug waiting in the trash is no unique violation to retry on).
 */
export async function freeSlug(base: string, max: number, taken: (slug: string) => Promise<boolean>): Promise<string> {
	if (!(await taken(base))) return base
	let slug = withSuffix(base, max)
	for (let draw = 1; draw < SUFFIX_DRAWS && (await taken(slug)); draw++) slug = withSuffix(base, max)
	return slug
}
