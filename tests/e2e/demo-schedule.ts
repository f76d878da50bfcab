import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEMO_CALENDAR, DEMO_EVENTS, demoEventDay } from '#app/features/site/seed/demo-data.ts'
import { addDays, istanbulLocalToIso, istanbulToday } from '#app/lib/tr.ts'

/** Where the e2e server on `port` notes the instant it seeded the demo content from. */
export function seededAtFile(port: string | number | undefined) {
	return path.join(os.tmpdir(), `site-e2e-seeded-at-${port ?? 3210}`)
}

/**
 * The Istanbul day the e2e server's demo content counts from. The demo's dates
 * are offsets from that day and a few fixed days of the year (the December
 * fair, the January alumni day), so which event comes next changes with the
 * date: a run that starts before midnight in Istanbul and tests after it must
 * still expect the seed's dates.
 */
export function demoSeedDay() {
	return istanbulToday(new Date(fs.readFileSync(seededAtFile(process.env.E2E_PORT), 'utf8').trim()))
}

/** The Istanbul day `offsetDays` after the seed's. */
export function demoDay(offsetDays: number) {
	return addDays(demoSeedDay(), offsetDays)
}

/** The demo events as seeded, the earliest first, each with its start and whether it is still upcoming today (an event of today is). */
export function demoEvents(now = new Date()) {
	const seedDay = demoSeedDay()
	const today = istanbulToday(now)
	return DEMO_EVENTS.map((event) => {
		const day = demoEventDay(event, seedDay)
		return { title: event.title, day, startsAt: istanbulLocalToIso(`${day}T${event.time}`)!, upcoming: day >= today }
	}).toSorted((a, b) => a.startsAt.localeCompare(b.startsAt))
}

/** The demo's calendar from today on, the soonest first: its events (linked in the agenda) and the Takvim's own entries. */
export function demoAgenda(now = new Date()) {
	const seedDay = demoSeedDay()
	const today = istanbulToday(now)
	const events = DEMO_EVENTS.map((event) => ({ title: event.title, date: demoEventDay(event, seedDay), event: true }))
	const entries = DEMO_CALENDAR.map((entry) => ({ title: entry.title, date: addDays(seedDay, entry.inDays), event: false }))
	return [...events, ...entries].filter((item) => item.date >= today).toSorted((a, b) => a.date.localeCompare(b.date))
}

/**
 * Next year in Istanbul. Items the journeys add are dated then: always still to come, and never among the
 * demo's next few days, where they would change what the agenda and the carousels show first.
 */
export const NEXT_YEAR = Number(istanbulToday().slice(0, 4)) + 1
