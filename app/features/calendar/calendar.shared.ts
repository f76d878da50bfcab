import { foldTr, istanbulMonth, monthName } from '#app/lib/tr.ts'

/** Calendar months in the address (`?ay=2026-03`), shared by the server module and the page. */
export type YearMonth = { year: number; month: number }

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** Spec §4: one month on; December forward is January of the next year, January back December of the last. */
export function shiftMonth({ year, month }: YearMonth, delta: number): YearMonth {
	const index = year * 12 + (month - 1) + delta
	return { year: Math.floor(index / 12), month: (index % 12) + 1 }
}

/** `?ay=2026-03`; anything else (missing, malformed, out of range) is the current Istanbul month. */
export function parseMonthParam(value: string | null | undefined, now = new Date()): YearMonth {
	const match = /^(\d{4})-(\d{2})$/.exec(value?.trim() ?? '')
	if (match) {
		const year = Number(match[1])
		const month = Number(match[2])
		if (year >= 1900 && year <= 2200 && month >= 1 && month <= 12) return { year, month }
	}
	const [year, month] = istanbulMonth(now).split('-').map(Number)
	return { year: year ?? 1970, month: month ?? 1 }
}

export function formatMonthParam({ year, month }: YearMonth) {
	return `${pad(year, 4)}-${pad(month)}`
}

/** `?yil=2027` for the month picker without JavaScript; null when absent or unreasonable. */
export function parseYearParam(value: string | null | undefined): number | null {
	if (!value || !/^\d{4}$/.test(value)) return null
	const year = Number(value)
	return year >= 1900 && year <= 2200 ? year : null
}

/** A day of the public calendar: a manual entry, or an event linked to its page. */
export type CalendarDayItem = {
	key: string
	title: string
	/** `YYYY-MM-DD`, an Istanbul calendar day. */
	date: string
	day: number
	monthLabel: string
	href: string | null
}

/** A title as occasions are compared: case, accents and spacing aside. */
export const foldedTitle = (title: string) => foldTr(title.trim()).replace(/\s+/g, ' ')

/** One occasion's key: its day and its title folded (a manual entry with an event's title on its day is that event). */
export const sameCalendarDay = (title: string, date: string, fold = foldedTitle) => `${date} ${fold(title)}`

/**
 * Manual calendar entries and events (their Istanbul start day) in one list
 * by day. A manual entry with an event's title on the event's day is the
 * same occasion entered twice: it is shown once, as the event, with its link.
 */
export function mergeCalendarDays(
	entries: ReadonlyArray<{ id: number; title: string; date: string }>,
	events: ReadonlyArray<{ title: string; date: string; href: string }>,
	fold = foldedTitle,
): Array<CalendarDayItem> {
	const eventKeys = new Set(events.map((event) => sameCalendarDay(event.title, event.date, fold)))
	const items = [
		...events.map((event, i) => ({ key: `e${i}`, title: event.title, date: event.date, href: event.href })),
		...entries
			.filter((entry) => !eventKeys.has(sameCalendarDay(entry.title, entry.date, fold)))
			.map((entry) => ({ key: `c${entry.id}`, title: entry.title, date: entry.date, href: null })),
	]
	// Stable: by day; on one day the events (in start order) come before the manual entries.
	items.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
	return items.map((item) => ({ ...item, day: Number(item.date.slice(8, 10)), monthLabel: monthName(Number(item.date.slice(5, 7))) }))
}
