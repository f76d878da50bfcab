import { data } from 'react-router'

/** The largest request body the admin accepts: a 30 MB PDF plus the form around it. */
export const MAX_FORM_BYTES = 32 * 1024 * 1024

/**
 * Reads a form body, refusing it with 413 as soon as it passes `maxBytes`
 * (by its Content-Length, or while it streams) instead of buffering it whole.
 */
export async function readFormData(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData> {
	const tooLarge = () => data({ ok: false, status: 413, message: 'Gönderilen dosya çok büyük.' }, { status: 413 })
	const length = Number(request.headers.get('content-length') ?? NaN)
	if (Number.isFinite(length) && length > maxBytes) throw tooLarge()
	if (!request.body) return request.formData()
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
	try {
		return await new Request(request.url, {
			method: request.method,
			headers: request.headers,
			body: limited,
			duplex: 'half',
		} as RequestInit).formData()
	} catch {
		if (seen > maxBytes) throw tooLarge()
		throw data({ ok: false, status: 400, message: 'Form okunamadı.' }, { status: 400 })
	}
}

/** A trimmed text field; an absent or blank one is null (spec §5: empty becomes null). */
export function textField(form: FormData, name: string, max = 20_000): string | null {
	const value = form.get(name)
	if (typeof value !== 'string') return null
	const trimmed = value.trim()
	return trimmed ? trimmed.slice(0, max) : null
}
