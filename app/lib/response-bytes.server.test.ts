import { expect, test } from 'vitest'
import { bytesResponse, responseBytes } from './response-bytes.server.ts'

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
