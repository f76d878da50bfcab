import { parseFeed } from '@rowanmanning/feed-parser'
import { expect, test } from 'vitest'
import { deleteAlumniNews } from '#app/features/alumni-news/alumni-news.write.server.ts'
import { deleteAnnouncement } from '#app/features/announcements/announcements.write.server.ts'
import { deleteEvent } from '#app/features/events/events.write.server.ts'
import { DEFAULT_SETTINGS } from '#app/features/settings/settings.defaults.ts'
import { updateSetting } from '#app/features/settings/settings.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createAlumniNews } from '#tests/factories/alumni-news.ts'
import { createAnnouncement } from '#tests/factories/announcements.ts'
import { createCalendarEntry } from '#tests/factories/calendar.ts'
import { createEvent } from '#tests/factories/events.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'
import { startServer } from '#tests/setup/server.ts'

const SITE = 'https://mezun.example.org'

const FEEDS = [
	{ list: '/duyurular', name: 'Duyurular' },
	{ list: '/duyurular/etkinlikler', name: 'Etkinlikler' },
	{ list: '/mezunlarimiz/mezunlardan-haberler', name: 'Mezunlardan Haberler' },
] as const

const FORMATS = [
	{ file: 'rss.xml', label: 'RSS', type: 'application/rss+xml' },
	{ file: 'atom.xml', label: 'Atom', type: 'application/atom+xml' },
	{ file: 'feed.json', label: 'JSON Feed', type: 'application/feed+json' },
] as const

type JsonFeed = {
	version: string
	title: string
	home_page_url: string
	feed_url: string
	items: Array<{
		id: string
		url: string
		title: string
		content_html?: string
		content_text?: string
		image?: string
		date_published: string
		date_modified: string
	}>
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

/** The JSON-LD objects of a page, by @type. */
function structuredData(html: string): Map<string, Record<string, unknown>> {
	const found = new Map<string, Record<string, unknown>>()
	for (const match of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
		const data = JSON.parse(match[1] ?? '{}') as Record<string, unknown>
		found.set(String(data['@type']), data)
	}
	return found
}

/** A page's <link rel="alternate"> elements as `type title href`. */
const alternates = (html: string) =>
	[...html.matchAll(/<link rel="alternate" type="([^"]+)" title="([^"]+)" href="([^"]+)"\/>/g)].map((m) => `${m[1]} ${m[2]} ${m[3]}`)

for (const dialect of dialectsUnderTest()) {
	test(
		`serves RSS, Atom and JSON Feed of what the public pages show, with validators, head links and structured data (${dialect})`,
		{ timeout: 240_000 },
		async () => {
			const tdb = await createTestDatabase(dialect)
			await migrateToLatest(tdb.handle.db)
			await updateSetting('social', { ...DEFAULT_SETTINGS.social, youtube: '' })
			const older = await createAnnouncement({
				title: 'Genel Kurul Çağrısı',
				slug: 'genel-kurul-cagrisi',
				lead: 'Şubat toplantısına davetlisiniz.',
				body: '<p>Ayrıntılar <a href="/kurumsal/dernek-tuzugu">tüzükte</a> ve <a href="#gundem">gündemde</a>.</p><p><img src="/media/announcements/salon-800x600.jpg" alt="Salon"></p><h2 id="gundem">Gündem</h2>',
				cover_url: 'announcements/kapak-1200x675.jpg',
				published_at: '2026-11-20T07:00:00.000Z',
				created_at: '2026-11-19T07:00:00.000Z',
				updated_at: '2026-11-21T07:00:00.000Z',
			})
			const newer = await createAnnouncement({
				title: 'Kermes </script><script>alert(1)</script> & "Çay" Saati',
				published_at: '2026-11-25T07:00:00.000Z',
				created_at: '2026-11-25T07:00:00.000Z',
			})
			await createAnnouncement({ title: 'Taslak Duyuru', published_at: null })
			await createAnnouncement({ title: 'Zamanlanmış Duyuru', published_at: '2030-01-01T07:00:00.000Z' })
			const trashed = await createAnnouncement({ title: 'Çöpe Giden Duyuru', published_at: '2026-11-22T07:00:00.000Z' })
			await deleteAnnouncement(trashed.id)

			const concert = await createEvent({
				title: 'Bahar Konseri',
				slug: 'bahar-konseri',
				starts_at: '2027-03-28T16:00:00.000Z',
				ends_at: '2027-03-28T18:00:00.000Z',
				location: 'Harbiye, Cemal Reşit Rey',
				lead: 'Mezun korosundan bahar şarkıları.',
				cover_url: 'events/konser-1600x900.png',
				created_at: '2026-11-10T07:00:00.000Z',
				updated_at: '2026-11-10T07:00:00.000Z',
			})
			await createEvent({
				title: 'Cumhuriyet Balosu',
				slug: 'cumhuriyet-balosu',
				starts_at: '2027-10-31T16:00:00.000Z',
				created_at: '2026-11-12T07:00:00.000Z',
			})
			const gone = await createEvent({ title: 'İptal Edilen Gezi', created_at: '2026-11-14T07:00:00.000Z' })
			await deleteEvent(gone.id)

			const news = await createAlumniNews({
				title: 'Mezunumuza Bilim Ödülü',
				slug: 'mezunumuza-bilim-odulu',
				description: 'Moleküler biyolog mezunumuz ödül aldı.\n\nTören İstanbul’da yapıldı.',
				link: 'https://haber.example.com/odul',
				image_url: 'alumni_news/odul-1200x800.jpg',
				created_at: '2026-11-18T07:00:00.000Z',
			})
			const removedNews = await createAlumniNews({ title: 'Silinen Haber', created_at: '2026-11-19T07:00:00.000Z' })
			await deleteAlumniNews(removedNews.id)

			const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url, PUBLIC_URL: SITE })
			try {
				const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers })

				for (const page of [
					'/',
					'/duyurular',
					'/duyurular/etkinlikler/bahar-konseri',
					'/kurumsal/tarihce',
					'/arama',
					'/duyurular/olmayan-duyuru',
				]) {
					const links = alternates(await (await get(page)).text())
					expect(links, page).toEqual([
						...FEEDS.flatMap((feed) =>
							FORMATS.map((format) => `${format.type} ${feed.name} (${format.label}) ${feed.list}/${format.file}`),
						),
						'text/calendar Etkinlik Takvimi (iCalendar) /etkinlikler.ics',
					])
				}

				const validators = new Map<string, { etag: string; lastModified: string }>()
				for (const feed of FEEDS) {
					for (const format of FORMATS) {
						const path = `${feed.list}/${format.file}`
						const response = await get(path)
						expect(response.status, path).toBe(200)
						expect(response.headers.get('content-type'), path).toBe(`${format.type}; charset=utf-8`)
						expect(response.headers.get('cache-control'), path).toBe('public, max-age=0, must-revalidate')
						const etag = response.headers.get('etag') ?? ''
						expect(etag, path).toMatch(/^"[\w-]+"$/)
						const lastModified = response.headers.get('last-modified') ?? ''
						expect(new Date(lastModified).toUTCString(), path).toBe(lastModified)
						validators.set(path, { etag, lastModified })
						const text = await response.text()
						for (const hidden of ['Taslak Duyuru', 'Zamanlanmış Duyuru', 'Çöpe Giden Duyuru', 'İptal Edilen Gezi', 'Silinen Haber'])
							expect(text, `${path}: ${hidden}`).not.toContain(hidden)
						expect(text, path).not.toMatch(/(href|src|url)="\//)
					}
				}

				const rss = parseFeed(await (await get('/duyurular/rss.xml')).text())
				expect(rss.meta).toEqual({ type: 'rss', version: '2.0' })
				expect(rss.title).toBe('Duyurular – NDS Mezunları Derneği')
				expect(rss.url).toBe(`${SITE}/duyurular`)
				expect(rss.self).toBe(`${SITE}/duyurular/rss.xml`)
				expect(rss.language).toBe('tr')
				expect(rss.items.map((item) => item.title)).toEqual([newer.title, older.title])
				const [newest, first] = rss.items
				expect(newest?.url).toBe(`${SITE}/duyurular/${newer.id}`)
				expect(newest?.published?.toISOString()).toBe('2026-11-25T07:00:00.000Z')
				expect(first?.url).toBe(`${SITE}/duyurular/genel-kurul-cagrisi`)
				expect(first?.id).toBe(`tag:mezun.example.org,2026:duyuru-${older.id}`)
				expect(first?.description).toBe('Şubat toplantısına davetlisiniz.')
				expect(first?.content).toContain(`<a href="${SITE}/kurumsal/dernek-tuzugu"`)
				expect(first?.content).toContain(`<a href="${SITE}/duyurular/genel-kurul-cagrisi#gundem"`)
				expect(first?.content).toContain(`<img src="${SITE}/media/announcements/salon-800x600.jpg"`)
				expect(first?.media).toEqual([
					expect.objectContaining({ url: `${SITE}/media/announcements/kapak-1200x675.jpg`, mimeType: 'image/jpeg', type: 'image' }),
				])
				expect(await (await get('/duyurular/rss.xml')).text()).toMatch(/<pubDate>Fri, 20 Nov 2026 07:00:00 GMT<\/pubDate>/)

				const atom = parseFeed(await (await get('/duyurular/etkinlikler/atom.xml')).text())
				expect(atom.meta).toEqual({ type: 'atom', version: '1.0' })
				expect(atom.self).toBe(`${SITE}/duyurular/etkinlikler/atom.xml`)
				expect(atom.items.map((item) => item.title)).toEqual(['Cumhuriyet Balosu', 'Bahar Konseri'])
				const event = atom.items[1]
				expect(event?.url).toBe(`${SITE}/duyurular/etkinlikler/bahar-konseri`)
				expect(event?.id).toBe(`tag:mezun.example.org,2026:etkinlik-${concert.id}`)
				expect(event?.published?.toISOString()).toBe('2026-11-10T07:00:00.000Z')
				expect(event?.content).toContain('28 Mart 2027 Pazar 19:00–21:00')
				expect(event?.content).toContain('Harbiye, Cemal Reşit Rey')
				expect(event?.media).toEqual([expect.objectContaining({ url: `${SITE}/media/events/konser-1600x900.png`, mimeType: 'image/png' })])
				expect(atom.updated?.toUTCString()).toBe(validators.get('/duyurular/etkinlikler/atom.xml')?.lastModified)

				const newsAtom = parseFeed(await (await get('/mezunlarimiz/mezunlardan-haberler/atom.xml')).text())
				expect(newsAtom.items.map((item) => [item.title, item.url])).toEqual([
					['Mezunumuza Bilim Ödülü', `${SITE}/mezunlarimiz/mezunlardan-haberler/mezunumuza-bilim-odulu`],
				])
				expect(newsAtom.items[0]?.content).toBe(
					'<p>Moleküler biyolog mezunumuz ödül aldı.</p><p>Tören İstanbul’da yapıldı.</p><p><a href="https://haber.example.com/odul">Kaynağı aç</a></p>',
				)

				for (const feed of FEEDS) {
					const json = (await (await get(`${feed.list}/feed.json`)).json()) as JsonFeed
					expect(json.version).toBe('https://jsonfeed.org/version/1.1')
					expect(json.title).toBe(`${feed.name} – NDS Mezunları Derneği`)
					expect(json.home_page_url).toBe(`${SITE}${feed.list}`)
					expect(json.feed_url).toBe(`${SITE}${feed.list}/feed.json`)
					expect(json.items.length).toBeGreaterThan(0)
					for (const item of json.items) {
						expect(typeof item.id).toBe('string')
						expect(item.url.startsWith(`${SITE}/`)).toBe(true)
						expect(Boolean(item.content_html ?? item.content_text)).toBe(true)
						expect(item.date_published).toMatch(RFC3339)
						expect(item.date_modified).toMatch(RFC3339)
						expect(Date.parse(item.date_modified)).toBeGreaterThanOrEqual(Date.parse(item.date_published))
					}
				}
				const newsJson = (await (await get('/mezunlarimiz/mezunlardan-haberler/feed.json')).json()) as JsonFeed
				expect(newsJson.items[0]?.image).toBe(`${SITE}/media/alumni_news/odul-1200x800.jpg`)
				const announcementsJson = (await (await get('/duyurular/feed.json')).json()) as JsonFeed
				expect(announcementsJson.items.map((item) => [item.title, item.date_published, item.date_modified])).toEqual([
					[newer.title, '2026-11-25T07:00:00Z', '2026-11-25T07:00:00Z'],
					[older.title, '2026-11-20T07:00:00Z', '2026-11-21T07:00:00Z'],
				])

				const rssPath = '/duyurular/rss.xml'
				const before = validators.get(rssPath) ?? { etag: '', lastModified: '' }
				const revalidated = await get(rssPath, { 'if-none-match': before.etag })
				expect(revalidated.status).toBe(304)
				expect(await revalidated.text()).toBe('')
				expect(revalidated.headers.get('etag')).toBe(before.etag)
				expect(revalidated.headers.get('last-modified')).toBe(before.lastModified)
				expect((await get(rssPath, { 'if-modified-since': before.lastModified })).status).toBe(304)
				expect((await get(rssPath, { 'if-modified-since': 'Thu, 01 Jan 2026 00:00:00 GMT' })).status).toBe(200)
				expect((await get(rssPath, { 'if-none-match': '"baska"', 'if-modified-since': before.lastModified })).status).toBe(200)

				await createCalendarEntry({ title: 'Başka Bir Şey', date: '2027-02-02' })
				await withContentWrite(db, async () => {})
				const unrelated = await get(rssPath, { 'if-none-match': before.etag })
				expect(unrelated.status).toBe(304)
				expect(unrelated.headers.get('last-modified')).toBe(before.lastModified)

				const dueAt = new Date(Date.now() + 3000).toISOString()
				await createAnnouncement({ title: 'Zamanı Gelen Duyuru', published_at: dueAt, created_at: dueAt })
				await withContentWrite(db, async () => {})
				const deadline = Date.now() + 60_000
				let appeared = await get(rssPath)
				let text = await appeared.text()
				while (!text.includes('Zamanı Gelen Duyuru') && Date.now() < deadline) {
					await new Promise((resolve) => setTimeout(resolve, 250))
					appeared = await get(rssPath)
					text = await appeared.text()
				}
				expect(text).toContain('Zamanı Gelen Duyuru')
				expect(appeared.headers.get('etag')).not.toBe(before.etag)
				expect(Date.parse(appeared.headers.get('last-modified') ?? '')).toBeGreaterThanOrEqual(Math.floor(Date.parse(dueAt) / 1000) * 1000)
				expect((await get(rssPath, { 'if-none-match': before.etag })).status).toBe(200)
				expect((await get(rssPath, { 'if-modified-since': before.lastModified })).status).toBe(200)
				expect((await get(rssPath, { 'if-modified-since': appeared.headers.get('last-modified') ?? '' })).status).toBe(304)

				const home = structuredData(await (await get('/')).text())
				expect(home.get('Organization')).toEqual({
					'@context': 'https://schema.org',
					'@type': 'Organization',
					'@id': `${SITE}/#organization`,
					name: 'Notre Dame de Sion Mezunları Derneği',
					alternateName: 'NDS Mezunları Derneği',
					url: `${SITE}/`,
					logo: { '@type': 'ImageObject', url: `${SITE}/apple-touch-icon.png`, width: 180, height: 180 },
					foundingDate: '1987',
					sameAs: [DEFAULT_SETTINGS.social.instagram, DEFAULT_SETTINGS.social.facebook, DEFAULT_SETTINGS.social.communityGroup],
					address: {
						'@type': 'PostalAddress',
						streetAddress: 'Cumhuriyet Caddesi No: 00, Kat: 3, Harbiye, Şişli',
						addressLocality: 'İstanbul',
						postalCode: '34367',
						addressCountry: 'TR',
					},
					email: DEFAULT_SETTINGS.contact.email,
					telephone: DEFAULT_SETTINGS.contact.phone,
				})
				expect(home.has('BreadcrumbList')).toBe(false)
				expect((await get('/apple-touch-icon.png')).headers.get('content-type')).toBe('image/png')

				const eventPage = structuredData(await (await get('/etkinlikler/bahar-konseri')).text())
				expect(eventPage.get('Event')).toEqual({
					'@context': 'https://schema.org',
					'@type': 'Event',
					name: 'Bahar Konseri',
					startDate: '2027-03-28T19:00:00+03:00',
					endDate: '2027-03-28T21:00:00+03:00',
					eventStatus: 'https://schema.org/EventScheduled',
					eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
					location: {
						'@type': 'Place',
						name: 'Harbiye, Cemal Reşit Rey',
						address: { '@type': 'PostalAddress', streetAddress: 'Harbiye, Cemal Reşit Rey' },
					},
					image: [`${SITE}/media/events/konser-1600x900.png`],
					description: 'Mezun korosundan bahar şarkıları.',
					organizer: { '@type': 'Organization', name: 'Notre Dame de Sion Mezunları Derneği', url: `${SITE}/` },
					url: `${SITE}/duyurular/etkinlikler/bahar-konseri`,
				})
				expect(eventPage.get('BreadcrumbList')?.itemListElement).toEqual([
					{ '@type': 'ListItem', position: 1, name: 'Ana Sayfa', item: `${SITE}/` },
					{ '@type': 'ListItem', position: 2, name: 'Duyurular', item: `${SITE}/duyurular` },
					{ '@type': 'ListItem', position: 3, name: 'Etkinlikler', item: `${SITE}/duyurular/etkinlikler` },
					{ '@type': 'ListItem', position: 4, name: 'Bahar Konseri', item: `${SITE}/duyurular/etkinlikler/bahar-konseri` },
				])
				const noEnd = structuredData(await (await get('/duyurular/etkinlikler/cumhuriyet-balosu')).text())
				expect(noEnd.get('Event')?.endDate).toBeUndefined()

				const newerHtml = await (await get(`/duyurular/${newer.id}`)).text()
				expect(newerHtml).not.toContain('</script><script>alert(1)')
				expect(newerHtml).toContain('Kermes \\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e \\u0026 \\"Çay\\" Saati')
				const article = structuredData(await (await get('/duyurular/genel-kurul-cagrisi')).text()).get('NewsArticle')
				expect(article).toMatchObject({
					'@type': 'NewsArticle',
					headline: 'Genel Kurul Çağrısı',
					description: 'Şubat toplantısına davetlisiniz.',
					image: [`${SITE}/media/announcements/kapak-1200x675.jpg`],
					datePublished: '2026-11-20T10:00:00+03:00',
					dateModified: '2026-11-21T10:00:00+03:00',
					author: [{ '@type': 'Organization', name: 'Notre Dame de Sion Mezunları Derneği', url: `${SITE}/` }],
					publisher: {
						'@type': 'Organization',
						name: 'Notre Dame de Sion Mezunları Derneği',
						logo: { '@type': 'ImageObject', url: `${SITE}/apple-touch-icon.png` },
					},
					mainEntityOfPage: { '@type': 'WebPage', '@id': `${SITE}/duyurular/genel-kurul-cagrisi` },
				})
				const newsArticle = structuredData(await (await get(`/mezunlarimiz/mezunlardan-haberler/${news.slug}`)).text()).get('NewsArticle')
				expect(newsArticle).toMatchObject({
					headline: 'Mezunumuza Bilim Ödülü',
					datePublished: '2026-11-18T10:00:00+03:00',
					image: [`${SITE}/media/alumni_news/odul-1200x800.jpg`],
					mainEntityOfPage: { '@id': `${SITE}/mezunlarimiz/mezunlardan-haberler/mezunumuza-bilim-odulu` },
				})
				expect(structuredData(await (await get('/kurumsal/tarihce')).text()).get('BreadcrumbList')?.itemListElement).toEqual([
					{ '@type': 'ListItem', position: 1, name: 'Ana Sayfa', item: `${SITE}/` },
					{ '@type': 'ListItem', position: 2, name: 'Kurumsal', item: `${SITE}/kurumsal/hakkimizda` },
					{ '@type': 'ListItem', position: 3, name: 'Tarihçe', item: `${SITE}/kurumsal/tarihce` },
				])

				for (const [path, status] of [
					[`/duyurular/${older.id}`, 200],
					['/duyurular/genel-kurul-cagrisi', 200],
					['/duyurular/etkinlikler/bahar-konseri', 200],
					['/etkinlikler/bahar-konseri', 200],
					['/mezunlarimiz/mezunlardan-haberler/mezunumuza-bilim-odulu', 200],
					['/duyurular/rss.json', 404],
					['/duyurular/etkinlikler/olmayan.xml', 404],
				] as const) {
					expect((await get(path)).status, path).toBe(status)
				}
			} finally {
				await server.stop()
				await tdb.cleanup()
			}
		},
	)
}
