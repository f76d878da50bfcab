import { expect, test } from 'vitest'
import { createCalendarEntry } from '#tests/factories/calendar.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { listCalendarMonth, listUpcomingCalendarEntries } from './calendar.server.ts'
import { parseMonthParam, parseYearParam, shiftMonth } from './calendar.shared.ts'

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
			expect(items.map((i) => i.id)).toEqual([first.id, sameDay.id, third.id, later.id])
			expect(items[0]).toEqual({ id: first.id, title: 'Yılbaşı', date: '2027-01-01', day: 1, monthLabel: 'Ocak' })

			const beforeMidnight = await listUpcomingCalendarEntries({ now: new Date('2026-12-31T20:59:00.000Z') })
			expect(beforeMidnight[0]?.title).toBe('UTC bugünü')
			expect(await listUpcomingCalendarEntries({ now: new Date('2027-03-01T00:00:00.000Z') })).toEqual([])
		})
	})

	test(`lists a month’s entries by day and nothing from the months around it on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			await createCalendarEntry({ title: 'Kasım sonu', date: '2026-11-30' })
			const late = await createCalendarEntry({ title: 'Ay sonu', date: '2026-12-31' })
			const early = await createCalendarEntry({ title: 'Ay başı', date: '2026-12-01' })
			await createCalendarEntry({ title: 'Ocak', date: '2027-01-01' })
			const december = await listCalendarMonth({ year: 2026, month: 12 })
			expect(december.map((i) => i.id)).toEqual([early.id, late.id])
			expect(december[1]).toMatchObject({ day: 31, monthLabel: 'Aralık' })
			expect(await listCalendarMonth({ year: 2026, month: 10 })).toEqual([])
		})
	})
}
