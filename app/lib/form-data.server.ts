import { data } from 'react-router'
import { msg } from './messages.ts'

/** The largest form an ordinary page accepts (sign-in, sign-out): text fields only. */
export const MAX_FORM_BYTES = 1024 * 1024
/** The largest form the admin accepts: a 30 MB PDF plus the form around it. */
export const MAX_UPLOAD_FORM_BYTES = 32 * 1024 * 1024

/** RFC 2046 §5.1.1: 1–70 characters from a small set, not ending in a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/

function refuse(status: 400 | 413 | 415, message: string) {
	return data({ ok: false as const, status, message }, { status, headers: { 'Cache-Control': 'no-store' } })
}

/** Why a Content-Type cannot carry a form, or null when it can. */
function contentTypeProblem(header: string | null) {
	const [type = '', ...params] = (header ?? '').split(';')
	const mediaType = type.trim().toLowerCase()
	if (mediaType === 'application/x-www-form-urlencoded') return null
	if (mediaType !== 'multipart/form-data') return refuse(415, msg.http.notAForm)
	const boundary = params.map((param) => /^\s*boundary\s*=\s*(?:"([^"]*)"|(\S*))\s*$/i.exec(param)).find(Boolean)
	const value = boundary?.[1] ?? boundary?.[2]
	return value && BOUNDARY.test(value) ? null : refuse(400, msg.http.formUnreadable)
}

/**
 * The one way a route reads a posted form. A body that is not a form (JSON,
 * text, no Content-Type) is refused with 415, a malformed one with 400, one
 * larger than `maxBytes` with 413 as soon as it passes the limit (by its
 * Content-Length or while it streams), never buffered whole. Refusals are
 * thrown as `data({ ok: false, status, message })`: the admin API answers
 * them as JSON, a page shows them in its error boundary.
 */
export async function readFormData(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData> {
	const typeProblem = contentTypeProblem(request.headers.get('content-type'))
	if (typeProblem) throw typeProblem
	const length = Number(request.headers.get('content-length') ?? NaN)
	if (Number.isFinite(length) && length > maxBytes) throw refuse(413, msg.http.tooLarge)
	if (!request.body) return new FormData()
	let seen = 0
	const limited = request.body.pipeThrough(
		new TransformStream<Uint8Array, Uint8Array>({
			transform(chunk, controller) {
				seen += chunk.byteLength
				if (seen > maxBytes) controller.error(new RangeError('body too large'))
				else controller.enqueue(chunk)
			},
		}),
	)
	let form: FormData
	try {
		form = await new Request(request.url, {
			method: 'POST',
			headers: request.headers,
			body: limited,
			duplex: 'half',
		} as RequestInit).formData()
	} catch {
		if (seen > maxBytes) throw refuse(413, msg.http.tooLarge)
		throw refuse(400, msg.http.formUnreadable)
	}
	return withoutNul(form)
}

/**
 * NUL (U+0000) never means anything in a text field: PostgreSQL refuses to
 * store it (SQLite would keep it and a later PostgreSQL restore would fail),
 * and a browser shows it as U+FFFD. Every posted text value loses it here,
 * so both databases and a redisplayed form see the same text.
 */
function withoutNul(form: FormData): FormData {
	let found = false
	for (const value of form.values()) if (typeof value === 'string' && value.includes('\u0000')) found = true
	if (!found) return form
	const clean = new FormData()
	for (const [name, value] of form.entries()) clean.append(name, typeof value === 'string' ? value.replaceAll('\u0000', '') : value)
	return clean
}

/** A trimmed text field; an absent or blank one is null (spec §5: empty becomes null). */
export function textField(form: FormData, name: string, max = 20_000): string | null {
	const value = form.get(name)
	if (typeof value !== 'string') return null
	const trimmed = value.trim()
	return trimmed ? trimmed.slice(0, max) : null
}
