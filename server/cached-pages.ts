import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { encodedBody, matchesEtag, pickEncoding, type CachedPage } from './render-cache.ts'

/** Pages that are the same for every anonymous visitor; never the admin area or a signed-in request. */
export function isCacheableRequest(req: ExpressRequest) {
	if (req.method !== 'GET' && req.method !== 'HEAD') return false
	if (/^\/(admin|giris|cikis)(\/|$|\?|\.)/.test(req.path) || req.path.endsWith('.data')) return false
	return !(req.headers.cookie ?? '').includes('nds.session_token=')
}

/**
 * Query parameters that only tell analytics where a visitor came from (a
 * campaign link, a click on Facebook, Google Ads, Instagram, a newsletter) and
 * that no page reads.
 */
const TRACKING_PARAMETER = /^(utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|yclid|twclid|ttclid|igshid|mc_cid|mc_eid|_ga|_gl)$/i

/**
 * The address a cacheable page is rendered and cached at: the visitor's
 * address without tracking parameters, so `/?fbclid=…` from a shared link is
 * the home page from the cache, not a new render (and a new cache entry) per
 * click. Anything else in the query string is kept as sent.
 */
export function pageAddress(originalUrl: string) {
	const mark = originalUrl.indexOf('?')
	if (mark === -1) return originalUrl
	const kept = originalUrl
		.slice(mark + 1)
		.split('&')
		.filter((pair) => {
			if (pair === '') return false
			const name = pair.split('=', 1)[0]!
			let decoded = name
			try {
				decoded = decodeURIComponent(name.replace(/\+/g, ' '))
			} catch {
				// kept as sent
			}
			return !TRACKING_PARAMETER.test(decoded)
		})
	const path = originalUrl.slice(0, mark)
	return kept.length === 0 ? path : `${path}?${kept.join('&')}`
}

const STORABLE_STATUS = new Set([200, 301, 302, 404])
export const SKIPPED_CACHE_HEADERS = new Set([
	'set-cookie',
	'content-length',
	'content-encoding',
	'etag',
	'cache-control',
	'vary',
	'date',
	'connection',
	'transfer-encoding',
])

export function isStorableResponse(response: Response) {
	if (!STORABLE_STATUS.has(response.status)) return false
	if (response.headers.getSetCookie().length > 0) return false
	if (/no-store|private/.test(response.headers.get('cache-control') ?? '')) return false
	return true
}

/**
 * Whether the client's copy is current: its If-None-Match names the ETag or,
 * only when it sends none (RFC 9110 §13.2.2), its If-Modified-Since is no
 * earlier than the page's own Last-Modified (feeds and calendars have one).
 */
function isNotModified(req: ExpressRequest, page: CachedPage) {
	const ifNoneMatch = req.get('if-none-match')
	if (ifNoneMatch !== undefined) return matchesEtag(ifNoneMatch, page.etag)
	const lastModified = Date.parse(page.headers.find(([name]) => name === 'last-modified')?.[1] ?? '')
	const since = Date.parse(req.get('if-modified-since') ?? '')
	return Number.isFinite(lastModified) && Number.isFinite(since) && lastModified <= since
}

/**
 * A page from the render cache (or just rendered, into it or, with RENDER_CACHE=off, not): strong ETag and
 * 304 for a matching If-None-Match (or If-Modified-Since), compressed once per encoding, revalidated
 * on every use so a change shows at once.
 */
export function sendCachedPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage, outcome: 'hit' | 'miss' | null) {
	res.status(page.status)
	for (const [name, value] of page.headers) res.setHeader(name, value)
	res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate')
	res.setHeader('Vary', 'Accept-Encoding')
	res.setHeader('ETag', page.etag)
	if (outcome) res.setHeader('X-Render-Cache', outcome)
	if (isNotModified(req, page)) {
		res.status(304)
		for (const name of ['content-type', 'content-length']) res.removeHeader(name)
		return res.end()
	}
	const encoding = pickEncoding(req.get('accept-encoding'))
	const body = encodedBody(page, encoding)
	if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
	res.setHeader('Content-Length', String(body.length))
	return req.method === 'HEAD' ? res.end() : res.end(body)
}
