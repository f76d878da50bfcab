import { expect, test } from 'vitest'
import { createAnnouncement } from '#tests/factories/announcements.ts'
import { createEvent } from '#tests/factories/events.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { postgresIndexes, sqlitePlan } from '#tests/setup/query-plan.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { featuredQueries, listFeaturedSlides } from './featured.server.ts'

const NOW = new Date('2026-06-15T12:00:00.000Z')

for (const dialect of dialectsUnderTest()) {
	test(`features items whose featured_until is empty or ahead and drops them when it passes on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			const forever = await createAnnouncement({
				title: 'Süresiz',
				featured_home: true,
				featured_until: null,
				published_at: '2026-06-01T00:00:00.000Z',
			})
			const ahead = await createAnnouncement({
				title: 'Süreli',
				featured_home: true,
				featured_until: '2026-06-15T12:00:01.000Z',
				published_at: '2026-06-02T00:00:00.000Z',
			})
			await createAnnouncement({ title: 'Süresi dolmuş', featured_home: true, featured_until: '2026-06-15T12:00:00.000Z' })
			await createAnnouncement({ title: 'Öne çıkmayan', featured_home: false })
			await createAnnouncement({ title: 'Taslak', featured_home: true, published_at: null })
			await createAnnouncement({ title: 'İleri tarihli', featured_home: true, published_at: '2026-07-01T00:00:00.000Z' })
			const event = await createEvent({
				title: 'Öne çıkan etkinlik',
				featured_home: true,
				featured_until: '2026-07-01T00:00:00.000Z',
				starts_at: '2026-06-20T16:00:00.000Z',
			})
			await createEvent({ title: 'Süresi dolmuş etkinlik', featured_home: true, featured_until: '2026-06-01T00:00:00.000Z' })
			await createEvent({ title: 'Sıradan etkinlik', featured_home: false })

			const slides = await listFeaturedSlides({ now: NOW })
			expect(slides.map((s) => s.title)).toEqual(['Öne çıkan etkinlik', 'Süreli', 'Süresiz'])
			expect(slides.map((s) => s.href)).toEqual([
				`/duyurular/etkinlikler/${event.slug}`,
				`/duyurular/${ahead.id}`,
				`/duyurular/${forever.id}`,
			])

			const later = await listFeaturedSlides({ now: new Date('2026-06-15T12:00:01.000Z') })
			expect(later.map((s) => s.title)).toEqual(['Öne çıkan etkinlik', 'Süresiz'])
			const muchLater = await listFeaturedSlides({ now: new Date('2026-08-01T00:00:00.000Z') })
			expect(muchLater.map((s) => s.title)).toEqual(['İleri tarihli', 'Süresiz'])
		})
	})

	test(`takes the slide image from hero_bg_url, then cover_url, else leaves it to the page on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			await createAnnouncement({
				title: 'Hero',
				featured_home: true,
				hero_bg_url: 'announcements/hero_bg/h-1600x900.jpg',
				cover_url: 'announcements/c-1600x900.jpg',
				lead: 'Giriş metni',
				published_at: '2026-06-03T00:00:00.000Z',
			})
			await createAnnouncement({
				title: 'Kapak',
				featured_home: true,
				cover_url: 'announcements/c-1600x900.jpg',
				published_at: '2026-06-02T00:00:00.000Z',
				body: '<p>Gövde   metni</p>',
			})
			await createAnnouncement({
				title: 'Resimsiz',
				featured_home: true,
				published_at: '2026-06-01T00:00:00.000Z',
				body: null,
				excerpt: 'Özet',
			})
			const slides = await listFeaturedSlides({ now: NOW })
			expect(slides.map((s) => [s.title, s.image?.src ?? null, s.subtitle])).toEqual([
				['Hero', '/media/announcements/hero_bg/h-1600x900.jpg', 'Giriş metni'],
				['Kapak', '/media/announcements/c-1600x900.jpg', 'Gövde metni'],
				['Resimsiz', null, 'Özet'],
			])
		})
	})
}

test('reads the marked announcements and events through their featured indexes, not every row (SQLite plans)', async () => {
	await withDatabase('sqlite', async ({ handle }) => {
		const queries = featuredQueries(NOW.toISOString(), 8)
		expect(await sqlitePlan(handle, queries.announcements)).toMatch(
			/SEARCH announcements USING INDEX announcements_featured_idx \(featured_home=\?/,
		)
		expect(await sqlitePlan(handle, queries.events)).toMatch(/SEARCH events USING INDEX events_featured_idx \(featured_home=\?/)
	})
})

test.runIf(dialectsUnderTest().includes('postgres'))('has the featured indexes on PostgreSQL too', async () => {
	await withDatabase('postgres', async ({ handle }) => {
		expect(await postgresIndexes(handle, ['announcements_featured_idx', 'events_featured_idx'])).toEqual({
			announcements_featured_idx: 'announcements USING btree (featured_home, published_at)',
			events_featured_idx: 'events USING btree (featured_home, starts_at)',
		})
	})
})
