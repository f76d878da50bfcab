import { expect, test } from 'vitest'
import { adminContext } from '#tests/factories/admin.ts'
import { createEvent } from '#tests/factories/events.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { eventsAdmin } from './events.admin.server.ts'

const HOUR = 3_600_000
const at = (offset: number) => new Date(Date.now() + offset).toISOString()

const titlesOf = async (query: string) => (await eventsAdmin.load(adminContext('etkinlikler', query))).rows.map((row) => row.title)

for (const dialect of dialectsUnderTest()) {
	test(`lists events as Yayında or Geçmiş (events have no draft), marks an ended featured period, and filters by ?durum= (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await createEvent({ title: 'Yaklaşan', starts_at: at(48 * HOUR) })
			// Started an hour ago, ends in two: still on.
			await createEvent({ title: 'Sürüyor', starts_at: at(-HOUR), ends_at: at(2 * HOUR) })
			await createEvent({ title: 'Bitti', starts_at: at(-5 * HOUR), ends_at: at(-3 * HOUR) })
			await createEvent({
				title: 'Eski öne çıkan',
				starts_at: at(-30 * 24 * HOUR),
				featured_home: true,
				featured_until: at(-24 * HOUR),
			})
			await createEvent({ title: 'Öne çıkan', starts_at: at(24 * 24 * HOUR), featured_home: true, featured_until: at(24 * HOUR) })

			const data = await eventsAdmin.load(adminContext('etkinlikler'))
			expect(data.filter).toBeNull()
			expect(data.rows.map((row) => [row.title, row.status, row.featuredExpired])).toEqual([
				['Öne çıkan', 'published', false],
				['Yaklaşan', 'published', false],
				['Sürüyor', 'published', false],
				['Bitti', 'past', false],
				['Eski öne çıkan', 'past', true],
			])
			expect(await titlesOf('?durum=yayinda')).toEqual(['Öne çıkan', 'Yaklaşan', 'Sürüyor'])
			expect(await titlesOf('?durum=gecmis')).toEqual(['Bitti', 'Eski öne çıkan'])
			expect(await titlesOf('?durum=suresi-doldu')).toEqual(['Eski öne çıkan'])
			expect(await titlesOf('?durum=taslak')).toHaveLength(5)
		})
	})
}
