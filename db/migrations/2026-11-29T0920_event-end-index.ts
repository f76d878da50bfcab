import type { MigrationDb } from './helpers.ts'

/**
 * The events still to come (the events page, the home carousel) are those
 * without a date, those whose end is ahead and those without an end whose
 * start is ahead. With this index beside the one on the start, each of those
 * is read from an index instead of every event being read to find them.
 */
export async function up(db: MigrationDb) {
	await db.schema.createIndex('events_ends_at_idx').on('events').column('ends_at').execute()
}

export async function down(db: MigrationDb) {
	await db.schema.dropIndex('events_ends_at_idx').execute()
}
