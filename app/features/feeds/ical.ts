/**
 * An iCalendar (RFC 5545) writer for the site's calendars: the events feed
 * and each event's own file. Safe for the browser and the server (no I/O).
 *
 * Lines end in CRLF and are folded at 75 octets without splitting a UTF-8
 * character; TEXT values are escaped (backslash, semicolon, comma, newline).
 * Times are written in Istanbul wall-clock time with `TZID=Europe/Istanbul`
 * and one VTIMEZONE for it: UTC+3 all year since 7 September 2016. An instant
 * before that (when Turkey still changed clocks) is written in UTC instead,
 * so no time is ever read with the wrong offset.
 */
import { keptByName } from '#app/lib/kept-by-name.ts'
import { istanbulParts, TIME_ZONE } from '#app/lib/tr.ts'

/** Since this instant (2016-09-07 00:00 in Istanbul) Istanbul has been UTC+3 all year. */
const FIXED_OFFSET_SINCE = Date.UTC(2016, 8, 6, 21, 0, 0)

export type CalendarTime = { kind: 'date-time'; at: string } | { kind: 'date'; date: string }

export type CalendarEvent = {
	uid: string
	sequence: number
	/** DTSTAMP and LAST-MODIFIED: when the item last changed (ISO instant). */
	modified: string
	created: string | null
	start: CalendarTime
	end: CalendarTime
	summary: string
	description: string | null
	location: string | null
	url: string | null
	status: 'CONFIRMED' | 'CANCELLED'
}

export type Calendar = {
	prodId: string
	name: string
	description: string | null
	url: string | null
	/** How often subscribers should fetch it again (hours). */
	refreshHours: number | null
	events: ReadonlyArray<CalendarEvent>
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** TEXT (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, every line break as `\n`, other controls dropped. */
export function escapeText(value: string) {
	return (
		value
			.replace(/\r\n?/g, '\n')
			// oxlint-disable-next-line no-control-regex -- control characters are what is removed here
			.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
			.replace(/[\\;,\n]/g, (ch) => (ch === '\n' ? '\\n' : `\\${ch}`))
	)
}

/** The octets a code point takes in UTF-8. */
const utf8Octets = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4)

/**
 * One content line folded at 75 octets (RFC 5545 §3.1): each continuation
 * starts with a space, which counts towards its 75; characters (code
 * points) are never split, so no UTF-8 sequence is broken. Octets are
 * counted from the code points, not by encoding each character (that was
 * most of the time of a calendar of a few thousand events).
 */
export function foldLine(line: string) {
	// Most lines are short: 25 UTF-16 units are at most 75 octets (3 a unit), so they need no counting.
	if (line.length <= 25) return line
	let folded = ''
	let start = 0
	let octets = 0
	let limit = 75
	for (let i = 0; i < line.length;) {
		const codePoint = line.codePointAt(i) as number
		const size = utf8Octets(codePoint)
		if (octets + size > limit) {
			folded += `${line.slice(start, i)}\r\n `
			start = i
			octets = 0
			limit = 74
		}
		octets += size
		i += codePoint > 0xffff ? 2 : 1
	}
	return folded + line.slice(start)
}

/** An instant in UTC: `20270328T160000Z`. */
export function utcStamp(iso: string) {
	const d = new Date(iso)
	return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`
}

/** An instant on Istanbul's wall clock: `20270328T190000`. */
export function istanbulStamp(iso: string) {
	const d = new Date(iso)
	const p = istanbulParts(d)
	return `${pad(p.year, 4)}${pad(p.month)}${pad(p.day)}T${pad(p.hour)}${pad(p.minute)}${pad(d.getUTCSeconds())}`
}

/** `YYYY-MM-DD` as an iCalendar DATE: `20270328`. */
export const dateStamp = (date: string) => date.replaceAll('-', '')

/** DTSTART/DTEND with their parameters: Istanbul time with its TZID, a bare DATE, or UTC before 2016-09-07. */
function timeProperty(name: 'DTSTART' | 'DTEND', time: CalendarTime) {
	if (time.kind === 'date') return `${name};VALUE=DATE:${dateStamp(time.date)}`
	if (Date.parse(time.at) < FIXED_OFFSET_SINCE) return `${name}:${utcStamp(time.at)}`
	return `${name};TZID=${TIME_ZONE}:${istanbulStamp(time.at)}`
}

/** Europe/Istanbul as RFC 5545 wants it described: one observance, UTC+3, since 2016-09-07. */
export const ISTANBUL_VTIMEZONE = [
	'BEGIN:VTIMEZONE',
	`TZID:${TIME_ZONE}`,
	`X-LIC-LOCATION:${TIME_ZONE}`,
	'BEGIN:STANDARD',
	'DTSTART:20160907T000000',
	'TZOFFSETFROM:+0300',
	'TZOFFSETTO:+0300',
	'TZNAME:+03',
	'END:STANDARD',
	'END:VTIMEZONE',
]

function eventLines(event: CalendarEvent): Array<string> {
	const lines = [
		'BEGIN:VEVENT',
		`UID:${escapeText(event.uid)}`,
		`SEQUENCE:${Math.max(0, Math.trunc(event.sequence))}`,
		`DTSTAMP:${utcStamp(event.modified)}`,
		`LAST-MODIFIED:${utcStamp(event.modified)}`,
	]
	if (event.created) lines.push(`CREATED:${utcStamp(event.created)}`)
	lines.push(timeProperty('DTSTART', event.start), timeProperty('DTEND', event.end))
	lines.push(`SUMMARY:${escapeText(event.summary)}`)
	if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`)
	if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`)
	if (event.url) lines.push(`URL;VALUE=URI:${event.url}`)
	lines.push(`STATUS:${event.status}`)
	// All-day entries do not make anyone busy.
	lines.push(`TRANSP:${event.start.kind === 'date' ? 'TRANSPARENT' : 'OPAQUE'}`)
	lines.push('END:VEVENT')
	return lines
}

const utf8 = new TextEncoder()
const END = utf8.encode('END:VCALENDAR\r\n')

/** Every value an event's lines are written from (eventLines), in one list. */
const fieldsOf = (event: CalendarEvent): Array<unknown> => [
	event.uid,
	event.sequence,
	event.modified,
	event.created,
	event.start.kind,
	event.start.kind === 'date' ? event.start.date : event.start.at,
	event.end.kind,
	event.end.kind === 'date' ? event.end.date : event.end.at,
	event.summary,
	event.description,
	event.location,
	event.url,
	event.status,
]

/** At most 2 MB of kept blocks, with the texts they were written from. */
const keptBlocks = keptByName<Uint8Array<ArrayBuffer>>({
	maxBytes: 2_000_000,
	sizeOf: (_uid, bytes, fields = []) =>
		bytes.byteLength + fields.reduce<number>((sum, value) => sum + (typeof value === 'string' ? value.length * 2 : 8), 0),
})

/**
 * An event's VEVENT as UTF-8 bytes, folded, each line ending in CRLF; kept
 * per event (by its UID) with the values it was written from, and written
 * again when any of them is not the same. The events calendar writes the
 * same few hundred events on every request: at ×100 content, writing them
 * was a third of an uncached /etkinlikler.ics and encoding the 240 KB text
 * 2 ms more than joining the kept bytes; keying them by their fields as
 * JSON (written out and looked up for every event) was a sixth more.
 */
function eventBlock(event: CalendarEvent): Uint8Array<ArrayBuffer> {
	return keptBlocks.get(event.uid, fieldsOf(event), () =>
		utf8.encode(
			eventLines(event)
				.map((line) => `${foldLine(line)}\r\n`)
				.join(''),
		),
	)
}

/** The whole VCALENDAR (METHOD:PUBLISH) as UTF-8 bytes, CRLF line ends, folded. */
export function calendarBytes(calendar: Calendar): Uint8Array<ArrayBuffer> {
	const lines = [
		'BEGIN:VCALENDAR',
		'VERSION:2.0',
		`PRODID:${escapeText(calendar.prodId)}`,
		'CALSCALE:GREGORIAN',
		'METHOD:PUBLISH',
		`NAME:${escapeText(calendar.name)}`,
		`X-WR-CALNAME:${escapeText(calendar.name)}`,
		`X-WR-TIMEZONE:${TIME_ZONE}`,
	]
	if (calendar.description)
		lines.push(`DESCRIPTION:${escapeText(calendar.description)}`, `X-WR-CALDESC:${escapeText(calendar.description)}`)
	if (calendar.url) lines.push(`URL;VALUE=URI:${calendar.url}`)
	if (calendar.refreshHours)
		lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshHours}H`, `X-PUBLISHED-TTL:PT${calendar.refreshHours}H`)
	if (calendar.events.some((event) => event.start.kind === 'date-time' || event.end.kind === 'date-time')) lines.push(...ISTANBUL_VTIMEZONE)
	const parts = [utf8.encode(`${lines.map(foldLine).join('\r\n')}\r\n`), ...calendar.events.map(eventBlock), END]
	const bytes = new Uint8Array(parts.reduce((length, part) => length + part.byteLength, 0))
	let at = 0
	for (const part of parts) {
		bytes.set(part, at)
		at += part.byteLength
	}
	return bytes
}
