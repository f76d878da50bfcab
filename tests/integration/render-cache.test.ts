import http from 'node:http'
import zlib from 'node:zlib'
import { expect, test } from 'vitest'
import { getSettings, updateSetting } from '#app/features/settings/settings.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createTestDatabase } from '#tests/setup/db.ts'
import { startServer } from '#tests/setup/server.ts'

test('serves anonymous pages from the render cache with ETags and shows a write on the next request', async () => {
	const tdb = await createTestDatabase('sqlite')
	await migrateToLatest(tdb.handle.db)
	const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url })
	try {
		const first = await fetch(`${server.url}/`)
		expect(first.status).toBe(200)
		expect(first.headers.get('x-render-cache')).toBe('miss')
		expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
		const etag = first.headers.get('etag')!
		expect(etag).toMatch(/^"[\w-]+"$/)
		const html = await first.text()

		const second = await fetch(`${server.url}/`)
		expect(second.headers.get('x-render-cache')).toBe('hit')
		expect(second.headers.get('etag')).toBe(etag)
		expect(await second.text()).toBe(html)

		const revalidated = await fetch(`${server.url}/`, { headers: { 'if-none-match': etag } })
		expect(revalidated.status).toBe(304)
		expect(await revalidated.text()).toBe('')

		const raw = await rawGet(`${server.url}/`, { 'accept-encoding': 'gzip, br' })
		expect(raw.headers['content-encoding']).toBe('br')
		expect(zlib.brotliDecompressSync(raw.body).toString()).toBe(html)
		const gzipped = await rawGet(`${server.url}/`, { 'accept-encoding': 'gzip' })
		expect(zlib.gunzipSync(gzipped.body).toString()).toBe(html)

		const head = await fetch(`${server.url}/`, { method: 'HEAD' })
		expect(head.status).toBe(200)
		expect(head.headers.get('etag')).toBe(etag)

		const contact = (await getSettings()).contact
		await updateSetting('contact', { ...contact, addressLines: ['Yeni Adres Sokak No: 5', 'Beyoğlu', '34430 İstanbul'] })
		const afterWrite = await fetch(`${server.url}/`)
		expect(afterWrite.headers.get('x-render-cache')).toBe('miss')
		expect(afterWrite.headers.get('etag')).not.toBe(etag)
		expect(await afterWrite.text()).toContain('Yeni Adres Sokak No: 5')
		const stale = await fetch(`${server.url}/`, { headers: { 'if-none-match': etag } })
		expect(stale.status).toBe(200)

		const signedIn = await fetch(`${server.url}/`, { headers: { cookie: 'nds.session_token=abc.def' } })
		expect(signedIn.headers.get('x-render-cache')).toBeNull()
		const admin = await fetch(`${server.url}/admin`, { redirect: 'manual' })
		expect(admin.headers.get('x-render-cache')).toBeNull()

		const otherHost = await rawGet(`${server.url}/`, { host: `evil.example:${server.port}` })
		expect(otherHost.headers['x-render-cache']).toBe('miss')
		expect(await (await fetch(`${server.url}/`)).text()).not.toContain('evil.example')
	} finally {
		await server.stop()
		await tdb.cleanup()
	}
})

function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
	return new Promise((resolve, reject) => {
		http
			.get(url, { headers }, (response) => {
				const chunks: Array<Buffer> = []
				response.on('data', (chunk: Buffer) => chunks.push(chunk))
				response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }))
			})
			.on('error', reject)
	})
}
