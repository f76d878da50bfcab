import crypto from 'node:crypto'
import { getMeta, setMeta } from '#app/lib/app-meta.server.ts'
import { db } from '#app/lib/db.server.ts'
import { bytesResponse, utf8Bytes } from '#app/lib/response-bytes.server.ts'

/**
 * Feeds and calendars with validators a feed reader or calendar can rely on,
 * whichever instance answers and whenever:
 *
 * - `ETag`: a strong validator, the SHA-1 of the bytes (the same the render
 *   cache computes, see server/render-cache.ts), so every instance gives the
 *   same body the same tag.
 * - `Last-Modified`: when this content was first served, kept in the
 *   database (app_meta `feed:<key>`, the content's fingerprint and the
 *   instant). It moves only when the body changes — a write, a scheduled
 *   announcement reaching its time, an event leaving the calendar's window —
 *   and never goes back, so an `If-Modified-Since` is never answered 304
 *   wrongly (a restored or purged item changes the body, so it moves it on).
 *
 * A 304 is answered here when the request's validators match (also without
 * the render cache); the render cache answers its own hits the same way.
 */
const EPOCH = new Date(0).toISOString()

export const CACHE_CONTROL = 'public, max-age=0, must-revalidate'

/** Text as UTF-8 bytes; bytes as they are (not copied). */
const toBytes = (body: string | Uint8Array<ArrayBuffer>) =>
	typeof body === 'string' ? utf8Bytes(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength)

const sha1 = (data: Buffer) => crypto.createHash('sha1').update(data).digest('base64url')

/** When the content with this fingerprint was first served (to the second); records now when it is new. */
async function changedSince(key: string, fingerprint: string, now: Date): Promise<Date> {
	const metaKey = `feed:${key}`
	const [stored, at] = (await getMeta(db, metaKey))?.split(' ') ?? []
	const since = at ? new Date(at) : null
	if (stored === fingerprint && since && Number.isFinite(since.getTime())) return since
	const fresh = new Date(Math.floor(now.getTime() / 1000) * 1000)
	await setMeta(db, metaKey, `${fingerprint} ${fresh.toISOString()}`)
	return fresh
}

/** True when an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
function matchesEtag(ifNoneMatch: string, etag: string) {
	if (ifNoneMatch.trim() === '*') return true
	return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
}

/** RFC 9110 §13.1.3/§13.2.2: If-Modified-Since counts only without If-None-Match. */
export function isNotModified(headers: Headers, etag: string, lastModified: Date) {
	const ifNoneMatch = headers.get('if-none-match')
	if (ifNoneMatch !== null) return matchesEtag(ifNoneMatch, etag)
	const since = Date.parse(headers.get('if-modified-since') ?? '')
	return Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since
}

/**
 * The response for a feed or calendar: `render(updated)` makes the body
 * (text or UTF-8 bytes), given when it last changed (for a feed's own date); its fingerprint is
 * taken with a fixed date, so that date cannot change it.
 */
export async function conditionalResponse(
	request: Request,
	options: {
		key: string
		contentType: string
		render: (updated: string) => string | Uint8Array<ArrayBuffer>
		headers?: Record<string, string>
		now?: Date
	},
): Promise<Response> {
	const fixed = options.render(EPOCH)
	const fixedBytes = toBytes(fixed)
	const fingerprint = sha1(fixedBytes)
	const since = await changedSince(options.key, fingerprint, options.now ?? new Date())
	const body = options.render(since.toISOString())
	// A body that carries no date is the fingerprinted one: it is neither encoded nor hashed twice (the events calendar is 240 KB at ×100).
	const bytes = body === fixed ? fixedBytes : toBytes(body)
	const etag = `"${body === fixed ? fingerprint : sha1(bytes)}"`
	const headers: Record<string, string> = {
		ETag: etag,
		'Last-Modified': since.toUTCString(),
		'Cache-Control': CACHE_CONTROL,
		...options.headers,
	}
	if (isNotModified(request.headers, etag, since)) return new Response(null, { status: 304, headers })
	return bytesResponse(bytes, { headers: { 'Content-Type': options.contentType, ...headers } })
}
