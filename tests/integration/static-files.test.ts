import http from 'node:http'
import zlib from 'node:zlib'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startServer, type RunningServer } from '#tests/setup/server.ts'

/** The built client files: compressed once at build time, cached for a year, validated by ETag. */

let server: RunningServer
let css: string

beforeAll(async () => {
	server = await startServer()
	const home = await (await fetch(`${server.url}/giris`)).text()
	css = /href="(\/assets\/[^"]+\.css)"/.exec(home)?.[1] ?? ''
}, 60_000)

afterAll(async () => {
	await server?.stop()
})

test('serves a fingerprinted stylesheet compressed as the browser asks, immutable, with an ETag', async () => {
	expect(css).toMatch(/^\/assets\/.+-[\w-]{8}\.css$/)
	const plain = await fetch(`${server.url}${css}`, { headers: { 'accept-encoding': 'identity' } })
	const text = await plain.text()
	expect(plain.headers.get('content-type')).toBe('text/css; charset=utf-8')
	expect(plain.headers.get('content-encoding')).toBeNull()
	expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
	expect(plain.headers.get('vary')).toBe('Accept-Encoding')
	expect(plain.headers.get('x-content-type-options')).toBe('nosniff')
	expect(text.length).toBeGreaterThan(1024)

	for (const [accept, encoding, decode] of [
		['br, gzip', 'br', zlib.brotliDecompressSync],
		['gzip', 'gzip', zlib.gunzipSync],
	] as const) {
		// fetch decodes the body itself; http.get shows the bytes on the wire.
		const response = await fetch(`${server.url}${css}`, { headers: { 'accept-encoding': accept } })
		expect(response.headers.get('content-encoding'), accept).toBe(encoding)
		expect(await response.text(), accept).toBe(text)
		const raw = await new Promise<Buffer>((resolve, reject) => {
			http
				.get(`${server.url}${css}`, { headers: { 'accept-encoding': accept } }, (res) => {
					const chunks: Array<Buffer> = []
					res.on('data', (chunk: Buffer) => chunks.push(chunk))
					res.on('end', () => resolve(Buffer.concat(chunks)))
				})
				.on('error', reject)
		})
		expect(raw.length, accept).toBeLessThan(text.length / 2)
		expect(decode(raw).toString(), accept).toBe(text)
	}

	const etag = plain.headers.get('etag') ?? ''
	expect(etag).toMatch(/^"[\w-]+"$/)
	const again = await fetch(`${server.url}${css}`, { headers: { 'if-none-match': etag } })
	expect(again.status).toBe(304)
	expect(await again.text()).toBe('')
})

test('answers 404 for a missing asset and serves the icons with a short cache', async () => {
	const missing = await fetch(`${server.url}/assets/yok-12345678.js`)
	expect(missing.status).toBe(404)
	expect(missing.headers.get('content-type')).toContain('text/plain')
	const icon = await fetch(`${server.url}/favicon.svg`)
	expect(icon.status).toBe(200)
	expect(icon.headers.get('content-type')).toBe('image/svg+xml')
	expect(icon.headers.get('cache-control')).toBe('public, max-age=3600')
	const head = await fetch(`${server.url}${css}`, { method: 'HEAD' })
	expect(head.status).toBe(200)
	expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0)
})
