/**
 * Spec §2 "Event detail": a gallery comes as an array, a JSON string or a
 * comma-separated string (import shapes of `gallery`, `images`, `photos`).
 * Stored normalised as a JSON array string; read defensively all the same.
 */
export function parseGallery(value: unknown): Array<string> {
	if (value === null || value === undefined) return []
	if (Array.isArray(value)) return clean(value)
	if (typeof value !== 'string') return []
	const text = value.trim()
	if (!text) return []
	if (text.startsWith('[')) {
		try {
			const parsed: unknown = JSON.parse(text)
			if (Array.isArray(parsed)) return clean(parsed)
		} catch {
			// Not JSON after all: read it as a list below.
		}
		return clean(text.replace(/^\[|\]$/g, '').split(','))
	}
	if (text.startsWith('"')) {
		try {
			const parsed: unknown = JSON.parse(text)
			if (typeof parsed === 'string') return parseGallery(parsed)
		} catch {
			// Fall through to the comma-separated reading.
		}
	}
	return clean(text.split(','))
}

function clean(items: Array<unknown>): Array<string> {
	const seen = new Set<string>()
	for (const item of items) {
		const candidate =
			typeof item === 'string'
				? item
				: item && typeof item === 'object'
					? ((item as Record<string, unknown>).url ?? (item as Record<string, unknown>).src)
					: null
		if (typeof candidate !== 'string') continue
		const value = candidate.trim().replace(/^["']|["']$/g, '')
		if (value) seen.add(value)
	}
	return [...seen]
}

/**
 * The first gallery among the import field names, normalised for storage:
 * a JSON array string, or null when there is nothing.
 */
export function normaliseGallery(...values: Array<unknown>): string | null {
	for (const value of values) {
		const items = parseGallery(value)
		if (items.length > 0) return JSON.stringify(items)
	}
	return null
}
