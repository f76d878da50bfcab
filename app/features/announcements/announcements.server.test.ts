import { expect, test } from 'vitest'
import { createAnnouncement } from '#tests/factories/announcements.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { postgresIndexes, sqlitePlan } from '#tests/setup/query-plan.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import {
	getPublishedAnnouncement,
	listHomeAnnouncements,
	listPublishedAnnouncements,
	parseAnnouncementParam,
	publishedIdsInListOrder,
} from './announcements.server.ts'

const NOW = new Date('2026-06-15T12:00:00.000Z')

test('reads digits as an id, a slug as a slug and anything else as invalid', () => {
	expect(parseAnnouncementParam('42')).toEqual({ kind: 'id', id: 42 })
	expect(parseAnnouncementParam('genel-kurul-2026')).toEqual({ kind: 'slug', slug: 'genel-kurul-2026' })
	expect(parseAnnouncementParam('Genel Kurul')).toEqual({ kind: 'invalid' })
	expect(parseAnnouncementParam('çay-saati')).toEqual({ kind: 'invalid' })
	expect(parseAnnouncementParam('a--b')).toEqual({ kind: 'invalid' })
	expect(parseAnnouncementParam('')).toEqual({ kind: 'invalid' })
})

for (const dialect of dialectsUnderTest()) {
	test(`lists published announcements for the home carousel newest first, hiding drafts and scheduled ones, on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			const old = await createAnnouncement({
				title: 'Eski',
				published_at: '2026-06-01T09:00:00.000Z',
				created_at: '2026-05-01T09:00:00.000Z',
			})
			const newer = await createAnnouncement({ title: 'Yeni', published_at: '2026-06-10T09:00:00.000Z' })
			const sameDayLater = await createAnnouncement({
				title: 'Aynı an, sonra eklenen',
				published_at: '2026-06-01T09:00:00.000Z',
				created_at: '2026-05-20T09:00:00.000Z',
			})
			await createAnnouncement({ title: 'Taslak', published_at: null })
			await createAnnouncement({ title: 'İleri tarihli', published_at: '2026-06-15T12:00:01.000Z' })
			const exactlyNow = await createAnnouncement({ title: 'Tam şimdi', published_at: '2026-06-15T12:00:00.000Z' })

			const items = await listHomeAnnouncements({ now: NOW })
			expect(items.map((a) => a.id)).toEqual([exactlyNow.id, newer.id, sameDayLater.id, old.id])
			expect(items[0]).toMatchObject({ href: `/duyurular/${exactlyNow.id}`, external: false, image: null })
		})
	})

	test(`limits the home carousel to 24 announcements on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			for (let i = 0; i < 26; i++) await createAnnouncement({ published_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() })
			const items = await listHomeAnnouncements({ now: NOW })
			expect(items).toHaveLength(24)
			expect(items[0]?.title).toBe((await listHomeAnnouncements({ now: NOW, limit: 1 }))[0]?.title)
			expect(items.at(-1)?.publishedAt).toBe('2026-01-03T00:00:00.000Z')
		})
	})

	test(`cuts the whitespace-collapsed body at 180 characters with an ellipsis on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			const words = Array.from({ length: 60 }, (_, i) => `kelime${i}`).join('\n\n  ')
			await createAnnouncement({ body: `<p>${words}</p><script>alert(1)</script>` })
			await createAnnouncement({ body: '<p>Kısa   metin\n burada.</p>', published_at: '2025-01-01T00:00:00.000Z' })
			const [long, short] = await listHomeAnnouncements({ now: NOW })
			expect(long?.excerpt.endsWith('…')).toBe(true)
			expect(long?.excerpt.length).toBeLessThanOrEqual(181)
			expect(long?.excerpt).not.toMatch(/\s{2}|\n|alert/)
			expect(short?.excerpt).toBe('Kısa metin burada.')
		})
	})

	test(`sends cards with their own link there, external ones in a new tab, on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			await createAnnouncement({ href: 'https://ornek.org/duyuru', published_at: '2026-06-03T00:00:00.000Z' })
			await createAnnouncement({ href: '/aidat', published_at: '2026-06-02T00:00:00.000Z' })
			await createAnnouncement({ href: 'javascript:alert(1)', slug: 'guvenli', published_at: '2026-06-01T00:00:00.000Z' })
			const items = await listHomeAnnouncements({ now: NOW })
			expect(items.map((a) => [a.href, a.external])).toEqual([
				['https://ornek.org/duyuru', true],
				['/aidat', false],
				['/duyurular/guvenli', false],
			])
		})
	})

	test(`orders the announcements page by order_index with empty ones last, then newest, on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			const noIndexNew = await createAnnouncement({ order_index: null, published_at: '2026-06-10T00:00:00.000Z' })
			const noIndexOld = await createAnnouncement({ order_index: null, published_at: '2026-06-01T00:00:00.000Z' })
			const second = await createAnnouncement({ order_index: 2, published_at: '2026-06-12T00:00:00.000Z' })
			const firstOlder = await createAnnouncement({ order_index: 1, published_at: '2026-05-01T00:00:00.000Z' })
			const firstNewer = await createAnnouncement({ order_index: 1, published_at: '2026-05-02T00:00:00.000Z' })
			const tieCreatedLater = await createAnnouncement({
				order_index: 1,
				published_at: '2026-05-02T00:00:00.000Z',
				created_at: '2026-05-02T10:00:00.000Z',
			})
			await createAnnouncement({ order_index: 0, published_at: null })
			const { items, page } = await listPublishedAnnouncements({ now: NOW })
			expect(items.map((a) => a.id)).toEqual([tieCreatedLater.id, firstNewer.id, firstOlder.id, second.id, noIndexNew.id, noIndexOld.id])
			expect(page).toEqual({ page: 1, pageCount: 1, total: 6, perPage: 50 })
		})
	})

	test(`shows 50 announcements a page and the rest on the next page on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			for (let i = 0; i < 53; i++) await createAnnouncement({ order_index: i + 1 })
			const first = await listPublishedAnnouncements({ now: NOW })
			const second = await listPublishedAnnouncements({ now: NOW, page: 2 })
			const beyond = await listPublishedAnnouncements({ now: NOW, page: 9 })
			expect(first.items).toHaveLength(50)
			expect(second.items).toHaveLength(3)
			expect(second.page).toEqual({ page: 2, pageCount: 2, total: 53, perPage: 50 })
			expect(beyond.page.page).toBe(2)
			expect(new Set([...first.items, ...second.items].map((a) => a.id)).size).toBe(53)
		})
	})

	test(`reads a published announcement by id or slug with hero, lead and gallery fallbacks on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			const plain = await createAnnouncement({
				title: 'Kapaklı',
				excerpt: 'Özet alanı',
				cover_url: 'announcements/kapak-1600x900.jpg',
				body: '<p onclick="x()">Merhaba <a href="javascript:alert(1)">bağlantı</a></p><script>kötü()</script>',
				gallery: '["announcements/a-800x600.jpg", "/resim.png"]',
			})
			const withHero = await createAnnouncement({
				slug: 'hero-li',
				lead: 'Giriş',
				excerpt: 'Kullanılmaz',
				cover_url: 'announcements/kapak-1600x900.jpg',
				hero_bg_url: 'announcements/hero_bg/arka-1600x900.jpg',
				gallery: 'a.jpg, /b.jpg',
			})
			const byId = await getPublishedAnnouncement({ id: plain.id }, NOW)
			expect(byId).toMatchObject({ title: 'Kapaklı', lead: 'Özet alanı', href: `/duyurular/${plain.id}` })
			expect(byId?.hero?.src).toBe('/media/announcements/kapak-1600x900.jpg')
			expect(byId?.cover?.width).toBe(1600)
			expect(byId?.bodyHtml).toBe('<p>Merhaba bağlantı</p>')
			expect(byId?.gallery.map((g) => g.src)).toEqual(['/media/announcements/a-800x600.jpg', '/resim.png'])

			const bySlug = await getPublishedAnnouncement({ slug: 'hero-li' }, NOW)
			expect(bySlug).toMatchObject({ id: withHero.id, lead: 'Giriş', href: '/duyurular/hero-li' })
			expect(bySlug?.hero?.src).toBe('/media/announcements/hero_bg/arka-1600x900.jpg')
			expect(bySlug?.cover?.src).toBe('/media/announcements/kapak-1600x900.jpg')
			expect(bySlug?.gallery.map((g) => g.src)).toEqual(['/media/a.jpg', '/b.jpg'])
		})
	})

	test(`does not find drafts, scheduled announcements or impossible ids on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			const draft = await createAnnouncement({ published_at: null, slug: 'taslak' })
			const scheduled = await createAnnouncement({ published_at: '2026-07-01T00:00:00.000Z' })
			expect(await getPublishedAnnouncement({ id: draft.id }, NOW)).toBeNull()
			expect(await getPublishedAnnouncement({ slug: 'taslak' }, NOW)).toBeNull()
			expect(await getPublishedAnnouncement({ id: scheduled.id }, NOW)).toBeNull()
			expect(await getPublishedAnnouncement({ id: scheduled.id }, new Date('2026-07-01T00:00:00.000Z'))).not.toBeNull()
			expect(await getPublishedAnnouncement({ id: 99_999_999_999 }, NOW)).toBeNull()
			expect(await getPublishedAnnouncement({ id: 0 }, NOW)).toBeNull()
		})
	})
}

test('reads the announcements page in order from its index instead of sorting every announcement (SQLite plan)', async () => {
	await withDatabase('sqlite', async ({ handle }) => {
		const plan = await sqlitePlan(handle, publishedIdsInListOrder(NOW.toISOString()).limit(50).offset(500))
		expect(plan).toMatch(/SCAN announcements USING COVERING INDEX announcements_order_idx/)
		expect(plan).not.toMatch(/TEMP B-TREE/)
	})
})

test.runIf(dialectsUnderTest().includes('postgres'))('has the announcements order index on PostgreSQL too', async () => {
	await withDatabase('postgres', async ({ handle }) => {
		expect(await postgresIndexes(handle, ['announcements_order_idx', 'announcements_list_idx'])).toEqual({
			announcements_order_idx:
				'announcements USING btree (((order_index IS NULL)), order_index, published_at DESC, created_at DESC, id DESC)',
		})
	})
})
