/**
 * A pure function of one text, remembered for the texts met most recently.
 *
 * Pages turn the same stored bodies into HTML and text on every render
 * (Markdown, the sanitiser, heading ids, excerpts): the same input always
 * gives the same output, so the output is kept under the input itself. No
 * content version is needed (a changed body is a different key) and
 * nothing stale can be served; the least recently used entries go first
 * once the texts and results kept pass `maxChars` characters in all.
 * Results are frozen: they are shared by every caller.
 */
export function memoByText<T>(
	compute: (text: string) => T,
	{ maxChars = 4_000_000, sizeOf }: { maxChars?: number; sizeOf: (value: T) => number },
): (text: string) => T {
	const kept = new Map<string, { value: T; size: number }>()
	let chars = 0
	return (text) => {
		const hit = kept.get(text)
		if (hit) {
			// Most recently used last.
			kept.delete(text)
			kept.set(text, hit)
			return hit.value
		}
		const value = deepFreeze(compute(text))
		const size = text.length + sizeOf(value)
		if (size > maxChars / 2) return value
		kept.set(text, { value, size })
		chars += size
		for (const [oldest, entry] of kept) {
			if (chars <= maxChars) break
			kept.delete(oldest)
			chars -= entry.size
		}
		return value
	}
}

function deepFreeze<T>(value: T): T {
	if (value && typeof value === 'object' && !Object.isFrozen(value)) {
		Object.freeze(value)
		for (const inner of Object.values(value)) deepFreeze(inner)
	}
	return value
}
