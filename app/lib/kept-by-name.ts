/**
 * Values kept by name with the inputs they were made from, at most
 * `maxBytes` of them (as `sizeOf` counts), the least recently used leaving
 * first. `get(name, same, make)` returns the kept value while every input
 * in `same` is the same (===) as when it was made, and makes it again
 * otherwise: a content card by its item, an event's calendar lines by its
 * UID. Comparing the few values a thing is made from costs less than
 * writing them all into a key and looking that up. Without `same`, the name
 * alone decides. Safe for the browser and the server (no I/O).
 */
export function keptByName<T>({
	maxBytes,
	sizeOf,
}: {
	maxBytes: number
	sizeOf: (name: string, value: T, same: ReadonlyArray<unknown> | undefined) => number
}) {
	type Kept = { value: T; same: ReadonlyArray<unknown> | undefined; size: number }
	const kept = new Map<string, Kept>()
	let keptBytes = 0
	return {
		get(name: string, same: ReadonlyArray<unknown> | undefined, make: () => T): T {
			const hit = kept.get(name)
			if (hit !== undefined) {
				kept.delete(name)
				if (unchanged(hit.same, same)) {
					// Most recently used last.
					kept.set(name, hit)
					return hit.value
				}
				keptBytes -= hit.size
			}
			const value = make()
			const size = sizeOf(name, value, same)
			kept.set(name, { value, same, size })
			keptBytes += size
			for (const [oldName, old] of kept) {
				if (keptBytes <= maxBytes) break
				kept.delete(oldName)
				keptBytes -= old.size
			}
			return value
		},
	}
}

const unchanged = (was: ReadonlyArray<unknown> | undefined, now: ReadonlyArray<unknown> | undefined) =>
	was === now || (was !== undefined && now !== undefined && was.length === now.length && was.every((value, i) => value === now[i]))
