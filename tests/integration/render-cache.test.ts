import http from 'node:http'
import net from 'node:net'
import zlib from 'node:zlib'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { getSettings, updateSetting } from '#app/features/settings/settings.server.ts'
import { readContentVersion, withContentWrite } from '#app/lib/content-version.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createAlumniNews } from '#tests/factories/alumni-news.ts'
import { createAnnouncement } from '#tests/factories/announcements.ts'
import { createBulletin } from '#tests/factories/bulletins.ts'
import { createCalendarEntry } from '#tests/factories/calendar.ts'
import { createEvent } from '#tests/factories/events.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'
import { startServer } from '#tests/setup/server.ts'

test('serves anonymous pages from the render cache with ETags and shows a write on the next request', async () => {
	const tdb = await createTestDatabase('sqlite')
	await migrateToLatest(tdb.handle.db)
	// Without re-rendering in the background, so the first request after the write is the one that renders.
	const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url, RENDER_WARM_PAGES: '0' })
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

		// A shared link's tracking parameters do not make a new render, nor a new cache entry.
		const shared = await fetch(`${server.url}/?fbclid=IwAR0xyz&utm_source=whatsapp`)
		expect(shared.headers.get('x-render-cache')).toBe('hit')
		expect(await shared.text()).toBe(await (await fetch(`${server.url}/`)).text())

		const otherHost = await rawGet(`${server.url}/`, { host: `evil.example:${server.port}` })
		expect(otherHost.headers['x-render-cache']).toBe('miss')
		expect(await (await fetch(`${server.url}/`)).text()).not.toContain('evil.example')
	} finally {
		await server.stop()
		await tdb.cleanup()
	}
})

for (const dialect of dialectsUnderTest()) {
	test(`after a save the most visited pages are rendered again in the background, and a page is rendered once for visitors who ask together (${dialect})`, async () => {
		const tdb = await createTestDatabase(dialect, { migrated: true })
		const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url, RENDER_WARM_PAGES: '2' })
		const cacheStats = async () => ((await (await fetch(`${server.url}/readyz`)).json()) as { renderCache: { warmed: number } }).renderCache
		try {
			// Visited: / three times, /duyurular twice, /duyurular/takvim once (rendered, never served from the cache).
			for (const path of ['/', '/', '/', '/duyurular', '/duyurular', '/duyurular/takvim'])
				await (await fetch(`${server.url}${path}`)).text()
			await createAnnouncement({ title: 'Arka planda hazırlanan duyuru', published_at: new Date(Date.now() - 60_000).toISOString() })
			await withContentWrite(tdb.handle.db, async () => {})

			// Wait on the condition: each process looks for a change every second and re-renders its two most visited pages.
			for (const deadline = Date.now() + 20_000; Date.now() < deadline && (await cacheStats()).warmed < 2;)
				await new Promise((resolve) => setTimeout(resolve, 100))
			expect((await cacheStats()).warmed).toBe(2)
			for (const path of ['/', '/duyurular']) {
				const response = await fetch(`${server.url}${path}`)
				expect(response.headers.get('x-render-cache'), path).toBe('hit')
				expect(await response.text(), path).toContain('Arka planda hazırlanan duyuru')
			}
			// Not among the most visited: its first visitor renders it.
			expect((await fetch(`${server.url}/duyurular/takvim`)).headers.get('x-render-cache')).toBe('miss')

			// Ten visitors at once on a page nobody has asked for since the change: one render, nine answers from it.
			await withContentWrite(tdb.handle.db, async () => {})
			const together = await requestsAtOnce(server.port, '/mezunlarimiz/mezunlardan-haberler', 10)
			expect(together.map((answer) => answer.status)).toEqual(Array(10).fill(200))
			expect(together.filter((answer) => answer.outcome === 'miss')).toHaveLength(1)
			expect(new Set(together.map((answer) => answer.body)).size).toBe(1)
		} finally {
			await server.stop()
			await tdb.cleanup()
		}
	})
}

test('with RENDER_CACHE=off every anonymous page is rendered as a miss would be (whole, with an ETag, compressed once) and kept nowhere', async () => {
	const tdb = await createTestDatabase('sqlite')
	await migrateToLatest(tdb.handle.db)
	const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url, RENDER_CACHE: 'off' })
	try {
		const first = await fetch(`${server.url}/duyurular`)
		expect(first.status).toBe(200)
		expect(first.headers.get('x-render-cache')).toBeNull()
		const etag = first.headers.get('etag')!
		expect(etag).toMatch(/^"[\w-]+"$/)
		const html = await first.text()
		const raw = await rawGet(`${server.url}/duyurular`, { 'accept-encoding': 'br' })
		expect(raw.headers['content-encoding']).toBe('br')
		expect(Number(raw.headers['content-length'])).toBe(raw.body.length)
		expect(zlib.brotliDecompressSync(raw.body).toString()).toBe(html)
		expect((await fetch(`${server.url}/duyurular`, { headers: { 'if-none-match': etag } })).status).toBe(304)

		await createAnnouncement({ title: 'Önbelleksiz duyuru' })
		const after = await fetch(`${server.url}/duyurular`, { headers: { 'if-none-match': etag } })
		expect(after.status).toBe(200)
		expect(await after.text()).toContain('Önbelleksiz duyuru')
		const stats = (await (await fetch(`${server.url}/readyz`)).json()) as { renderCache: { entries: number } }
		expect(stats.renderCache.entries).toBe(0)
	} finally {
		await server.stop()
		await tdb.cleanup()
	}
})

test('a change that comes while the pages of the one before are being rendered again is warmed next', async () => {
	const tdb = await createTestDatabase('sqlite', { migrated: true })
	const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url, RENDER_WARM_PAGES: '24' })
	const readyz = async () =>
		((await (await fetch(`${server.url}/readyz`)).json()) as { renderCache: { warmed: number; warmedVersion: string | null } }).renderCache
	// Twenty pages (the home page under twenty addresses), so a pass takes a while. Each is asked for three
	// times: an address with a query string is kept from its second request, and a page counts as visited from its first hit.
	const pages = Array.from({ length: 20 }, (_, i) => `/?kaynak=${i}`)
	try {
		for (const path of [...pages, ...pages, ...pages]) await (await fetch(`${server.url}${path}`)).text()
		const before = (await readyz()).warmed
		await withContentWrite(tdb.handle.db, async () => {})
		// The moment a pass has rendered its first page, the next change arrives.
		for (const deadline = Date.now() + 20_000; Date.now() < deadline && (await readyz()).warmed === before;);
		await createAnnouncement({ title: 'Art arda ikinci kayıt', published_at: new Date(Date.now() - 60_000).toISOString() })
		await withContentWrite(tdb.handle.db, async () => {})
		// A visitor's request is where a process first sees the change, while that pass still runs.
		await (await fetch(`${server.url}/kurumsal/tarihce`)).text()
		const latest = await readContentVersion()
		for (const deadline = Date.now() + 20_000; Date.now() < deadline && (await readyz()).warmedVersion !== latest;)
			await new Promise((resolve) => setTimeout(resolve, 50))
		expect((await readyz()).warmedVersion).toBe(latest)
		for (const path of pages) expect((await fetch(`${server.url}${path}`)).headers.get('x-render-cache'), path).toBe('hit')
		expect(await (await fetch(`${server.url}/?kaynak=19`)).text()).toContain('Art arda ikinci kayıt')
	} finally {
		await server.stop()
		await tdb.cleanup()
	}
})

/** `count` GET requests written at the same instant on connections opened beforehand, so the server has them all before it answers one. */
async function requestsAtOnce(port: number, path: string, count: number) {
	const sockets = await Promise.all(
		Array.from(
			{ length: count },
			() =>
				new Promise<net.Socket>((resolve, reject) => {
					const socket = net.connect(port, '127.0.0.1', () => resolve(socket))
					socket.once('error', reject)
				}),
		),
	)
	const answers = sockets.map(
		(socket) =>
			new Promise<{ status: number; outcome: string | undefined; body: string }>((resolve, reject) => {
				const chunks: Array<Buffer> = []
				socket.on('data', (chunk: Buffer) => chunks.push(chunk))
				socket.on('error', reject)
				socket.on('end', () => {
					const text = Buffer.concat(chunks).toString('utf8')
					const [head = '', body = ''] = text.split('\r\n\r\n', 2)
					resolve({
						status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]),
						outcome: /^x-render-cache: (\w+)/im.exec(head)?.[1],
						body,
					})
				})
			}),
	)
	for (const socket of sockets) socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`)
	return Promise.all(answers)
}

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

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

function request(url: string, method: 'GET' | 'HEAD', headers: Record<string, string>): Promise<RawAnswer> {
	return new Promise((resolve, reject) => {
		http
			.request(url, { method, headers }, (response) => {
				const chunks: Array<Buffer> = []
				response.on('data', (chunk: Buffer) => chunks.push(chunk))
				response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
			})
			.on('error', reject)
			.end()
	})
}

/** The headers a HEAD and a GET of the same cached page share: all but the per-request ones. */
function comparable(headers: http.IncomingHttpHeaders) {
	const kept: Record<string, unknown> = {}
	for (const [name, value] of Object.entries(headers)) {
		if (['date', 'x-request-id', 'x-render-cache', 'connection', 'keep-alive'].includes(name)) continue
		kept[name] = name === 'content-security-policy' ? String(value).replace(/'nonce-[^']+'/, "'nonce'") : value
	}
	return kept
}

function decoded(answer: RawAnswer) {
	const encoding = answer.headers['content-encoding']
	if (encoding === 'br') return zlib.brotliDecompressSync(answer.body)
	if (encoding === 'gzip') return zlib.gunzipSync(answer.body)
	return answer.body
}

test('one-off addresses (new searches, made-up query strings and paths, other host names) are answered but not kept; a second request keeps them', async () => {
	const tdb = await createTestDatabase('sqlite', { migrated: true })
	await createAnnouncement({ title: 'Mezunlar gecesi biletleri satışta', slug: 'mezunlar-gecesi' })
	const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url, PUBLIC_URL: 'http://mezunlar.example.org' })
	const site = { host: 'mezunlar.example.org' }
	const stats = async () =>
		((await (await fetch(`${server.url}/readyz`)).json()) as { renderCache: { entries: number; bytes: number; deferred: number } })
			.renderCache
	try {
		for (const path of ['/', '/duyurular', '/duyurular/mezunlar-gecesi']) {
			expect((await request(`${server.url}${path}`, 'GET', site)).headers['x-render-cache'], path).toBe('miss')
			expect((await request(`${server.url}${path}`, 'GET', site)).headers['x-render-cache'], path).toBe('hit')
		}
		const before = await stats()
		expect(before).toMatchObject({ entries: 3, deferred: 0 })

		// 120 addresses asked for once each: every one is answered in full, none is kept.
		const oneOffs = Array.from({ length: 30 }, (_, i) => [
			`/arama?q=${encodeURIComponent(`mezunlar gecesi ${i}`)}`,
			`/?ref=${i}-${Math.random().toString(36).slice(2)}`,
			`/duyurular/uydurma-adres-${i}`,
			`/duyurular/mezunlar-gecesi?x=${i}`,
		]).flat()
		for (const path of oneOffs) {
			const answer = await request(`${server.url}${path}`, 'GET', site)
			expect(answer.headers['x-render-cache'], path).toBe('miss')
			expect(answer.status, path).toBe(path.includes('uydurma') ? 404 : 200)
			expect(decoded(answer).toString().trimEnd(), path).toMatch(/<\/html>$/)
		}
		const otherHost = await request(`${server.url}/duyurular`, 'GET', { host: `baska.example:${server.port}` })
		expect(otherHost.headers['x-render-cache']).toBe('miss')
		const after = await stats()
		expect(after).toMatchObject({ entries: 3, bytes: before.bytes, deferred: oneOffs.length + 1 })
		// The pages visitors come back to are still answered from the cache.
		for (const path of ['/', '/duyurular', '/duyurular/mezunlar-gecesi'])
			expect((await request(`${server.url}${path}`, 'GET', site)).headers['x-render-cache'], path).toBe('hit')

		// A search several people make is kept from its second request on, and a made-up path asked for again too.
		for (const path of ['/arama?q=mezunlar%20gecesi%203', '/duyurular/uydurma-adres-7']) {
			expect((await request(`${server.url}${path}`, 'GET', site)).headers['x-render-cache'], path).toBe('miss')
			expect((await request(`${server.url}${path}`, 'GET', site)).headers['x-render-cache'], path).toBe('hit')
		}
		expect(await stats()).toMatchObject({ entries: 5, deferred: oneOffs.length + 1 })
	} finally {
		await server.stop()
		await tdb.cleanup()
	}
})

test('a HEAD before the first GET after a change never empties a cached page: same headers, the GET gets the whole body', async () => {
	const tdb = await createTestDatabase('sqlite')
	await migrateToLatest(tdb.handle.db)
	const announcement = await createAnnouncement({ title: 'Bahar şenliği duyurusu', slug: 'bahar-senligi' })
	const event = await createEvent({ title: 'Mezunlar buluşması', slug: 'mezunlar-bulusmasi' })
	const news = await createAlumniNews({ title: 'Yeni kitap', slug: 'yeni-kitap' })
	await createCalendarEntry({ title: 'Genel kurul' })
	await createBulletin()
	const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url })
	const routes: Array<{ path: string; status: number; looksWhole: (body: Buffer) => boolean }> = [
		...[
			'/',
			'/duyurular',
			'/duyurular/etkinlikler',
			'/duyurular/bulten-arsivi',
			'/mezunlarimiz/mezunlardan-haberler',
			'/mezunlarimiz/basari-onur-odulleri',
			'/uyelik/uyelere-avantajlar',
			`/duyurular/${announcement.slug}`,
			`/duyurular/etkinlikler/${event.slug}`,
			`/etkinlikler/${event.slug}`,
			`/mezunlarimiz/mezunlardan-haberler/${news.slug}`,
			'/duyurular/takvim',
			'/duyurular/takvim?ay=2026-11',
			'/arama?q=mezun',
			'/kurumsal/hakkimizda',
			'/kurumsal/kvkk',
			'/gizlilik-sozlesmesi',
			'/uyelik/nasil-uye-olunur',
		].map((path) => ({ path, status: 200, looksWhole: (body: Buffer) => body.toString().trimEnd().endsWith('</html>') })),
		{ path: '/duyurular/boyle-bir-duyuru-yok', status: 404, looksWhole: (body) => body.toString().trimEnd().endsWith('</html>') },
		{ path: '/sitemap.xml', status: 200, looksWhole: (body) => body.toString().includes('</urlset>') },
		{ path: '/robots.txt', status: 200, looksWhole: (body) => body.toString().includes('Sitemap: ') },
		{ path: '/kurumsal/kvkk.pdf', status: 200, looksWhole: (body) => body.subarray(0, 5).toString() === '%PDF-' && body.includes('%%EOF') },
	]
	let fresh = 0
	try {
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom(...routes),
				fc.constantFrom('identity', 'gzip', 'br', 'gzip, br', ''),
				fc.integer({ min: 1, max: 3 }),
				fc.boolean(),
				async (route, acceptEncoding, heads, bumpVersion) => {
					// Either the content changes or the address is new: both start from an empty cache entry.
					let path = route.path
					if (bumpVersion) {
						const contact = (await getSettings()).contact
						await updateSetting('contact', { ...contact, addressLines: [`Değişiklik ${++fresh} Sokak`, 'Beyoğlu', '34430 İstanbul'] })
					} else path += `${path.includes('?') ? '&' : '?'}tazele=${++fresh}`
					const url = `${server.url}${path}`
					const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : ({} as Record<string, string>)
					const firstHead = await request(url, 'HEAD', headers)
					for (let i = 1; i < heads; i++) await request(url, 'HEAD', headers)
					const get = await request(url, 'GET', headers)
					const laterHead = await request(url, 'HEAD', headers)

					expect(firstHead.body.length, path).toBe(0)
					expect(firstHead.headers['x-render-cache'], path).toBe('miss')
					expect(get.status, path).toBe(route.status)
					// A plain address is kept from the HEAD's render; any other (a query string, a 404) from its second
					// request, or at once when the cache held it before the change: kept by then in every case.
					const keptByHead = (!path.includes('?') && route.status !== 404) || heads > 1
					expect(keptByHead ? get.headers['x-render-cache'] : 'hit', path).toBe('hit')
					expect(laterHead.headers['x-render-cache'], path).toBe('hit')
					expect(route.looksWhole(decoded(get)), path).toBe(true)
					expect(get.headers['content-length'], path).toBe(String(get.body.length))
					expect(get.headers.etag, path).toBe(firstHead.headers.etag)
					expect(comparable(firstHead.headers), path).toEqual(comparable(get.headers))
					expect(comparable(laterHead.headers), path).toEqual(comparable(get.headers))
				},
			),
			{
				numRuns: routes.length + 16,
				examples: routes.map((route) => [route, 'gzip, br', 1, true] as [(typeof routes)[number], string, number, boolean]),
			},
		)
	} finally {
		await server.stop()
		await tdb.cleanup()
	}
})
