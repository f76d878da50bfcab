import { expect, test } from 'vitest'
import { foldForSearch, foldWithMap, highlight, queryTerms, snippet } from './fold.ts'

test('folds case and diacritics the Turkish way', () => {
	expect(foldForSearch('İSTANBUL Istanbul istanbul')).toBe('istanbul istanbul istanbul')
	expect(foldForSearch('Şişli ÇAĞLAYAN Ilık Öğüt')).toBe('sisli caglayan ilik ogut')
	expect(foldForSearch('Café\tnoël')).toBe('cafe noel')
})

test('maps folded positions back to the original text', () => {
	const { folded, map } = foldWithMap('aİb')
	expect(folded).toBe('aib')
	expect(map).toEqual([0, 1, 2, 3])
})

test('splits a query into folded words, dropping punctuation and duplicates', () => {
	expect(queryTerms('  Mart, 2024 — MART  ')).toEqual([
		{ word: 'Mart', folded: 'mart' },
		{ word: '2024', folded: '2024' },
	])
	expect(queryTerms('%_\\')).toEqual([])
	expect(queryTerms('ab bc cd de ef fg', 3).map((t) => t.folded)).toEqual(['ab', 'bc', 'cd'])
})

test('ignores one-letter words: they neither match nor highlight anything', () => {
	expect(queryTerms('a')).toEqual([])
	expect(queryTerms('İ ş 5 !')).toEqual([])
	expect(queryTerms('a kermes b 2024 ç').map((t) => t.folded)).toEqual(['kermes', '2024'])
	// One-letter words do not use up the word limit either.
	expect(queryTerms('a b c mart nisan', 2).map((t) => t.folded)).toEqual(['mart', 'nisan'])
	expect(queryTerms('İs').map((t) => t.folded)).toEqual(['is'])
	const text = 'Mezunlar Günü kermesi'
	expect(highlight(text, ['e'])).toEqual([{ text, mark: false }])
	expect(highlight(text, ['e', 'gunu'])).toEqual([
		{ text: 'Mezunlar ', mark: false },
		{ text: 'Günü', mark: true },
		{ text: ' kermesi', mark: false },
	])
	expect(snippet(text, ['a']).filter((s) => s.mark)).toEqual([])
})

test('highlights every match in the original spelling and keeps markup as text', () => {
	expect(highlight('Şişli’de İstanbul <b>günü</b>', ['sisli', 'istanbul'])).toEqual([
		{ text: 'Şişli', mark: true },
		{ text: '’de ', mark: false },
		{ text: 'İstanbul', mark: true },
		{ text: ' <b>günü</b>', mark: false },
	])
	expect(highlight('abc', ['zz'])).toEqual([{ text: 'abc', mark: false }])
	expect(highlight('aaaa', ['aa', 'a'])).toEqual([{ text: 'aaaa', mark: true }])
})

test('cuts a snippet around the first match with ellipses', () => {
	const text = `${'önce '.repeat(80)}burada Şişli var ${'sonra '.repeat(80)}`
	const parts = snippet(text, ['sisli'], 120)
	const joined = parts.map((p) => p.text).join('')
	expect(joined.startsWith('… ')).toBe(true)
	expect(joined.endsWith(' …')).toBe(true)
	expect(joined.length).toBeLessThanOrEqual(126)
	expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(['Şişli'])
	expect(snippet('kısa metin', ['yok'])).toEqual([{ text: 'kısa metin', mark: false }])
	expect(snippet('', ['x'])).toEqual([])
})
