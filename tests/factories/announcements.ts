import { db } from '#app/lib/db.server.ts'
import type { NewAnnouncement } from '#app/lib/db-types.ts'

let counter = 0

/** Inserts a published announcement (override anything) and returns the stored row. */
export async function createAnnouncement(overrides: Partial<NewAnnouncement> = {}) {
	counter++
	const stamp = overrides.created_at ?? '2026-01-01T09:00:00.000Z'
	return db
		.insertInto('announcements')
		.values({
			title: `Duyuru ${counter}`,
			body: `<p>Duyuru ${counter} metni.</p>`,
			published_at: '2026-01-01T09:00:00.000Z',
			featured_home: false,
			created_at: stamp,
			updated_at: stamp,
			...overrides,
		})
		.returningAll()
		.executeTakeFirstOrThrow()
}
