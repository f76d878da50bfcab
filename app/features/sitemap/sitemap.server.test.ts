import { expect, test } from 'vitest'
import { createAlumniNews } from '#tests/factories/alumni-news.ts'
import { createAnnouncement } from '#tests/factories/announcements.ts'
import { createEvent } from '#tests/factories/events.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { listSitemapEntries } from './sitemap.server.ts'

for (const dialect of dialectsUnderTest()) {
	test(`lists published announcements, events and alumni news at their canonical addresses on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			const byId = await createAnnouncement({ published_at: '2020-01-01T00:00:00.000Z' })
			await createAnnouncement({ slug: 'genel-kurul', published_at: '2020-01-01T00:00:00.000Z' })
			await createAnnouncement({ slug: 'taslak', published_at: null })
			await createAnnouncement({ slug: 'gelecek', published_at: '2999-01-01T00:00:00.000Z' })
			await createEvent({ slug: 'kermes' })
			await createAlumniNews({ slug: 'odul' })
			const paths = (await listSitemapEntries()).map((e) => e.path).toSorted()
			expect(paths).toEqual(
				[
					`/duyurular/${byId.id}`,
					'/duyurular/genel-kurul',
					'/duyurular/etkinlikler/kermes',
					'/mezunlarimiz/mezunlardan-haberler/odul',
				].toSorted(),
			)
		})
	})
}
