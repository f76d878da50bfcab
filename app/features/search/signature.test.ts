import { expect, test } from 'vitest'
import { mayContain, SIGNATURE_WORDS, termMask, writeSignature } from './signature.ts'

test('never rules out a text that contains the term and rules out most that do not', () => {
	const texts = ['mezunlar gunu istanbul', 'kermes ve burs fonu', 'sisli ofisimizde genel kurul', 'a', '']
	const signatures = new Uint32Array(texts.length * SIGNATURE_WORDS)
	texts.forEach((text, i) => writeSignature(text, signatures, i * SIGNATURE_WORDS))
	for (const [i, text] of texts.entries()) {
		for (let start = 0; start < text.length; start++) {
			for (let end = start + 1; end <= text.length; end++) {
				expect(mayContain(signatures, i * SIGNATURE_WORDS, termMask(text.slice(start, end)))).toBe(true)
			}
		}
	}
	expect(mayContain(signatures, 0, termMask('zurafa'))).toBe(false)
	expect(mayContain(signatures, 3 * SIGNATURE_WORDS, termMask('ab'))).toBe(false)
	expect(termMask('x')).toEqual([])
})
