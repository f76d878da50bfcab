import { expect, test } from 'vitest'
import { createEvent } from '#tests/factories/events.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { postgresIndexes, sqlitePlan } from '#tests/setup/query-plan.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import {
	EVENTS_PER_PAGE,
	formatEventWhen,
	getEventBySlug,
	inUpcomingOrder,
	listEvents,
	listEventsPage,
	listHomeEvents,
	pastBefore,
	upcomingEvents,
} from './events.server.ts'

test('formats an event’s date and time range in Turkish, Istanbul time', () => {
	expect(formatEventWhen(null, null)).toBeNull()
	expect(formatEventWhen('2026-12-13T08:00:00.000Z', null)).toBe('13 Aralık 2026 Pazar 11:00')
	expect(formatEventWhen('2026-12-13T08:00:00.000Z', '2026-12-13T15:00:00.000Z')).toBe('13 Aralık 2026 Pazar 11:00–18:00')
	expect(formatEventWhen('2026-12-31T20:00:00.000Z', '2026-12-31T22:30:00.000Z')).toBe(
		'31 Aralık 2026 Perşembe 23:00 – 1 Ocak 2027 Cuma 01:30',
	)
	expect(formatEventWhen('2026-12-13T08:00:00.000Z', '2026-12-13T07:00:00.000Z')).toBe('13 Aralık 2026 Pazar 11:00')
})

for (const dialect of dialectsUnderTest()) {
	test(`lists every event by start descending with undated ones last, then newest created, on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			const undatedOld = await createEvent({ starts_at: null, created_at: '2026-01-01T00:00:00.000Z' })
			const undatedNew = await createEvent({ starts_at: null, created_at: '2026-02-01T00:00:00.000Z' })
			const march = await createEvent({ starts_at: '2026-03-01T16:00:00.000Z' })
			const may = await createEvent({ starts_at: '2026-05-01T16:00:00.000Z' })
			const mayCreatedLater = await createEvent({ starts_at: '2026-05-01T16:00:00.000Z', created_at: '2026-01-05T00:00:00.000Z' })
			const expected = [mayCreatedLater.id, may.id, march.id, undatedNew.id, undatedOld.id]
			const { items, page } = await listEvents()
			expect(items.map((e) => e.id)).toEqual(expected)
			expect(page.total).toBe(5)
			expect(items[0]).toMatchObject({ href: `/duyurular/etkinlikler/${mayCreatedLater.slug}`, when: '1 Mayıs 2026 Cuma 19:00' })
		})
	})

	test(`limits the events carousel to 24 and cuts excerpts at 160 characters on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			for (let i = 0; i < 25; i++) {
				await createEvent({ starts_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(), body: `<p>${'uzun metin '.repeat(30)}</p>` })
			}
			const items = await listHomeEvents({ now: new Date('2025-12-01T00:00:00.000Z') })
			expect(items).toHaveLength(24)
			expect(items[0]?.startsAt).toBe('2026-01-01T00:00:00.000Z')
			expect(items.at(-1)?.startsAt).toBe('2026-01-24T00:00:00.000Z')
			expect(items[0]?.excerpt.endsWith('…')).toBe(true)
			expect(items[0]?.excerpt.length).toBeLessThanOrEqual(161)
			expect((await listEvents({ perPage: 10, page: 3 })).items).toHaveLength(5)
		})
	})

	test(`starts the carousel with the next upcoming event, leaves out past ones and lists them as past, in Istanbul days, on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			// Now: 10 March 2026 00:30 in Istanbul (9 March 21:30 UTC).
			const now = new Date('2026-03-09T21:30:00.000Z')
			const later = await createEvent({ title: 'Sonra', starts_at: '2026-04-01T16:00:00.000Z' })
			const next = await createEvent({ title: 'Sıradaki', starts_at: '2026-03-12T16:00:00.000Z' })
			// Earlier today in Istanbul (9 March 21:00 UTC is 10 March 00:00): still upcoming today.
			const today = await createEvent({ title: 'Bugün', starts_at: '2026-03-09T21:00:00.000Z' })
			// Started yesterday, ends tomorrow: still on.
			const running = await createEvent({ title: 'Sürüyor', starts_at: '2026-03-08T08:00:00.000Z', ends_at: '2026-03-11T15:00:00.000Z' })
			// Ended yesterday evening in Istanbul (9 March 20:59 UTC is 23:59).
			const yesterday = await createEvent({ title: 'Dün', starts_at: '2026-03-09T17:00:00.000Z', ends_at: '2026-03-09T20:59:00.000Z' })
			const old = await createEvent({ title: 'Eski', starts_at: '2025-10-01T16:00:00.000Z' })
			const undated = await createEvent({ title: 'Tarihsiz', starts_at: null })
			expect(pastBefore(now)).toBe('2026-03-09T21:00:00.000Z')
			expect((await listHomeEvents({ now })).map((e) => e.title)).toEqual([running, today, next, later, undated].map((e) => e.title))
			const list = await listEventsPage({ now })
			expect(list.upcoming.map((e) => e.title)).toEqual([running, today, next, later, undated].map((e) => e.title))
			expect(list.past.map((e) => e.title)).toEqual([yesterday, old].map((e) => e.title))
			expect(list.page).toEqual({ page: 1, pageCount: 1, total: 7, perPage: EVENTS_PER_PAGE })
			// One list, paged: upcoming events first, past ones after them, a page may hold the end of one and the start of the other.
			const titles = async (page: number) => {
				const { upcoming, past } = await listEventsPage({ now, perPage: 3, page })
				return { upcoming: upcoming.map((e) => e.title), past: past.map((e) => e.title) }
			}
			expect(await titles(1)).toEqual({ upcoming: ['Sürüyor', 'Bugün', 'Sıradaki'], past: [] })
			expect(await titles(2)).toEqual({ upcoming: ['Sonra', 'Tarihsiz'], past: ['Dün'] })
			expect(await titles(3)).toEqual({ upcoming: [], past: ['Eski'] })
			expect((await listEventsPage({ now, perPage: 3, page: 9 })).page.page).toBe(3)
		})
	})

	test(`reads an event by slug, falls back to the id for a numeric slug, and finds nothing else on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			const event = await createEvent({
				slug: 'kermes',
				title: 'Kermes',
				excerpt: 'Özet',
				location: 'Spor Salonu',
				cover_url: 'events/kapak-1200x675.jpg',
				starts_at: '2026-12-13T08:00:00.000Z',
				ends_at: '2026-12-13T15:00:00.000Z',
				gallery: '["events/g1-800x600.jpg","events/g2-800x600.jpg"]',
			})
			const numericSlug = await createEvent({
				slug: '2026',
				title: 'Sayısal',
				hero_bg_url: 'events/hero_bg/arka-1600x900.jpg',
				gallery: 'x.jpg,y.jpg',
			})
			const bySlug = await getEventBySlug('kermes')
			expect(bySlug).toMatchObject({ id: event.id, lead: 'Özet', location: 'Spor Salonu', when: '13 Aralık 2026 Pazar 11:00–18:00' })
			expect(bySlug?.hero?.src).toBe('/media/events/kapak-1200x675.jpg')
			expect(bySlug?.gallery).toHaveLength(2)
			expect((await getEventBySlug(String(event.id)))?.id).toBe(event.id)
			const numeric = await getEventBySlug('2026')
			expect(numeric?.id).toBe(numericSlug.id)
			expect(numeric?.hero?.src).toBe('/media/events/hero_bg/arka-1600x900.jpg')
			expect(numeric?.cover).toBeNull()
			expect(numeric?.gallery.map((g) => g.src)).toEqual(['/media/x.jpg', '/media/y.jpg'])
			expect(await getEventBySlug('yok-boyle-bir-etkinlik')).toBeNull()
			expect(await getEventBySlug('99999999999')).toBeNull()
		})
	})
}

test('finds the events still to come and counts them through indexes, not by reading every event (SQLite plans)', async () => {
	await withDatabase('sqlite', async ({ handle }) => {
		const cutoff = pastBefore(new Date('2026-03-09T21:30:00.000Z'))
		const page = await sqlitePlan(handle, inUpcomingOrder(upcomingEvents(cutoff).select(['id'])).limit(EVENTS_PER_PAGE))
		const count = await sqlitePlan(
			handle,
			upcomingEvents(cutoff).select((eb) => eb.fn.countAll().as('total')),
		)
		for (const plan of [page, count]) {
			expect(plan).toMatch(/SEARCH events USING INDEX events_ends_at_idx \(ends_at>\?\)/)
			expect(plan).toMatch(/SEARCH events USING INDEX events_starts_at_idx \(starts_at=\?\)/)
			expect(plan).not.toMatch(/SCAN events/)
		}
	})
})

test.runIf(dialectsUnderTest().includes('postgres'))('has the index on the end of events on PostgreSQL too', async () => {
	await withDatabase('postgres', async ({ handle }) => {
		expect(await postgresIndexes(handle, ['events_ends_at_idx'])).toEqual({ events_ends_at_idx: 'events USING btree (ends_at)' })
	})
})
