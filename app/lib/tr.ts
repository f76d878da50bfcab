/**
 * Turkish text and Istanbul time. Safe for the browser and the server.
 */
import { memoByText } from './text-memo.ts'

export const LOCALE = 'tr-TR'

// Formatters below are made once, at load, and marked pure: a browser script
// that imports one function of this file gets only what that function uses.
export const TIME_ZONE = 'Europe/Istanbul'

/**
 * Turkish casing: i ↔ İ and ı ↔ I, everything else as in every language.
 * The same as `toLocaleUpperCase('tr-TR')` (a property test holds them
 * equal) at a seventh of the cost: ICU's locale casing runs for every page
 * title and heading id.
 */
export function trUpper(text: string) {
	return text.replace(/i/g, 'İ').toUpperCase()
}

/** The same as `toLocaleLowerCase('tr-TR')`; see trUpper. */
export function trLower(text: string) {
	return text
		.replace(/I\u0307/g, 'i')
		.replace(/I/g, 'ı')
		.replace(/İ/g, 'i')
		.toLowerCase()
}

const TURKISH_FOLDS: Record<string, string> = {
	ç: 'c',
	ğ: 'g',
	ı: 'i',
	ö: 'o',
	ş: 's',
	ü: 'u',
	â: 'a',
	î: 'i',
	û: 'u',
}

/**
 * Folds case and diacritics the Turkish way, for matching: `İSTANBUL`,
 * `Istanbul` and `istanbul` fold alike, and `Şişli` matches `sisli`.
 * Dotless ı and dotted i meet on `i`.
 */
export function foldTr(text: string) {
	return trLower(text)
		.replace(/[çğıöşüâîû]/g, (ch) => TURKISH_FOLDS[ch] ?? ch)
		.normalize('NFD')
		.replace(/\p{M}/gu, '')
}

/** Case- and diacritic-insensitive substring test, Turkish rules. */
export function includesTr(haystack: string, needle: string) {
	return foldTr(haystack).includes(foldTr(needle))
}

const collator = /* @__PURE__ */ new Intl.Collator(LOCALE, { sensitivity: 'base', numeric: true })

export function compareTr(a: string, b: string) {
	return collator.compare(a, b)
}

/** `1` → `Ocak` … `12` → `Aralık`. */
export function monthName(month: number) {
	return MONTH_NAMES[month - 1] ?? ''
}

const monthFormatter = /* @__PURE__ */ new Intl.DateTimeFormat(LOCALE, { month: 'long', timeZone: 'UTC' })
export const MONTH_NAMES: ReadonlyArray<string> = /* @__PURE__ */ Array.from({ length: 12 }, (_, i) =>
	monthFormatter.format(new Date(Date.UTC(2000, i, 15))),
)

type DateParts = { year: number; month: number; day: number; hour: number; minute: number }

const partsFormatter = /* @__PURE__ */ new Intl.DateTimeFormat('en-GB', {
	timeZone: TIME_ZONE,
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
	hour: '2-digit',
	minute: '2-digit',
	hourCycle: 'h23',
})

const offsetByHour = new Map<number, number>()

/**
 * Istanbul's UTC offset (minutes) for the hour an instant falls in, asked of
 * Intl once per hour and kept: the zone's offset only ever changes on an hour.
 */
function istanbulOffsetMinutes(utcMillis: number) {
	const hour = Math.floor(utcMillis / 3_600_000)
	let offset = offsetByHour.get(hour)
	if (offset === undefined) {
		const parts: Record<string, number> = {}
		for (const part of partsFormatter.formatToParts(new Date(hour * 3_600_000))) {
			if (part.type !== 'literal') parts[part.type] = Number(part.value)
		}
		const wall = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0)
		offset = Math.round((wall - hour * 3_600_000) / 60_000)
		if (offsetByHour.size > 5000) offsetByHour.clear()
		offsetByHour.set(hour, offset)
	}
	return offset
}

/** Calendar fields of an instant as seen on a wall clock in Istanbul. */
export function istanbulParts(instant: Date | string | number = new Date()): DateParts {
	const millis = instant instanceof Date ? instant.getTime() : new Date(instant).getTime()
	if (!Number.isFinite(millis)) return { year: 0, month: 0, day: 0, hour: 0, minute: 0 }
	const wall = new Date(millis + istanbulOffsetMinutes(millis) * 60_000)
	return {
		year: wall.getUTCFullYear(),
		month: wall.getUTCMonth() + 1,
		day: wall.getUTCDate(),
		hour: wall.getUTCHours(),
		minute: wall.getUTCMinutes(),
	}
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** Today's date in Istanbul, `YYYY-MM-DD`. */
export function istanbulToday(now: Date = new Date()) {
	const { year, month, day } = istanbulParts(now)
	return `${pad(year, 4)}-${pad(month)}-${pad(day)}`
}

/** `YYYY-MM` of an instant in Istanbul. */
export function istanbulMonth(now: Date = new Date()) {
	const { year, month } = istanbulParts(now)
	return `${pad(year, 4)}-${pad(month)}`
}

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * Adds days to a `YYYY-MM-DD` calendar date (a day past its month's end
 * runs on into the next month, as `Date.UTC` reads it). Worked out in whole
 * days (days since 1970 and back, H. Hinnant's civil-date arithmetic)
 * rather than through a Date and its ISO string: a calendar of a few hundred
 * items asks for a day after each, and that was 7 % of writing it.
 */
export function addDays(isoDate: string, days: number) {
	const parts = PLAIN_DATE.exec(isoDate)
	const month = Number(parts?.[2])
	if (parts && month >= 1 && month <= 12 && Number.isSafeInteger(days)) {
		const [y, m, d] = civilFromDays(daysFromCivil(Number(parts[1]), month, Number(parts[3])) + days)
		if (y >= 1000 && y <= 9999) return `${y}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`
	}
	const [y, m, d] = isoDate.split('-').map(Number)
	const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days))
	return date.toISOString().slice(0, 10)
}

/** Days since 1970-01-01 of a (proleptic Gregorian) date, month 1–12; the day may run past the month. */
function daysFromCivil(year: number, month: number, day: number) {
	const y = month <= 2 ? year - 1 : year
	const era = Math.floor(y / 400)
	const yearOfEra = y - era * 400
	const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1
	const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
	return era * 146_097 + dayOfEra - 719_468
}

/** The date `days` after 1970-01-01: [year, month 1–12, day]. */
function civilFromDays(days: number): [number, number, number] {
	const z = days + 719_468
	const era = Math.floor(z / 146_097)
	const dayOfEra = z - era * 146_097
	const yearOfEra = Math.floor(
		(dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
	)
	const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
	const shifted = Math.floor((5 * dayOfYear + 2) / 153)
	const month = shifted < 10 ? shifted + 3 : shifted - 9
	return [yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1]
}

function offsetMinutesAt(utcMillis: number) {
	const p = istanbulParts(new Date(utcMillis))
	const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute)
	return Math.round((asUtc - Math.floor(utcMillis / 60_000) * 60_000) / 60_000)
}

/**
 * Reads an Istanbul wall-clock time (`YYYY-MM-DDTHH:mm` from a datetime-local
 * input, or a bare `YYYY-MM-DD`) and returns the instant as an ISO string.
 * Returns null for anything that is not such a time.
 */
export function istanbulLocalToIso(value: string): string | null {
	const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim())
	if (!match) return null
	const [, y, mo, d, h = '00', mi = '00', s = '00'] = match
	const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))
	if (Number.isNaN(wall)) return null
	const check = new Date(wall)
	if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d)) return null
	// The offset at the guessed instant, corrected once for a change in between.
	let instant = wall - offsetMinutesAt(wall) * 60_000
	instant = wall - offsetMinutesAt(instant) * 60_000
	return new Date(instant).toISOString()
}

/** The value for a datetime-local input showing an instant in Istanbul. */
export function isoToIstanbulLocal(iso: string | null | undefined): string {
	if (!iso) return ''
	const date = new Date(iso)
	if (Number.isNaN(date.getTime())) return ''
	const p = istanbulParts(date)
	return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`
}

const dateFormatter = /* @__PURE__ */ new Intl.DateTimeFormat(LOCALE, {
	timeZone: TIME_ZONE,
	day: 'numeric',
	month: 'long',
	year: 'numeric',
})
const dateTimeFormatter = /* @__PURE__ */ new Intl.DateTimeFormat(LOCALE, {
	timeZone: TIME_ZONE,
	day: 'numeric',
	month: 'long',
	year: 'numeric',
	weekday: 'long',
	hour: '2-digit',
	minute: '2-digit',
})
const timeFormatter = /* @__PURE__ */ new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' })

/**
 * A formatter for instants given as stored (ISO strings), each string formatted once (memoByText):
 * Intl takes about 1.5 µs a date, and a list of 50 cards formats the same dates on every render.
 */
function formatterOfStored(formatter: Intl.DateTimeFormat) {
	const formatStored = memoByText((iso) => formatter.format(new Date(iso)), { maxChars: 200_000, sizeOf: (text) => text.length })
	return (value: string | Date) => (typeof value === 'string' ? formatStored(value) : formatter.format(value))
}

const formatInstantDate = /* @__PURE__ */ formatterOfStored(dateFormatter)

/** `22 Kasım 2026`, in Istanbul. Accepts an instant or a `YYYY-MM-DD` day. */
export function formatDate(value: string | Date) {
	if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
		const [y, m, d] = value.split('-').map(Number)
		return `${d} ${monthName(m ?? 1)} ${y}`
	}
	return formatInstantDate(value)
}

/** `22 Kasım 2026 Pazar 19:00`, in Istanbul. */
export const formatDateTime = /* @__PURE__ */ formatterOfStored(dateTimeFormatter)

export const formatTime = /* @__PURE__ */ formatterOfStored(timeFormatter)

const numberFormatter = /* @__PURE__ */ new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 })

/** `1.234,5` */
export function formatNumber(value: number) {
	return numberFormatter.format(value)
}

/** `450 TL`, `472,50 TL` */
// Made once: an Intl formatter costs more to make than a page spends on all its numbers.
const liraWhole = /* @__PURE__ */ new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 0, maximumFractionDigits: 2 })
const liraWithKurus = /* @__PURE__ */ new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 })

export function formatLira(value: number) {
	const rounded = Math.round(value * 100) / 100
	return `${(Number.isInteger(rounded) ? liraWhole : liraWithKurus).format(rounded)} TL`
}
