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
}

export type RenderCache = {
	get(key: string, version: string, now?: number): CachedPage | undefined
	set(key: string, page: CachedPage): void
	clear(): void
	readonly stats: { entries: number; bytes: number; hits: number; misses: number }
}

export function createRenderCache({ maxEntries = 2000, maxBytes = 32 * 1024 * 1024 } = {}): RenderCache {
	const pages = new Map<string, CachedPage>()
	const stats = { entries: 0, bytes: 0, hits: 0, misses: 0 }
	const sizeOf = (page: CachedPage) => page.body.length + (page.gzip?.length ?? 0) + (page.br?.length ?? 0)
	const drop = (key: string) => {
		const page = pages.get(key)
		if (!page) return
		pages.delete(key)
		stats.bytes -= sizeOf(page)
		stats.entries = pages.size
	}
	return {
		stats,
		get(key, version, now = Date.now()) {
			const page = pages.get(key)
			if (!page || page.version !== version || now >= page.validUntil) {
				if (page) drop(key)
				stats.misses++
				return undefined
			}
			// Most recently used last.
			pages.delete(key)
			pages.set(key, page)
			stats.hits++
			return page
		},
		set(key, page) {
			drop(key)
			pages.set(key, page)
			stats.bytes += sizeOf(page)
			while (pages.size > maxEntries || stats.bytes > maxBytes) {
				const oldest = pages.keys().next().value
				if (oldest === undefined) break
				drop(oldest)
			}
			stats.entries = pages.size
		},
		clear() {
			pages.clear()
			stats.bytes = 0
			stats.entries = 0
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

/** The body in an encoding, compressed once per page and kept. */
export function encodedBody(page: CachedPage, encoding: Encoding): Buffer {
	if (encoding === 'br') {
		page.br ??= zlib.brotliCompressSync(page.body, {
			params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.body.length },
		})
		return page.br
	}
	if (encoding === 'gzip') {
		page.gzip ??= zlib.gzipSync(page.body, { level: 6 })
		return page.gzip
	}
	return page.body
}

/** True when an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string) {
	if (!ifNoneMatch) return false
	if (ifNoneMatch.trim() === '*') return true
	const bare = etag.replace(/^W\//, '')
	return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare)
}
