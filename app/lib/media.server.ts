import { toImageRef, type ImageRef } from './media.ts'
import { getStorage } from './storage.server.ts'

/** A stored image key or address as an image reference for a page. */
export function imageRef(value: string | null | undefined): ImageRef | null {
	const storage = getStorage()
	return toImageRef(value, (key) => storage.url(key))
}

/** A stored file key or address (a bulletin PDF) as an address. */
export function fileUrl(value: string | null | undefined): string | null {
	const v = value?.trim()
	if (!v) return null
	if (/^https?:\/\//i.test(v) || (v.startsWith('/') && !v.startsWith('//'))) return v
	return getStorage().url(v)
}
