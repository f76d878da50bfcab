import { expect, test } from 'vitest'
import { randomSuffix, slugify, withSuffix } from './slug.ts'

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
