import { toImageRef, type ImageRef } from './media.ts'
import { getStorage } from './storage.server.ts'
import { memoByText } from './text-memo.ts'

/** A stored image key or address as an image reference for a page. */
export function imageRef(value: string | null | undefined): ImageRef | null {
	if (!value) return null
	const storage = getStorage()
	let refOf = refsByStorage.get(storage)
	if (!refOf) {
		refOf = memoByText((key) => toImageRef(key, (stored) => storage.url(stored)), { maxChars: 400_000, sizeOf: sizeOfRef })
		refsByStorage.set(storage, refOf)
	}
	return refOf(value)
}

/**
 * Each stored key as its image, made once per storage (its address and the widths of its variants):
 * a list of 50 cards asks for the same few dozen on every render.
 */
const refsByStorage = new WeakMap<object, (value: string) => ImageRef | null>()
const sizeOfRef = (ref: ImageRef | null) => (ref ? ref.src.length + (ref.srcSet?.length ?? 0) : 0)

/** A stored file key or address (a bulletin PDF) as an address. */
export function fileUrl(value: string | null | undefined): string | null {
	const v = value?.trim()
	if (!v) return null
	if (/^https?:\/\//i.test(v) || (v.startsWith('/') && !v.startsWith('//'))) return v
	return getStorage().url(v)
}
