import { expect, test } from 'vitest'
import { freeSlug, randomSuffix, slugify, withSuffix } from './slug.ts'

test('transliterates Turkish letters before removing other diacritics', () => {
	expect(slugify('Çağlayan’da Şölen: İğne & Ölçü!', { max: 80 })).toBe('caglayan-da-solen-igne-olcu')
	expect(slugify('IŞIK ÜSTÜ ığdır', { max: 80 })).toBe('isik-ustu-igdir')
	expect(slugify('Crème brûlée à la française', { max: 80 })).toBe('creme-brulee-a-la-francaise')
})

test('joins runs of other characters into one hyphen and trims hyphens', () => {
	expect(slugify('  --Mezunlar   Günü 2027--  ', { max: 80 })).toBe('mezunlar-gunu-2027')
})

test('caps the length without leaving a trailing hyphen', () => {
	const long = 'uzun başlık '.repeat(20)
	const slug = slugify(long, { max: 80 })
	expect(slug.length).toBeLessThanOrEqual(80)
	expect(slug.endsWith('-')).toBe(false)
	expect(slugify('a'.repeat(200), { max: 140 })).toHaveLength(140)
})

test('falls back to the default when nothing is left', () => {
	expect(slugify('!!! ???', { max: 80, fallback: 'etkinlik' })).toBe('etkinlik')
	expect(slugify('', { max: 140, fallback: 'haber' })).toBe('haber')
	expect(slugify('—', { max: 80 })).toBe('')
})

test('adds a four-character base-36 suffix within the cap', () => {
	expect(randomSuffix()).toMatch(/^[0-9a-z]{4}$/)
	expect(withSuffix('mezunlar-gunu', 80)).toMatch(/^mezunlar-gunu-[0-9a-z]{4}$/)
	const capped = withSuffix('a'.repeat(80), 80)
	expect(capped).toHaveLength(80)
	expect(capped).toMatch(/^a{75}-[0-9a-z]{4}$/)
})

test('every base-36 character is drawn about equally often', () => {
	const counts = new Map<string, number>()
	for (let i = 0; i < 90_000; i++) for (const ch of randomSuffix()) counts.set(ch, (counts.get(ch) ?? 0) + 1)
	expect(counts.size).toBe(36)
	// 10 000 expected each (one standard deviation is about 100); a byte taken
	// modulo 36 would give 0-3 about 11 250 each and the rest about 9 840.
	for (const [ch, count] of counts) expect({ ch, low: count > 9500, high: count < 10_500 }).toEqual({ ch, low: true, high: true })
})

test('a free slug is kept; a taken one gets a suffix that is checked and drawn again while taken', async () => {
	expect(await freeSlug('mezuniyet-balosu', 80, async () => false)).toBe('mezuniyet-balosu')
	const asked: Array<string> = []
	const slug = await freeSlug('mezuniyet-balosu', 80, async (candidate) => {
		asked.push(candidate)
		return asked.length <= 3
	})
	expect(asked).toHaveLength(4)
	expect(asked[0]).toBe('mezuniyet-balosu')
	expect(slug).toBe(asked[3])
	expect(slug).toMatch(/^mezuniyet-balosu-[0-9a-z]{4}$/)
})
