import { expect, test } from 'vitest'
import { createAlumniNews } from '#tests/factories/alumni-news.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { getAlumniNewsBySlug, listAlumniNews } from './alumni-news.server.ts'

for (const dialect of dialectsUnderTest()) {
	test(`lists alumni news newest first with image, text and link fallbacks on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			const old = await createAlumniNews({
				title: 'Eski haber',
				created_at: '2026-01-01T00:00:00.000Z',
				image_url: 'alumni_news/i-800x450.jpg',
			})
			const untitled = await createAlumniNews({
				title: '',
				slug: 'basliksiz',
				description: `${'Uzun açıklama '.repeat(20)}`,
				created_at: '2026-03-01T00:00:00.000Z',
				cover_url: 'alumni_news/c-800x450.jpg',
				image_url: 'alumni_news/i-800x450.jpg',
			})
			const newest = await createAlumniNews({ title: 'Yeni', created_at: '2026-05-01T00:00:00.000Z', link: 'https://haber.ornek.org/x' })
			const { items, page } = await listAlumniNews()
			expect(items.map((n) => n.id)).toEqual([newest.id, untitled.id, old.id])
			expect(page.total).toBe(3)
			expect(items[0]).toMatchObject({
				text: 'Yeni',
				href: `/mezunlarimiz/mezunlardan-haberler/${newest.slug}`,
				external: false,
				image: null,
			})
			expect(items[1]?.text.length).toBeLessThanOrEqual(121)
			expect(items[1]?.text.endsWith('…')).toBe(true)
			expect(items[1]?.image?.src).toBe('/media/alumni_news/c-800x450.jpg')
			expect(items[2]?.image?.src).toBe('/media/alumni_news/i-800x450.jpg')
		})
	})

	test(`pages alumni news 50 at a time on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			for (let i = 0; i < 51; i++) await createAlumniNews({ created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() })
			const first = await listAlumniNews()
			const second = await listAlumniNews({ page: 2 })
			expect(first.items).toHaveLength(50)
			expect(second.items).toHaveLength(1)
			expect(second.items[0]?.createdAt).toBe('2026-01-01T00:00:00.000Z')
		})
	})

	test(`reads an alumni news item by slug, then by id, with the source link only when external on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			const item = await createAlumniNews({
				slug: 'odul',
				title: 'Ödül',
				link: 'https://haber.ornek.org/odul',
				image_url: 'alumni_news/i-800x450.jpg',
			})
			const internal = await createAlumniNews({ slug: 'ic', link: '/duyurular' })
			expect(await getAlumniNewsBySlug('odul')).toMatchObject({ id: item.id, title: 'Ödül', sourceUrl: 'https://haber.ornek.org/odul' })
			expect((await getAlumniNewsBySlug('odul'))?.image?.src).toBe('/media/alumni_news/i-800x450.jpg')
			expect((await getAlumniNewsBySlug(String(item.id)))?.slug).toBe('odul')
			expect((await getAlumniNewsBySlug('ic'))?.sourceUrl).toBeNull()
			expect(internal.id).toBeGreaterThan(0)
			expect(await getAlumniNewsBySlug('yok')).toBeNull()
		})
	})
}
