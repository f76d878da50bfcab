import zlib from 'node:zlib'
import { expect, test } from 'vitest'
import { createRenderCache, encodedBody, etagOf, matchesEtag, pickEncoding, type CachedPage } from './render-cache.ts'

const page = (body: string, version = '1', validUntil = Date.now() + 60_000): CachedPage => ({
	version,
	validUntil,
	status: 200,
	headers: [['content-type', 'text/html; charset=utf-8']],
	body: Buffer.from(body),
	etag: etagOf(Buffer.from(body)),
})

test('serves an entry only for its content version and until its deadline', () => {
	const cache = createRenderCache()
	cache.set('/a', page('a', '7', 1000))
	expect(cache.get('/a', '7', 999)?.body.toString()).toBe('a')
	expect(cache.get('/a', '8', 999)).toBeUndefined()
	cache.set('/a', page('a', '7', 1000))
	expect(cache.get('/a', '7', 1000)).toBeUndefined()
	expect(cache.stats.entries).toBe(0)
})

test('evicts the least recently used entries beyond its limits', () => {
	const cache = createRenderCache({ maxEntries: 2, maxBytes: 1000 })
	cache.set('/a', page('a'))
	cache.set('/b', page('b'))
	cache.get('/a', '1')
	cache.set('/c', page('c'))
	expect(cache.get('/b', '1')).toBeUndefined()
	expect(cache.get('/a', '1')).toBeDefined()
	cache.set('/big', page('x'.repeat(2000)))
	expect(cache.stats.bytes).toBeLessThanOrEqual(1000)
})

test('negotiates brotli, gzip or none, and compresses once', () => {
	expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br')
	expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip')
	expect(pickEncoding('identity')).toBe('identity')
	expect(pickEncoding(undefined)).toBe('identity')
	expect(pickEncoding('*')).toBe('br')
	const p = page('<p>merhaba</p>'.repeat(100))
	const br = encodedBody(p, 'br')
	expect(zlib.brotliDecompressSync(br).toString()).toBe(p.body.toString())
	expect(encodedBody(p, 'br')).toBe(br)
	expect(zlib.gunzipSync(encodedBody(p, 'gzip')).toString()).toBe(p.body.toString())
})

test('matches If-None-Match against the strong ETag', () => {
	const etag = etagOf(Buffer.from('x'))
	expect(etag).toMatch(/^"[\w-]+"$/)
	expect(matchesEtag(etag, etag)).toBe(true)
	expect(matchesEtag(`"other", ${etag}`, etag)).toBe(true)
	expect(matchesEtag(`W/${etag}`, etag)).toBe(true)
	expect(matchesEtag('*', etag)).toBe(true)
	expect(matchesEtag('"other"', etag)).toBe(false)
	expect(matchesEtag(undefined, etag)).toBe(false)
})
