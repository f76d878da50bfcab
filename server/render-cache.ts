/**
 * Rendered public pages kept in memory, keyed on the full address and
 * labelled with the content version they were rendered at. An entry is used
 * only while the database's content version is the same and its timed
 * deadline (a featured item's end, Istanbul midnight…) has not passed.
 */
import crypto from 'node:crypto'
import zlib from 'node:zlib'

export type CachedPage = {
	version: string
	validUntil: number
	status: number
	headers: Array<[string, string]>
	body: Buffer
	etag: string
	gzip?: Buffer
	br?: Buffer
	/** Times served from the cache, carried over to the page that replaces it (a re-render after a save keeps its place): what is worth re-rendering first. */
	hits?: number
}

export type RenderCacheStats = { entries: number; bytes: number; maxBytes: number; hits: number; misses: number }

export type RenderCache = {
	get(key: string, version: string, now?: number): CachedPage | undefined
	/** The entry whatever its version, without counting a use. */
	peek(key: string): CachedPage | undefined
	set(key: string, page: CachedPage): void
	/** The keys served most often, most first (stale entries too: they are what to render again after a change). */
	popular(limit: number): Array<string>
	clear(): void
	readonly stats: RenderCacheStats
}

/**
 * An LRU map of rendered pages bounded in entries and in bytes (each page's
 * HTML and the compressed copies made of it so far).
 */
export function createRenderCache({ maxEntries = 2000, maxBytes = 32 * 1024 * 1024 } = {}): RenderCache {
	const pages = new Map<string, CachedPage>()
	const counts = { hits: 0, misses: 0 }
	const sizeOf = (page: CachedPage) => page.body.length + (page.gzip?.length ?? 0) + (page.br?.length ?? 0)
	// Compressed copies are added after a page is stored (server/cached-pages.ts), so the total is summed, not tracked.
	const totalBytes = () => {
		let bytes = 0
		for (const page of pages.values()) bytes += sizeOf(page)
		return bytes
	}
	return {
		get stats() {
			return { entries: pages.size, bytes: totalBytes(), maxBytes, ...counts }
		},
		get(key, version, now = Date.now()) {
			const page = pages.get(key)
			if (!page || page.version !== version || now >= page.validUntil) {
				counts.misses++
				return undefined
			}
			// Most recently used last.
			pages.delete(key)
			pages.set(key, page)
			page.hits = (page.hits ?? 0) + 1
			counts.hits++
			return page
		},
		peek(key) {
			return pages.get(key)
		},
		set(key, page) {
			const previous = pages.get(key)
			page.hits ??= previous?.hits ?? 0
			pages.delete(key)
			pages.set(key, page)
			let bytes = totalBytes()
			for (const [oldest, entry] of pages) {
				if (pages.size <= maxEntries && bytes <= maxBytes) break
				pages.delete(oldest)
				bytes -= sizeOf(entry)
			}
		},
		popular(limit) {
			return [...pages]
				.filter(([, page]) => (page.hits ?? 0) > 0)
				.toSorted(([, a], [, b]) => (b.hits ?? 0) - (a.hits ?? 0))
				.slice(0, limit)
				.map(([key]) => key)
		},
		clear() {
			pages.clear()
		},
	}
}

/**
 * Which rendered pages enter the render cache. A page at a plain address (a
 * path with no query string, under the site's own host name, that is not a
 * 404) is kept from its first render: there are as many of those as the site
 * has pages. Any other address (a search, a paged or filtered list, a made-up
 * path or query string, another host name) is kept only when it is asked for
 * a second time while its fingerprint is among the last `remember` such
 * addresses seen, or when the cache already holds it. So a stream of
 * addresses asked for once each (every new search, a crawler's single pass,
 * random query strings sent to bypass the cache) neither grows the memory
 * nor pushes out the pages visitors come back to, while a search many people
 * make is still served from the cache.
 */
export function createAdmission({ remember = 4096 } = {}) {
	// Fingerprints, not addresses: an address can be kilobytes long.
	const seenOnce = new Set<string>()
	let deferred = 0
	return {
		admit(key: string, { plain, cached }: { plain: boolean; cached: boolean }): boolean {
			if (plain || cached) return true
			const fingerprint = crypto.hash('sha1', key, 'base64url')
			if (seenOnce.delete(fingerprint)) return true
			seenOnce.add(fingerprint)
			if (seenOnce.size > remember) seenOnce.delete(seenOnce.values().next().value as string)
			deferred++
			return false
		},
		get deferred() {
			return deferred
		},
	}
}

/** A strong validator from the bytes. */
export function etagOf(body: Buffer) {
	return `"${crypto.createHash('sha1').update(body).digest('base64url')}"`
}

export type Encoding = 'br' | 'gzip' | 'identity'

/** The best encoding the client accepts (q=0 excludes one). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
	const accepted = new Map<string, number>()
	for (const part of (acceptEncoding ?? '').split(',')) {
		const [name, ...params] = part.trim().toLowerCase().split(';')
		if (!name) continue
		const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean)
		accepted.set(name, q === undefined ? 1 : Number(q))
	}
	const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
	if (ok('br')) return 'br'
	if (ok('gzip')) return 'gzip'
	return 'identity'
}

/**
 * Brotli's quality for a page compressed while its visitor waits and for one
 * compressed ahead of its visitors by the warming pass. Measured in the
 * server on the demo's home page (57 KB) under load: 1 took 0.36 ms for
 * 10.3 KB, 3 took 0.72 ms for 9.4 KB (a tenth of an uncached render's
 * CPU), 0 took 0.25 ms for 10.9 KB; 6 makes 8.4 KB. A render that is not
 * kept (a search, an uncached page) or kept only until the warming pass
 * reaches it is compressed fast; the pages visitors come back to, well.
 */
const BROTLI_QUALITY = { prompt: 1, thorough: 6 } as const

/**
 * The body in an encoding, compressed once per page and kept in a buffer of
 * its own size (zlib's output is a view into a 64 KB block: kept as is, a
 * 9 KB page would hold 64 KB).
 */
export function encodedBody(page: CachedPage, encoding: Encoding, { thorough = false } = {}): Buffer {
	if (encoding === 'br') {
		const quality = thorough ? BROTLI_QUALITY.thorough : BROTLI_QUALITY.prompt
		page.br ??= ownBuffer(
			zlib.brotliCompressSync(page.body, {
				params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.body.length },
			}),
		)
		return page.br
	}
	if (encoding === 'gzip') {
		page.gzip ??= ownBuffer(zlib.gzipSync(page.body, { level: 6 }))
		return page.gzip
	}
	return page.body
}

/** A copy that owns exactly its bytes (outside Node's shared pool too). */
function ownBuffer(view: Buffer) {
	if (view.byteOffset === 0 && view.buffer.byteLength === view.length) return view
	const own = Buffer.allocUnsafeSlow(view.length)
	view.copy(own)
	return own
}

/** True when an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string) {
	if (!ifNoneMatch) return false
	if (ifNoneMatch.trim() === '*') return true
	const bare = etag.replace(/^W\//, '')
	return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare)
}
