import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createTestDatabase, type TestDatabase } from './db.ts'
import type { Dialect } from '#app/lib/db.server.ts'

/** Runs `body` against a fresh, migrated database of the dialect, installed as the process database, and removes it after. */
export async function withDatabase<T>(dialect: Dialect, body: (tdb: TestDatabase) => Promise<T>): Promise<T> {
	const tdb = await createTestDatabase(dialect, { migrated: true })
	try {
		await migrateToLatest(tdb.handle.db)
		return await body(tdb)
	} finally {
		await tdb.cleanup()
	}
}
