import { type MigrationDb, timestampType } from './helpers.ts'

/**
 * Media files replaced or deleted by an admin are not removed at once but
 * after a grace period: a backup taken meanwhile still finds every file its
 * database snapshot refers to, and pages already open keep their images.
 */
export async function up(db: MigrationDb) {
	await db.schema
		.createTable('pending_deletions')
		.addColumn('key', 'text', (c) => c.primaryKey())
		.addColumn('delete_after', timestampType(db), (c) => c.notNull())
		.execute()
	await db.schema.createIndex('pending_deletions_delete_after_idx').on('pending_deletions').column('delete_after').execute()
}

export async function down(db: MigrationDb) {
	await db.schema.dropTable('pending_deletions').execute()
}
