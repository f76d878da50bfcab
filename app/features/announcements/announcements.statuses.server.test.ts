import { expect, test } from 'vitest'
import { formatDateTime } from '#app/lib/tr.ts'
import { adminContext } from '#tests/factories/admin.ts'
import { createAnnouncement } from '#tests/factories/announcements.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { announcementsAdmin } from './announcements.admin.server.ts'
import { getAnnouncementPreview, getPublishedAnnouncement } from './announcements.server.ts'

const DAY = 86_400_000
const at = (offset: number) => new Date(Date.now() + offset).toISOString()

const titlesOf = async (query: string) => (await announcementsAdmin.load(adminContext('duyurular', query))).rows.map((row) => row.title)

for (const dialect of dialectsUnderTest()) {
	test(`lists announcements as Taslak, Zamanlandı with its moment, or Yayında, marks an ended featured period, and filters by ?durum= (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const future = at(3 * DAY)
			await createAnnouncement({ title: 'Taslak duyuru', published_at: null, order_index: 1 })
			const scheduled = await createAnnouncement({ title: 'Zamanlı duyuru', published_at: future, order_index: 2 })
			await createAnnouncement({ title: 'Yayındaki duyuru', published_at: at(-DAY), order_index: 3 })
			await createAnnouncement({
				title: 'Süresi dolmuş',
				published_at: at(-10 * DAY),
				featured_home: true,
				featured_until: at(-DAY),
				order_index: 4,
			})
			await createAnnouncement({
				title: 'Hâlâ öne çıkan',
				published_at: at(-10 * DAY),
				featured_home: true,
				featured_until: at(DAY),
				order_index: 5,
			})

			const data = await announcementsAdmin.load(adminContext('duyurular'))
			expect(data.filter).toBeNull()
			expect(data.rows.map((row) => [row.title, row.status, row.scheduledFor, row.featuredExpired])).toEqual([
				['Taslak duyuru', 'draft', null, false],
				['Zamanlı duyuru', 'scheduled', formatDateTime(future), false],
				['Yayındaki duyuru', 'published', null, false],
				['Süresi dolmuş', 'published', null, true],
				['Hâlâ öne çıkan', 'published', null, false],
			])
			// The scheduled one is not public yet: its page is a 404 until its moment.
			expect(await getPublishedAnnouncement({ id: scheduled.id })).toBeNull()

			expect(await titlesOf('?durum=taslak')).toEqual(['Taslak duyuru'])
			expect(await titlesOf('?durum=zamanlandi')).toEqual(['Zamanlı duyuru'])
			expect(await titlesOf('?durum=yayinda')).toEqual(['Yayındaki duyuru', 'Süresi dolmuş', 'Hâlâ öne çıkan'])
			expect(await titlesOf('?durum=suresi-doldu')).toEqual(['Süresi dolmuş'])
			expect((await announcementsAdmin.load(adminContext('duyurular', '?durum=zamanlandi'))).filter).toBe('zamanlandi')
			// An unknown filter is no filter.
			const unknown = await announcementsAdmin.load(adminContext('duyurular', '?durum=arsiv'))
			expect(unknown.filter).toBeNull()
			expect(unknown.rows).toHaveLength(5)
		})
	})

	test(`reads a draft or scheduled announcement for the preview exactly as its public page will (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const draft = await createAnnouncement({
				title: 'Taslak',
				published_at: null,
				lead: 'Kısa giriş',
				body: '<p>Metin <strong>kalın</strong></p>',
			})
			const scheduled = await createAnnouncement({ title: 'Zamanlı', slug: 'zamanli', published_at: at(2 * DAY) })
			const published = await createAnnouncement({ title: 'Yayında', published_at: at(-DAY) })

			expect(await getPublishedAnnouncement({ id: draft.id })).toBeNull()
			expect(await getAnnouncementPreview(draft.id)).toMatchObject({
				id: draft.id,
				title: 'Taslak',
				lead: 'Kısa giriş',
				bodyHtml: '<p>Metin <strong>kalın</strong></p>',
				publishedAt: null,
			})
			expect(await getAnnouncementPreview(scheduled.id)).toMatchObject({ title: 'Zamanlı', href: '/duyurular/zamanli' })
			// A published one previews as its page reads now.
			const now = await getPublishedAnnouncement({ id: published.id })
			expect(await getAnnouncementPreview(published.id)).toEqual(now)
			expect(await getAnnouncementPreview(999_999)).toBeNull()
			expect(await getAnnouncementPreview(0)).toBeNull()
		})
	})
}
