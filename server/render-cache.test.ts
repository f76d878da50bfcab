import zlib from 'node:zlib'
import { expect, test } from 'vitest'
import { createAdmission, createRenderCache, encodedBody, etagOf, matchesEtag, pickEncoding, type CachedPage } from './render-cache.ts'

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
	// A stale entry is never served but stays until replaced or evicted: it tells what to render again.
	expect(cache.stats.entries).toBe(1)
})

test("names the most used pages, stale ones too, and a new render keeps the old one's uses", () => {
	const cache = createRenderCache()
	cache.set('/a', page('a', '1'))
	cache.set('/b', page('b', '1'))
	cache.set('/never', page('n', '1'))
	for (let i = 0; i < 4; i++) cache.get('/a', '1')
	for (let i = 0; i < 6; i++) cache.get('/b', '1')
	expect(cache.popular(5)).toEqual(['/b', '/a'])
	expect(cache.popular(1)).toEqual(['/b'])
	expect(cache.get('/a', '2')).toBeUndefined()
	expect(cache.popular(5)).toEqual(['/b', '/a'])
	cache.set('/b', page('b2', '2'))
	expect(cache.peek('/b')?.hits).toBe(6)
	expect(cache.popular(5)).toEqual(['/b', '/a'])
	expect(cache.stats).toMatchObject({ entries: 3, hits: 10, misses: 1 })
})

test('counts compressed copies in its byte limit', () => {
	const cache = createRenderCache({ maxBytes: 5000 })
	const a = page('<p>a</p>'.repeat(300))
	cache.set('/a', a)
	const plain = cache.stats.bytes
	encodedBody(a, 'gzip')
	expect(cache.stats.bytes).toBe(plain + (a.gzip?.length ?? 0))
	cache.set('/b', page('x'.repeat(4000)))
	expect(cache.stats.bytes).toBeLessThanOrEqual(5000)
	expect(cache.peek('/a')).toBeUndefined()
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

test('keeps each compressed copy in memory of its own size, which is what the byte limit counts', () => {
	const p = page('<section><h2>Duyurular</h2><p>Mezunlarımızla buluşuyoruz.</p></section>'.repeat(600))
	for (const copy of [encodedBody(p, 'br'), encodedBody(p, 'gzip')]) {
		// zlib hands out views into 64 KB blocks; a cache of such views holds several times what it counts.
		expect(copy.length).toBeGreaterThan(0)
		expect(copy.buffer.byteLength).toBe(copy.length)
	}
	const thorough = encodedBody(page(p.body.toString()), 'br', { thorough: true })
	expect(zlib.brotliDecompressSync(thorough).toString()).toBe(p.body.toString())
	expect(thorough.length).toBeLessThanOrEqual(p.br!.length)
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

test('keeps a plain address at once and any other from its second render, remembering only the last ones seen', () => {
	const admission = createAdmission({ remember: 2 })
	expect(admission.admit('http://site/', { plain: true, cached: false })).toBe(true)
	expect(admission.admit('http://site/?q=1', { plain: false, cached: false })).toBe(false)
	expect(admission.admit('http://site/?q=1', { plain: false, cached: false })).toBe(true)
	// Kept from then on (the cache holds it); once it has left the cache it has to be asked for twice again.
	expect(admission.admit('http://site/?q=1', { plain: false, cached: true })).toBe(true)
	expect(admission.admit('http://site/?q=1', { plain: false, cached: false })).toBe(false)
	for (const query of ['a', 'b', 'c']) expect(admission.admit(`http://site/arama?q=${query}`, { plain: false, cached: false })).toBe(false)
	// Only the last two addresses seen once are remembered: "a" has been forgotten, "c" has not.
	expect(admission.admit('http://site/arama?q=a', { plain: false, cached: false })).toBe(false)
	expect(admission.admit('http://site/arama?q=c', { plain: false, cached: false })).toBe(true)
	expect(admission.deferred).toBe(6)
})
