import { expect, test } from 'vitest'
import { foldTr } from '#app/lib/tr.ts'
import { foldForSearch, foldWithMap, highlight, queryTerms, snippet } from './fold.ts'

test('folds case and diacritics the Turkish way', () => {
	expect(foldForSearch('İSTANBUL Istanbul istanbul')).toBe('istanbul istanbul istanbul')
	expect(foldForSearch('Şişli ÇAĞLAYAN Ilık Öğüt')).toBe('sisli caglayan ilik ogut')
	expect(foldForSearch('Café\tnoël')).toBe('cafe noel')
})

/** The plain definition: each character (code point) folded on its own, with the position it came from. */
function foldOneByOne(text: string) {
	let folded = ''
	const map: Array<number> = []
	let index = 0
	for (const ch of text) {
		const f = /\s/u.test(ch) ? ' ' : foldTr(ch)
		for (let k = 0; k < f.length; k++) map.push(f.length === ch.length ? index + k : index)
		folded += f
		index += ch.length
	}
	map.push(index)
	return { folded, map }
}

test('maps folded positions back to the original text', () => {
	// Every letter folds to one of the same length: positions are the same, no map is made.
	expect(foldWithMap('aİb')).toEqual({ folded: 'aib', map: null })
	// A combining accent folds to nothing: positions after it shift by one.
	expect(foldWithMap('Cafe\u0301 x')).toEqual({ folded: 'cafe x', map: [0, 1, 2, 3, 5, 6, 7] })
	// The mark ends after the accent, with the letter it belongs to.
	expect(highlight('Cafe\u0301 x', ['cafe'])).toEqual([
		{ text: 'Cafe\u0301', mark: true },
		{ text: ' x', mark: false },
	])
})

test('folds random text exactly as folding each character on its own does', () => {
	const alphabet = [...'aAzZ09 ıIiİşŞçÇğĞöÖüÜâÂ.,;’"\t\n\u00a0', '\u0301', '\u0308', '🎓', 'ß', 'é', 'É']
	let seed = 20_261_128
	const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648
	for (let run = 0; run < 500; run++) {
		const text = Array.from({ length: Math.floor(random() * 40) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('')
		const expected = foldOneByOne(text)
		const { folded, map } = foldWithMap(text)
		expect(folded, JSON.stringify(text)).toBe(expected.folded)
		expect(foldForSearch(text)).toBe(expected.folded)
		expect(map ?? Array.from({ length: folded.length + 1 }, (_, i) => i), JSON.stringify(text)).toEqual(expected.map)
	}
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

test('cuts each snippet of one text for its own terms (the text is prepared once, the terms are not kept)', () => {
	const text = `${'Başta bir paragraf var. '.repeat(12)}Şişli'de buluşma.   Sonra\n\tuzun bir ara. ${'Arada başka sözler. '.repeat(12)}Kadıköy'de veda.`
	const sisli = snippet(text, ['sisli'], 120)
	const kadikoy = snippet(text, ['kadikoy'], 120)
	expect(sisli.filter((s) => s.mark).map((s) => s.text)).toEqual(['Şişli'])
	expect(kadikoy.filter((s) => s.mark).map((s) => s.text)).toEqual(['Kadıköy'])
	expect(snippet(text, ['sisli'], 120)).toEqual(sisli)
	// White space is collapsed as before: the snippet never shows the line break or the tab.
	expect(sisli.map((s) => s.text).join('')).toContain('buluşma. Sonra uzun')
	// Without a match, the beginning; the same text now cut for a word it does not hold.
	expect(
		snippet(text, ['yok'], 40)
			.map((s) => s.text)
			.join(''),
	).toBe('Başta bir paragraf var. Başta bir …')
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
