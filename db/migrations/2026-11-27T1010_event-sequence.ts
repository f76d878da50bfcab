import type { MigrationDb } from './helpers.ts'

/**
 * The calendar feed's SEQUENCE (RFC 5545 §3.8.7.4): a counter per event and
 * per calendar entry, moved on by every save that changes what a calendar
 * shows (title, times, place, text, address), so subscribed calendars take
 * the new version instead of keeping the one they have.
 */
export async function up(db: MigrationDb) {
	// One column per statement: SQLite adds a single column per ALTER TABLE.
	await db.schema
		.alterTable('events')
		.addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
		.execute()
	await db.schema
		.alterTable('calendar_entries')
		.addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
		.execute()
}

export async function down(db: MigrationDb) {
	await db.schema.alterTable('calendar_entries').dropColumn('sequence').execute()
	await db.schema.alterTable('events').dropColumn('sequence').execute()
}
