/**
 * A pure function of one text, remembered for the texts met most recently.
 *
 * Pages turn the same stored bodies into HTML and text on every render
 * (Markdown, the sanitiser, heading ids, excerpts): the same input always
 * gives the same output, so the output is kept under the input itself. No
 * content version is needed (a changed body is a different key) and
 * nothing stale can be served.
 *
 * What is kept is bounded by `maxChars` characters (texts and results) in
 * two generations of at most half that each. New results go into the
 * recent one; once it is full, it becomes the older one and the older
 * one's entries that were not used since are dropped; an older entry used
 * again moves back into the recent one. So the texts met recently stay, as
 * with a least-recently-used list, but a hit is one map lookup: moving the
 * entry to the end of one list on every hit cost three times the lookup,
 * and some memos are looked up thousands of times a request (a stored
 * timestamp, a calendar's events). Results are frozen (bytes aside): they
 * are shared by every caller.
 */
export function memoByText<T>(
	compute: (text: string) => T,
	{ maxChars = 4_000_000, sizeOf }: { maxChars?: number; sizeOf: (value: T) => number },
): (text: string) => T {
	type Entry = { value: T; size: number }
	const generation = maxChars / 2
	let recent = new Map<string, Entry>()
	let recentChars = 0
	let older = new Map<string, Entry>()
	const keep = (text: string, entry: Entry) => {
		recent.set(text, entry)
		recentChars += entry.size
		if (recentChars > generation) {
			older = recent
			recent = new Map()
			recentChars = 0
		}
	}
	return (text) => {
		const hit = recent.get(text)
		if (hit) return hit.value
		const old = older.get(text)
		if (old) {
			older.delete(text)
			keep(text, old)
			return old.value
		}
		const value = deepFreeze(compute(text))
		const size = text.length + sizeOf(value)
		if (size <= generation) keep(text, { value, size })
		return value
	}
}

function deepFreeze<T>(value: T): T {
	// Bytes cannot be frozen; whoever takes them copies them (a response, Buffer.concat).
	if (value && typeof value === 'object' && !ArrayBuffer.isView(value) && !Object.isFrozen(value)) {
		Object.freeze(value)
		for (const inner of Object.values(value)) deepFreeze(inner)
	}
	return value
}
