import type { Insertable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import type { EventsTable } from '#app/lib/db-types.ts'

let counter = 0

/** Inserts an event (override anything) and returns the stored row. */
export async function createEvent(overrides: Partial<Insertable<EventsTable>> = {}) {
	counter++
	const stamp = overrides.created_at ?? '2026-01-01T09:00:00.000Z'
	return db
		.insertInto('events')
		.values({
			slug: `etkinlik-${counter}-${Math.random().toString(36).slice(2, 8)}`,
			title: `Etkinlik ${counter}`,
			body: `<p>Etkinlik ${counter} metni.</p>`,
			starts_at: '2026-03-01T16:00:00.000Z',
			featured_home: false,
			created_at: stamp,
			updated_at: stamp,
			...overrides,
		})
		.returningAll()
		.executeTakeFirstOrThrow()
}
