import { listEventsStartingBetween } from '#app/features/events/events.server.ts'
import { db } from '#app/lib/db.server.ts'
import { istanbulLocalToIso, istanbulToday, monthName } from '#app/lib/tr.ts'
import { mergeCalendarDays, shiftMonth, type CalendarDayItem, type YearMonth } from './calendar.shared.ts'

/** Spec §9: the home agenda shows 4 items. */
export const AGENDA_LIMIT = 4

export type CalendarItem = {
	id: number
	title: string
	/** `YYYY-MM-DD`, an Istanbul calendar day. */
	date: string
	day: number
	monthLabel: string
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

function toItem(row: { id: number; title: string; date: string }): CalendarItem {
	const month = Number(row.date.slice(5, 7))
	return { id: row.id, title: row.title, date: row.date, day: Number(row.date.slice(8, 10)), monthLabel: monthName(month) }
}

/**
 * Spec §7 "home agenda": entries dated today or later in Istanbul, soonest
 * first, at most 4. (The spec's other read shapes are normalised on import.)
 */
export async function listUpcomingCalendarEntries({ now = new Date(), limit = AGENDA_LIMIT } = {}): Promise<Array<CalendarItem>> {
	const rows = await db
		.selectFrom('calendar_entries')
		.select(['id', 'title', 'date'])
		.where('date', '>=', istanbulToday(now))
		.orderBy('date', 'asc')
		.orderBy('id', 'asc')
		.limit(limit)
		.execute()
	return rows.map(toItem)
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
		listEventsStartingBetween(istanbulLocalToIso(first) ?? first, istanbulLocalToIso(after) ?? after),
	])
	return mergeCalendarDays(
		rows,
		events.map((event) => ({ title: event.title, date: istanbulToday(new Date(event.startsAt)), href: event.href })),
	)
}
