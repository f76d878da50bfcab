import { toImageRef, type ImageRef } from './media.ts'
import { getStorage } from './storage.server.ts'

/** A stored image key or address as an image reference for a page. */
export function imageRef(value: string | null | undefined): ImageRef | null {
	if (!value) return null
	const storage = getStorage()
	let refs = refsByStorage.get(storage)
	if (!refs || refs.size >= 4096) refsByStorage.set(storage, (refs = new Map()))
	let ref = refs.get(value)
	if (ref === undefined) {
		const made = toImageRef(value, (key) => storage.url(key))
		ref = made && Object.freeze(made)
		refs.set(value, ref)
	}
	return ref
}

/**
 * Each stored key as its image, made once per storage (its address and the widths of its variants):
 * a list of 50 cards asks for the same few dozen on every render.
 */
const refsByStorage = new WeakMap<object, Map<string, ImageRef | null>>()

/** A stored file key or address (a bulletin PDF) as an address. */
export function fileUrl(value: string | null | undefined): string | null {
	const v = value?.trim()
	if (!v) return null
	if (/^https?:\/\//i.test(v) || (v.startsWith('/') && !v.startsWith('//'))) return v
	return getStorage().url(v)
}
