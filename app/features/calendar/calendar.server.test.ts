import { expect, test } from 'vitest'
import { createCalendarEntry } from '#tests/factories/calendar.ts'
import { createEvent } from '#tests/factories/events.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { decodeEntities, withAccountsServer } from '#tests/setup/server.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { CALENDAR_PER_PAGE, listCalendarMonth, listUpcomingCalendarEntries } from './calendar.server.ts'
import { mergeCalendarDays, parseMonthParam, parseYearParam, shiftMonth } from './calendar.shared.ts'

test('merges events into the calendar by day, one item per occasion, the event linked', () => {
	const merged = mergeCalendarDays(
		[
			{ id: 1, title: 'Yönetim Kurulu Toplantısı', date: '2026-12-02' },
			{ id: 2, title: '  yılbaşı DAYANIŞMA  kermesi ', date: '2026-12-13' },
			{ id: 3, title: 'Yılbaşı Dayanışma Kermesi', date: '2026-12-14' },
			{ id: 4, title: 'Kitap Kulübü', date: '2026-12-13' },
		],
		[
			{ title: 'Yılbaşı Dayanışma Kermesi', date: '2026-12-13', href: '/duyurular/etkinlikler/kermes' },
			{ title: 'Konser', date: '2026-12-01', href: '/duyurular/etkinlikler/konser' },
		],
	)
	expect(merged.map((i) => [i.date, i.title, i.href])).toEqual([
		['2026-12-01', 'Konser', '/duyurular/etkinlikler/konser'],
		['2026-12-02', 'Yönetim Kurulu Toplantısı', null],
		['2026-12-13', 'Yılbaşı Dayanışma Kermesi', '/duyurular/etkinlikler/kermes'],
		['2026-12-13', 'Kitap Kulübü', null],
		// Same title on another day: not the event, kept as entered.
		['2026-12-14', 'Yılbaşı Dayanışma Kermesi', null],
	])
	expect(merged[2]).toMatchObject({ day: 13, monthLabel: 'Aralık' })
	expect(new Set(merged.map((i) => i.key)).size).toBe(merged.length)
})

test('steps months across year boundaries', () => {
	expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 })
	expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 })
	expect(shiftMonth({ year: 2026, month: 5 }, 1)).toEqual({ year: 2026, month: 6 })
	expect(shiftMonth({ year: 2026, month: 3 }, -15)).toEqual({ year: 2024, month: 12 })
})

test('reads ?ay= and falls back to the current Istanbul month', () => {
	const now = new Date('2026-12-31T21:30:00.000Z')
	expect(parseMonthParam('2026-03', now)).toEqual({ year: 2026, month: 3 })
	expect(parseMonthParam(null, now)).toEqual({ year: 2027, month: 1 })
	expect(parseMonthParam('2026-13', now)).toEqual({ year: 2027, month: 1 })
	expect(parseMonthParam('26-3', now)).toEqual({ year: 2027, month: 1 })
	expect(parseYearParam('2027')).toBe(2027)
	expect(parseYearParam('27')).toBeNull()
	expect(parseYearParam('3000')).toBeNull()
})

for (const dialect of dialectsUnderTest()) {
	test(`shows the 4 next agenda items from today in Istanbul, even just after Istanbul midnight, on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			await createCalendarEntry({ title: 'Dün', date: '2026-12-30' })
			await createCalendarEntry({ title: 'UTC bugünü', date: '2026-12-31' })
			const later = await createCalendarEntry({ title: 'Sonra', date: '2027-01-20' })
			const first = await createCalendarEntry({ title: 'Yılbaşı', date: '2027-01-01' })
			const sameDay = await createCalendarEntry({ title: 'Yılbaşı ikinci', date: '2027-01-01' })
			const third = await createCalendarEntry({ title: 'Üçüncü', date: '2027-01-05' })
			await createCalendarEntry({ title: 'Beşinci', date: '2027-02-01' })

			const items = await listUpcomingCalendarEntries({ now: new Date('2026-12-31T21:30:00.000Z') })
			expect(items.map((i) => i.key)).toEqual([first, sameDay, third, later].map((e) => `c${e.id}`))
			expect(items[0]).toEqual({ key: `c${first.id}`, title: 'Yılbaşı', date: '2027-01-01', day: 1, monthLabel: 'Ocak', href: null })

			const beforeMidnight = await listUpcomingCalendarEntries({ now: new Date('2026-12-31T20:59:00.000Z') })
			expect(beforeMidnight[0]?.title).toBe('UTC bugünü')
			expect(await listUpcomingCalendarEntries({ now: new Date('2027-03-01T00:00:00.000Z') })).toEqual([])
		})
	})

	test(`puts upcoming events in the home agenda, linked, once even when also entered by hand, on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			const now = new Date('2026-12-31T21:30:00.000Z')
			await createEvent({ slug: 'gecen', title: 'Geçen', starts_at: '2026-12-30T16:00:00.000Z' })
			await createEvent({ slug: 'konser', title: 'Konser', starts_at: '2027-01-03T16:00:00.000Z' })
			await createEvent({ slug: 'gala', title: 'Gala', starts_at: '2027-01-10T16:00:00.000Z' })
			await createCalendarEntry({ title: 'Toplantı', date: '2027-01-02' })
			await createCalendarEntry({ title: 'KONSER', date: '2027-01-03' })
			await createCalendarEntry({ title: 'Kitap Kulübü', date: '2027-01-04' })
			await createCalendarEntry({ title: 'Sonra', date: '2027-02-01' })
			const items = await listUpcomingCalendarEntries({ now })
			expect(items.map((i) => [i.date, i.title, i.href])).toEqual([
				['2027-01-02', 'Toplantı', null],
				['2027-01-03', 'Konser', '/duyurular/etkinlikler/konser'],
				['2027-01-04', 'Kitap Kulübü', null],
				['2027-01-10', 'Gala', '/duyurular/etkinlikler/gala'],
			])
		})
	})

	test(`lists a month’s entries by day and nothing from the months around it on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			await createCalendarEntry({ title: 'Kasım sonu', date: '2026-11-30' })
			const late = await createCalendarEntry({ title: 'Ay sonu', date: '2026-12-31' })
			const early = await createCalendarEntry({ title: 'Ay başı', date: '2026-12-01' })
			await createCalendarEntry({ title: 'Ocak', date: '2027-01-01' })
			const december = await listCalendarMonth({ year: 2026, month: 12 })
			expect(december.map((i) => i.key)).toEqual([`c${early.id}`, `c${late.id}`])
			expect(december.map((i) => i.href)).toEqual([null, null])
			expect(december[1]).toMatchObject({ day: 31, monthLabel: 'Aralık' })
			expect(await listCalendarMonth({ year: 2026, month: 10 })).toEqual([])
		})
	})

	test(`shows the month’s events by their Istanbul start day, linked, without the manual entry that repeats one, on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			// 1 December 00:30 in Istanbul (still 30 November in UTC).
			await createEvent({ slug: 'gece-yarisi', title: 'Gece Yarısı Konseri', starts_at: '2026-11-30T21:30:00.000Z' })
			await createEvent({ slug: 'kermes', title: 'Kermes', starts_at: '2026-12-13T08:00:00.000Z' })
			// 1 January 00:00 in Istanbul: next month.
			await createEvent({ slug: 'yilbasi', title: 'Yılbaşı', starts_at: '2026-12-31T21:00:00.000Z' })
			await createEvent({ slug: 'tarihsiz', title: 'Tarihsiz', starts_at: null })
			await createCalendarEntry({ title: 'Kermes', date: '2026-12-13' })
			await createCalendarEntry({ title: 'Toplantı', date: '2026-12-13' })
			const december = await listCalendarMonth({ year: 2026, month: 12 })
			expect(december.map((i) => [i.date, i.title, i.href])).toEqual([
				['2026-12-01', 'Gece Yarısı Konseri', '/duyurular/etkinlikler/gece-yarisi'],
				['2026-12-13', 'Kermes', '/duyurular/etkinlikler/kermes'],
				['2026-12-13', 'Toplantı', null],
			])
			expect((await listCalendarMonth({ year: 2026, month: 11 })).map((i) => i.title)).toEqual([])
			expect((await listCalendarMonth({ year: 2027, month: 1 })).map((i) => [i.date, i.title])).toEqual([['2027-01-01', 'Yılbaşı']])
		})
	})
}

test('the calendar page shows a busy month 50 items at a time, in day order, with links to its other pages', async () => {
	await withAccountsServer('sqlite', [], async (server) => {
		// 53 entries in March 2027, one or two a day; one in April.
		const march = Array.from({ length: 53 }, (_, i) => ({
			title: `Mart kaydı ${i + 1}`,
			date: `2027-03-${String(1 + Math.floor(i / 2)).padStart(2, '0')}`,
		}))
		for (const entry of march) await createCalendarEntry(entry)
		await createCalendarEntry({ title: 'Nisan kaydı', date: '2027-04-02' })
		const titles = (html: string) => [...html.matchAll(/<span class="calendar__title">([^<]+)<\/span>/g)].map((m) => decodeEntities(m[1]!))
		const read = async (query: string) => {
			const response = await fetch(`${server.url}/duyurular/takvim${query}`)
			expect(response.status).toBe(200)
			return response.text()
		}
		const first = await read('?ay=2027-03')
		expect(titles(first)).toEqual(march.slice(0, CALENDAR_PER_PAGE).map((entry) => entry.title))
		expect(first).toContain('href="?ay=2027-03&amp;sayfa=2" rel="next"')
		// The months before and after open at their first page.
		expect(first).toContain('href="?ay=2027-04" rel="next"')
		const second = await read('?ay=2027-03&sayfa=2')
		expect(titles(second)).toEqual(march.slice(CALENDAR_PER_PAGE).map((entry) => entry.title))
		expect(second).toContain('<title>Takvim – Mart 2027 – 2. sayfa')
		expect(second).toContain('href="?ay=2027-03" rel="prev"')
		// Past the last page: the last page.
		expect(titles(await read('?ay=2027-03&sayfa=9'))).toEqual(titles(second))
		const april = await read('?ay=2027-04')
		expect(titles(april)).toEqual(['Nisan kaydı'])
		expect(april).not.toContain('class="pagination"')
	})
})
