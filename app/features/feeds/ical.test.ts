import ICAL from 'ical.js'
import { expect, test } from 'vitest'
import { calendarBytes, escapeText, foldLine, type CalendarEvent } from './ical.ts'

const event = (overrides: Partial<CalendarEvent> = {}): CalendarEvent => ({
	uid: 'etkinlik-1@mezun.example.org',
	sequence: 0,
	modified: '2026-11-20T08:00:00.000Z',
	created: '2026-11-01T08:00:00.000Z',
	start: { kind: 'date-time', at: '2027-03-28T16:00:00.000Z' },
	end: { kind: 'date-time', at: '2027-03-28T18:00:00.000Z' },
	summary: 'Bahar Konseri',
	description: null,
	location: null,
	url: 'https://mezun.example.org/duyurular/etkinlikler/bahar-konseri',
	status: 'CONFIRMED',
	...overrides,
})

const calendar = (events: Array<CalendarEvent>) =>
	new TextDecoder().decode(
		calendarBytes({ prodId: '-//Dernek//Takvim//TR', name: 'Etkinlikler', description: null, url: null, refreshHours: 6, events }),
	)

function parse(text: string) {
	const component = new ICAL.Component(ICAL.parse(text))
	const zone = component.getFirstSubcomponent('vtimezone')
	if (zone) ICAL.TimezoneService.register(zone)
	return { component, events: component.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent)) }
}

test('escapes TEXT values and folds lines at 75 octets without splitting a Turkish letter', () => {
	expect(escapeText('Harbiye, Şişli; "Salon" \\ A\r\nB\nC')).toBe('Harbiye\\, Şişli\\; "Salon" \\\\ A\\nB\\nC')
	// Two-, three- and four-octet characters (Turkish letters, €, an emoji) at every offset against the fold.
	for (const long of [`SUMMARY:${'Çğıİöşü '.repeat(20)}`, `DESCRIPTION:${'a€🎓ş'.repeat(40)}`, 'X'.repeat(75), 'X'.repeat(76)]) {
		const folded = foldLine(long)
		const lines = folded.split('\r\n')
		for (const line of lines) {
			expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75)
			expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line)
		}
		// Filled as far as the next character allows: a line is cut only where the next one would not fit.
		for (const [i, line] of lines.slice(0, -1).entries()) {
			// The first character (code point) after the continuation's leading space.
			const next = String.fromCodePoint((lines[i + 1] as string).codePointAt(1) as number)
			expect(Buffer.byteLength(line + next, 'utf8')).toBeGreaterThan(75)
		}
		expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true)
		expect(lines.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(long)
	}
	expect(foldLine('X'.repeat(75))).toBe('X'.repeat(75))
	expect(foldLine('X'.repeat(76))).toBe(`${'X'.repeat(75)}\r\n X`)
})

test('writes a calendar that an independent parser reads back with CRLF lines, escaped text and Istanbul times', () => {
	const description = `Konser programı: Bach, Fauré; ardından kokteyl.\nAyrıntılar: ${'çok uzun bir açıklama '.repeat(8)}`
	const text = calendar([
		event({ location: 'Harbiye, Cemal Reşit Rey; Büyük Salon', description }),
		event({
			uid: 'takvim-3@mezun.example.org',
			start: { kind: 'date', date: '2027-01-20' },
			end: { kind: 'date', date: '2027-01-21' },
			summary: 'Mezunlar Günü',
		}),
	])
	expect(text.endsWith('\r\n')).toBe(true)
	expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/)
	for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
	expect(text).toContain('METHOD:PUBLISH\r\n')
	expect(text).toContain('DTSTART;TZID=Europe/Istanbul:20270328T190000\r\n')
	expect(text).toContain('DTSTART;VALUE=DATE:20270120\r\n')

	const { component, events } = parse(text)
	expect(component.getFirstPropertyValue('version')).toBe('2.0')
	expect(component.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Istanbul')
	const [concert, day] = events
	expect(concert?.uid).toBe('etkinlik-1@mezun.example.org')
	expect(concert?.location).toBe('Harbiye, Cemal Reşit Rey; Büyük Salon')
	expect(concert?.description).toBe(description)
	expect(concert?.startDate.toJSDate().toISOString()).toBe('2027-03-28T16:00:00.000Z')
	expect(concert?.endDate.toJSDate().toISOString()).toBe('2027-03-28T18:00:00.000Z')
	expect(day?.startDate.isDate).toBe(true)
	expect(day?.startDate.toString()).toBe('2027-01-20')
	expect(day?.endDate.toString()).toBe('2027-01-21')
	expect(day?.component.getFirstPropertyValue('transp')).toBe('TRANSPARENT')
})

test('keeps Istanbul at UTC+3 on the days Europe changes its clocks and writes pre-2016 times in UTC', () => {
	const days = ['2027-03-28', '2027-10-31', '2027-01-15', '2027-07-15']
	const text = calendar([
		...days.map((day, i) =>
			event({
				uid: `etkinlik-${i}@mezun.example.org`,
				start: { kind: 'date-time', at: `${day}T16:00:00.000Z` },
				end: { kind: 'date-time', at: `${day}T17:30:00.000Z` },
			}),
		),
		event({
			uid: 'eski@mezun.example.org',
			start: { kind: 'date-time', at: '2010-07-01T15:00:00.000Z' },
			end: { kind: 'date-time', at: '2010-07-01T16:00:00.000Z' },
		}),
	])
	for (const day of days) expect(text).toContain(`DTSTART;TZID=Europe/Istanbul:${day.replaceAll('-', '')}T190000\r\n`)
	expect(text).toContain('DTSTART:20100701T150000Z\r\n')
	const { events } = parse(text)
	expect(events.map((e) => e.startDate.toJSDate().toISOString())).toEqual([
		...days.map((day) => `${day}T16:00:00.000Z`),
		'2010-07-01T15:00:00.000Z',
	])
	expect(events.map((e) => e.endDate.toJSDate().toISOString())).toEqual([
		...days.map((day) => `${day}T17:30:00.000Z`),
		'2010-07-01T16:00:00.000Z',
	])
})

test('writes an event again as it is now: each field of a changed event shows, and the same event twice is the same text', () => {
	const before = calendar([event()])
	expect(calendar([event()])).toBe(before)
	const changed = calendar([
		event({ summary: 'Bahar Konseri (ertelendi)', sequence: 1, start: { kind: 'date-time', at: '2027-04-04T16:00:00.000Z' } }),
	])
	const [vevent] = parse(changed).events
	expect(vevent?.summary).toBe('Bahar Konseri (ertelendi)')
	expect(vevent?.sequence).toBe(1)
	expect(vevent?.startDate.toJSDate().toISOString()).toBe('2027-04-04T16:00:00.000Z')
	const cancelled = parse(calendar([event({ status: 'CANCELLED' })])).component.getFirstSubcomponent('vevent')
	expect(cancelled?.getFirstPropertyValue('status')).toBe('CANCELLED')
	// Two events in one calendar keep their own order and text.
	const two = parse(calendar([event(), event({ uid: 'etkinlik-2@mezun.example.org', summary: 'Mezuniyet Balosu' })])).events
	expect(two.map((e) => [e.uid, e.summary])).toEqual([
		['etkinlik-1@mezun.example.org', 'Bahar Konseri'],
		['etkinlik-2@mezun.example.org', 'Mezuniyet Balosu'],
	])
})

test('an event kept from an earlier calendar is written again when any of its fields changes', () => {
	const full = event({
		uid: 'etkinlik-7@mezun.example.org',
		description: 'Okul bahçesinde, ücretsiz.',
		location: 'Nişantaşı, İstanbul',
	})
	const variants: Record<keyof CalendarEvent, Partial<CalendarEvent>> = {
		uid: { uid: 'etkinlik-8@mezun.example.org' },
		sequence: { sequence: 3 },
		modified: { modified: '2026-11-21T08:00:00.000Z' },
		created: { created: null },
		start: { start: { kind: 'date-time', at: '2027-03-28T15:00:00.000Z' } },
		end: { end: { kind: 'date-time', at: '2027-03-28T19:30:00.000Z' } },
		summary: { summary: 'Bahar Şenliği' },
		description: { description: 'Okul bahçesinde; ücretli.' },
		location: { location: 'Beyoğlu, İstanbul' },
		url: { url: 'https://mezun.example.org/duyurular/etkinlikler/bahar-senligi' },
		status: { status: 'CANCELLED' },
	}
	// Every field of an event is one of the variants (a field added to CalendarEvent must be added here).
	expect(Object.keys(variants).toSorted()).toEqual(Object.keys(full).toSorted())
	const first = calendar([full])
	for (const [field, change] of Object.entries(variants)) {
		// The event as it was is the one kept, then one field of it changes.
		expect(calendar([full])).toBe(first)
		const changed = calendar([{ ...full, ...change }])
		expect(changed === first, field).toBe(false)
		// Written as it is now, as an independent parser reads it back.
		const [vevent] = parse(changed).component.getAllSubcomponents('vevent')
		const shown = { ...full, ...change }
		expect(vevent?.getFirstPropertyValue('uid'), field).toBe(shown.uid)
		expect(vevent?.getFirstPropertyValue('sequence'), field).toBe(shown.sequence)
		expect(vevent?.getFirstPropertyValue('summary'), field).toBe(shown.summary)
		expect(vevent?.getFirstPropertyValue('description'), field).toBe(shown.description)
		expect(vevent?.getFirstPropertyValue('location'), field).toBe(shown.location)
		expect(vevent?.getFirstPropertyValue('url'), field).toBe(shown.url)
		expect(vevent?.getFirstPropertyValue('status'), field).toBe(shown.status)
		expect(parse(changed).events[0]?.endDate.toJSDate().toISOString(), field).toBe(shown.end.kind === 'date-time' ? shown.end.at : null)
	}
	// Starting as an all-day entry on the same kept UID.
	const allDay = calendar([{ ...full, start: { kind: 'date', date: '2027-03-28' }, end: { kind: 'date', date: '2027-03-29' } }])
	expect(allDay).toContain('DTSTART;VALUE=DATE:20270328')
	expect(allDay).toContain('TRANSP:TRANSPARENT')
})
