import { Migrator, type MigrationResultSet } from 'kysely/migration'
import { migrations } from '#db/migrations/index.ts'
import type { DB } from './db.server.ts'

function createMigrator(db: DB) {
	return new Migrator({ db, provider: { getMigrations: async () => migrations } })
}

/**
 * Brings the schema to the latest migration. Kysely holds a lock while it
 * runs (an advisory lock on PostgreSQL, the write lock on SQLite), so
 * instances starting together migrate once.
 */
export async function migrateToLatest(db: DB): Promise<MigrationResultSet['results']> {
	const { error, results } = await createMigrator(db).migrateToLatest()
	if (error) throw error
	return results
}

/** Names of migrations not yet applied (empty when the schema is current). */
export async function pendingMigrations(db: DB): Promise<Array<string>> {
	const all = await createMigrator(db).getMigrations()
	return all.filter((m) => !m.executedAt).map((m) => m.name)
}
