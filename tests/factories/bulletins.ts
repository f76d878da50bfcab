import type { Insertable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import type { BulletinsTable } from '#app/lib/db-types.ts'

/** Inserts a bulletin (override anything) and returns the stored row. */
export async function createBulletin(overrides: Partial<Insertable<BulletinsTable>> = {}) {
	const year = overrides.year ?? 2024
	const month = overrides.month ?? 3
	const stem = `${year}-${String(month).padStart(2, '0')}`
	return db
		.insertInto('bulletins')
		.values({
			year,
			month,
			pdf_url: `bulletins/${stem}.pdf`,
			cover_url: `bulletins/${stem}-kapak-330x518.jpg`,
			...overrides,
		})
		.returningAll()
		.executeTakeFirstOrThrow()
}
