import { listEventsStartingBetween } from '#app/features/events/events.server.ts'
import { db } from '#app/lib/db.server.ts'
import { pageInfo, type PageInfo } from '#app/lib/pagination.ts'
import { preparedQuery } from '#app/lib/prepared-query.server.ts'
import { memoByText } from '#app/lib/text-memo.ts'
import { istanbulLocalToIso, istanbulToday } from '#app/lib/tr.ts'
import { foldedTitle, mergeCalendarDays, shiftMonth, type CalendarDayItem, type YearMonth } from './calendar.shared.ts'

/** Spec §9: the home agenda shows 4 items. */
export const AGENDA_LIMIT = 4
/**
 * The calendar page shows a month's days 50 items at a time, in day order.
 * A month of an association has a few dozen; at ×100 content the current
 * month held 296 (a 96 KB page, 3.4 times the render of the demo's month;
 * paged, 34 KB and 1.8 times).
 */
export const CALENDAR_PER_PAGE = 50

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/**
 * foldedTitle, each title folded once per process: a busy month compares hundreds of titles on every
 * render, and folding one (Turkish lower case, accents off) costs more than the rest of its day.
 */
export const foldedTitleOnce = memoByText(foldedTitle, { maxChars: 500_000, sizeOf: (folded) => folded.length })

/** Events as calendar days: their start day in Istanbul, their page. */
async function eventDays(from: string, to: string | null, limit?: number) {
	const events = await listEventsStartingBetween(from, to, limit)
	return events.map((event) => ({ title: event.title, date: istanbulToday(new Date(event.startsAt)), href: event.href }))
}

const entriesFrom = preparedQuery(
	({ today, limit }: { today: string; limit: number }) =>
		db
			.selectFrom('calendar_entries')
			.select(['id', 'title', 'date'])
			.where('date', '>=', today)
			.orderBy('date', 'asc')
			.orderBy('id', 'asc')
			.limit(limit),
	{ shape: ['limit'] },
)

/**
 * Spec §7 "home agenda": entries and events dated today or later in
 * Istanbul, soonest first, at most 4; an entry repeating an event is shown
 * once, as the event, linked to its page.
 */
export async function listUpcomingCalendarEntries({ now = new Date(), limit = AGENDA_LIMIT } = {}): Promise<Array<CalendarDayItem>> {
	const today = istanbulToday(now)
	const [rows, events] = await Promise.all([
		entriesFrom({ today, limit }),
		eventDays(istanbulLocalToIso(today) ?? now.toISOString(), null, limit),
	])
	return mergeCalendarDays(rows, events, foldedTitleOnce).slice(0, limit)
}

/**
 * The month by day (spec §2 "Calendar"): the manual entries and the events
 * starting that month (Istanbul days), an entry with an event's title on its
 * day shown once, as the event, linked to its page.
 */
export async function listCalendarMonth({ year, month }: YearMonth): Promise<Array<CalendarDayItem>> {
	const next = shiftMonth({ year, month }, 1)
	const first = `${pad(year, 4)}-${pad(month)}-01`
	const after = `${pad(next.year, 4)}-${pad(next.month)}-01`
	const [rows, events] = await Promise.all([
		db
			.selectFrom('calendar_entries')
			.select(['id', 'title', 'date'])
			.where('date', '>=', first)
			.where('date', '<', after)
			.orderBy('date', 'asc')
			.orderBy('id', 'asc')
			.execute(),
		eventDays(istanbulLocalToIso(first) ?? first, istanbulLocalToIso(after) ?? after),
	])
	return mergeCalendarDays(rows, events, foldedTitleOnce)
}

/** One page of a month (CALENDAR_PER_PAGE items, in day order); a page past the last is the last. */
export async function listCalendarMonthPage(month: YearMonth, page: number): Promise<{ items: Array<CalendarDayItem>; page: PageInfo }> {
	const all = await listCalendarMonth(month)
	const info = pageInfo(all.length, page, CALENDAR_PER_PAGE)
	return { items: all.slice((info.page - 1) * CALENDAR_PER_PAGE, info.page * CALENDAR_PER_PAGE), page: info }
}
