import { expect, test } from 'vitest'
import { bytesResponse, responseBytes, utf8Bytes } from './response-bytes.server.ts'

test('a response made from bytes reads back as those bytes, and hands the very bytes to the server', async () => {
	const bytes = Buffer.from('<!DOCTYPE html><p>Şükrü Saraçoğlu’nda buluşuyoruz: İğdır, Ilgaz</p>')
	const response = bytesResponse(bytes, { status: 201, headers: { 'Content-Type': 'text/html; charset=utf-8' } })
	expect(responseBytes(response)).toBe(bytes)
	expect(response.status).toBe(201)
	expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
	// A copy made of it (as a middleware might) reads the same, and so does the original afterwards.
	expect(await response.clone().text()).toBe(bytes.toString())
	expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true)
	expect(responseBytes(new Response(bytes))).toBeUndefined()
})

test('utf8Bytes gives the bytes Buffer.from gives, and each result keeps them when the next text is encoded', () => {
	const turkish = 'Şükrü Saraçoğlu’nda buluşuyoruz: İğdır, Ilgaz, çağrı 🎓 '
	const texts = [
		'kısa',
		turkish.repeat(60),
		// Longer than the first buffer it copies texts into, then shorter again: nothing of a longer text may be left in a shorter one's bytes.
		turkish.repeat(9000),
		'<p>' + 'ASCII only, '.repeat(400) + '</p>',
		turkish.repeat(70),
		// A lone surrogate, which Buffer.from writes as U+FFFD.
		turkish.repeat(50) + '\uD800' + turkish,
		// Beyond what the shared buffer holds.
		'ğ'.repeat(2_100_000),
	]
	const results = texts.map((text) => utf8Bytes(text))
	for (const [index, text] of texts.entries()) {
		expect(results[index]?.equals(Buffer.from(text)), `text ${index}`).toBe(true)
		expect(results[index]?.toString()).toBe(text.isWellFormed() ? text : text.toWellFormed())
	}
})
