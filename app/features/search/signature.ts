/**
 * A 1024-bit signature of the character pairs (bigrams) in a text: a text
 * can only contain a search term if its signature has every bit of the
 * term's. Checking a few 32-bit words per document skips most documents
 * before any substring search, so a search over 10 000 documents reads
 * only the few that may match.
 */
export const SIGNATURE_WORDS = 32

function bigramBit(a: number, b: number) {
	return Math.imul((a << 16) ^ b, 0x9e3779b1) >>> 22
}

/** Sets the text's bits in `target` at `offset` (SIGNATURE_WORDS words). */
export function writeSignature(text: string, target: Uint32Array, offset: number) {
	let previous = text.charCodeAt(0)
	for (let i = 1; i < text.length; i++) {
		const current = text.charCodeAt(i)
		const bit = bigramBit(previous, current)
		target[offset + (bit >>> 5)]! |= 1 << (bit & 31)
		previous = current
	}
}

/** The bits a term needs, as pairs [word index, mask] flattened; empty for one-character terms. */
export function termMask(term: string): Array<number> {
	const words = new Uint32Array(SIGNATURE_WORDS)
	writeSignature(term, words, 0)
	const mask: Array<number> = []
	words.forEach((value, index) => {
		if (value !== 0) mask.push(index, value)
	})
	return mask
}

/** Whether the signature at `offset` has every bit of the mask. */
export function mayContain(signatures: Uint32Array, offset: number, mask: Array<number>) {
	for (let k = 0; k < mask.length; k += 2) {
		const need = mask[k + 1] as number
		if (((signatures[offset + (mask[k] as number)] as number) & need) >>> 0 !== need >>> 0) return false
	}
	return true
}
