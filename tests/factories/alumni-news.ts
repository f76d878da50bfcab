import type { Insertable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import type { AlumniNewsTable } from '#app/lib/db-types.ts'

let counter = 0

/** Inserts an alumni news item (override anything) and returns the stored row. */
export async function createAlumniNews(overrides: Partial<Insertable<AlumniNewsTable>> = {}) {
	counter++
	const stamp = overrides.created_at ?? '2026-01-01T09:00:00.000Z'
	return db
		.insertInto('alumni_news')
		.values({
			slug: `haber-${counter}-${Math.random().toString(36).slice(2, 8)}`,
			title: `Haber ${counter}`,
			description: `Haber ${counter} açıklaması.`,
			created_at: stamp,
			updated_at: stamp,
			...overrides,
		})
		.returningAll()
		.executeTakeFirstOrThrow()
}
