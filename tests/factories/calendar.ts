import type { Insertable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import type { CalendarEntriesTable } from '#app/lib/db-types.ts'

let counter = 0

/** Inserts a calendar entry (override anything) and returns the stored row. */
export async function createCalendarEntry(overrides: Partial<Insertable<CalendarEntriesTable>> = {}) {
	counter++
	return db
		.insertInto('calendar_entries')
		.values({ title: `Takvim ${counter}`, date: '2026-03-10', ...overrides })
		.returningAll()
		.executeTakeFirstOrThrow()
}
