import { istanbulMonth } from '#app/lib/tr.ts'

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
