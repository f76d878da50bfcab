import { memoByText } from '#app/lib/text-memo.ts'
import { foldTr } from '#app/lib/tr.ts'

/**
 * Search folding, character by character, so a position in the folded text
 * maps back to the original (for highlighting). Folds the Turkish way
 * (foldTr: `İstanbul`, `ISTANBUL`, `istanbul` alike; `Şişli` → `sisli`) and
 * turns every kind of white space into one plain space.
 */
const cache = new Map<string, string>()

function foldChar(ch: string): string {
	let folded = cache.get(ch)
	if (folded === undefined) {
		folded = /\s/u.test(ch) ? ' ' : foldTr(ch)
		if (cache.size < 5000) cache.set(ch, folded)
	}
	return folded
}

/** Characters that may fold to something else: all but lower-case ASCII letters, digits and the plain space. */
const MAY_FOLD = /[^a-z0-9 ]/gu

export function foldForSearch(text: string): string {
	return text.replace(MAY_FOLD, foldChar)
}

/**
 * The folded text and, for each of its UTF-16 positions, the position in the
 * original (plus an end sentinel); `map` is null when every character folded
 * to one of the same length (nearly always), so positions are the same.
 */
export function foldWithMap(text: string): { folded: string; map: Array<number> | null } {
	let shifted = false
	const folded = text.replace(MAY_FOLD, (ch) => {
		const f = foldChar(ch)
		if (f.length !== ch.length) shifted = true
		return f
	})
	if (!shifted) return { folded, map: null }
	const map: Array<number> = []
	let index = 0
	for (const ch of text) {
		const f = foldChar(ch)
		// Unit by unit where the length is kept (as without a map), else every unit at the character's start.
		for (let k = 0; k < f.length; k++) map.push(f.length === ch.length ? index + k : index)
		index += ch.length
	}
	map.push(index)
	return { folded, map }
}

/** Shorter words are not searched for: one letter occurs in nearly every text and would mark every letter of it. */
export const MIN_TERM_LENGTH = 2

/**
 * Words of a query: letters and digits, at most `max`, each with its folded
 * form, duplicates and words shorter than MIN_TERM_LENGTH dropped.
 */
export function queryTerms(query: string, max = 6): Array<{ word: string; folded: string }> {
	const seen = new Set<string>()
	const terms: Array<{ word: string; folded: string }> = []
	for (const word of query.split(/[^\p{L}\p{N}]+/u)) {
		if (!word) continue
		const folded = foldForSearch(word).replace(/[^\p{L}\p{N}]+/gu, '')
		if ([...folded].length < MIN_TERM_LENGTH || seen.has(folded)) continue
		seen.add(folded)
		terms.push({ word, folded })
		if (terms.length >= max) break
	}
	return terms
}

export type Segment = { text: string; mark: boolean }

/** Original-text ranges where any of the folded terms occurs, merged. */
function matchRanges(text: string, terms: Array<string>): Array<[number, number]> {
	return rangesIn(text.length, foldWithMap(text), terms)
}

function rangesIn(length: number, { folded, map }: { folded: string; map: Array<number> | null }, terms: Array<string>) {
	const ranges: Array<[number, number]> = []
	for (const term of terms) {
		if ([...term].length < MIN_TERM_LENGTH) continue
		let from = folded.indexOf(term)
		while (from !== -1) {
			const start = map ? (map[from] ?? 0) : from
			const end = map ? (map[from + term.length] ?? length) : from + term.length
			if (end > start) ranges.push([start, end])
			from = folded.indexOf(term, from + term.length)
		}
	}
	ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1])
	const merged: Array<[number, number]> = []
	for (const range of ranges) {
		const last = merged.at(-1)
		if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1])
		else merged.push([range[0], range[1]])
	}
	return merged
}

/**
 * A text with its white space collapsed, and that folded: what a snippet is
 * cut from. Kept per text (the search index hands the same bodies over on
 * every search), so a hit no longer folds its whole body again: that was
 * a quarter of the CPU of a search page rendered uncached.
 */
const snippetSource = memoByText(
	(text: string) => {
		const clean = text.replace(/\s+/g, ' ').trim()
		return { clean, ...foldWithMap(clean) }
	},
	{ maxChars: 2_000_000, sizeOf: (source) => source.clean.length + source.folded.length + (source.map?.length ?? 0) },
)

/** The text cut into plain and marked segments (rendered as text and <mark>, never as HTML). */
export function highlight(text: string, terms: Array<string>): Array<Segment> {
	const segments: Array<Segment> = []
	let at = 0
	for (const [start, end] of matchRanges(text, terms)) {
		if (start > at) segments.push({ text: text.slice(at, start), mark: false })
		segments.push({ text: text.slice(start, end), mark: true })
		at = end
	}
	if (at < text.length) segments.push({ text: text.slice(at), mark: false })
	return segments
}

/**
 * About `length` characters of the text around the first match, cut at word
 * boundaries with ellipses, highlighted. Without a match, the beginning.
 */
export function snippet(text: string, terms: Array<string>, length = 180): Array<Segment> {
	const source = snippetSource(text)
	const { clean } = source
	if (!clean) return []
	const first = rangesIn(clean.length, source, terms)[0]
	let start = 0
	if (first && first[1] > length - 20) {
		start = Math.max(0, first[0] - Math.floor(length / 3))
		const space = clean.indexOf(' ', start)
		if (space !== -1 && space < first[0]) start = space + 1
	}
	let end = Math.min(clean.length, start + length)
	if (end < clean.length) {
		const space = clean.lastIndexOf(' ', end)
		if (space > start + length / 2) end = space
	}
	const body = clean.slice(start, end)
	const segments = highlight(body, terms)
	if (start > 0) segments.unshift({ text: '… ', mark: false })
	if (end < clean.length) segments.push({ text: ' …', mark: false })
	return segments
}
