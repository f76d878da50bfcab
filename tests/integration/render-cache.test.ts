import http from 'node:http'
import zlib from 'node:zlib'
import { expect, test } from 'vitest'
import { getSettings, updateSetting } from '#app/features/settings/settings.server.ts'
import { readContentVersion, withContentWrite } from '#app/lib/content-version.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createAnnouncement } from '#tests/factories/announcements.ts'
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

test('drops a featured item from the cached home page when its end passes, and publishes a scheduled one, with no write', async () => {
	const tdb = await createTestDatabase('sqlite')
	await migrateToLatest(tdb.handle.db)
	const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url })
	try {
		const soon = new Date(Date.now() + 3000).toISOString()
		await createAnnouncement({ title: 'Kısa süreli vitrin duyurusu', featured_home: true, featured_until: soon })
		await createAnnouncement({ title: 'Zamanlanmış genel kurul duyurusu', published_at: soon })
		await withContentWrite(tdb.handle.db, async () => {})
		const versionBefore = await readContentVersion()
		const home = await fetch(`${server.url}/`)
		expect(heroTitles(await home.text())).toContain('Kısa süreli vitrin duyurusu')
		const cached = await fetch(`${server.url}/`)
		expect(cached.headers.get('x-render-cache')).toBe('hit')
		expect(heroTitles(await cached.text())).toContain('Kısa süreli vitrin duyurusu')
		expect(await (await fetch(`${server.url}/duyurular`)).text()).not.toContain('Zamanlanmış genel kurul duyurusu')

		// Wait on the condition, not a clock: the page changes once the end has passed.
		let slides: Array<string> = []
		for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
			slides = heroTitles(await (await fetch(`${server.url}/`)).text())
			if (!slides.includes('Kısa süreli vitrin duyurusu')) break
			await new Promise((resolve) => setTimeout(resolve, 100))
		}
		expect(Date.now()).toBeGreaterThanOrEqual(new Date(soon).getTime())
		expect(slides).not.toContain('Kısa süreli vitrin duyurusu')
		expect(slides.length).toBeGreaterThan(0)
		expect(await (await fetch(`${server.url}/duyurular`)).text()).toContain('Zamanlanmış genel kurul duyurusu')
		expect(await readContentVersion()).toBe(versionBefore)
	} finally {
		await server.stop()
		await tdb.cleanup()
	}
})

/** The titles of the home page's hero slides. */
function heroTitles(html: string) {
	return [...html.matchAll(/class="hero__title"[^>]*>([\s\S]*?)<\/h2>/g)].map((m) => (m[1] ?? '').replace(/<[^>]+>/g, '').trim())
}
