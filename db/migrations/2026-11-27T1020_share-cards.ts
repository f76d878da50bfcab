import type { MigrationDb } from './helpers.ts'

/**
 * Share cards: the 1200×630 image a published announcement, event or alumni
 * news item shows when its address is shared (og:image). `share_card_key`
 * is the stored image (under the kind's `og/` folder), `share_card_fingerprint`
 * a hash of what the card shows (kind, title, date, cover, site name,
 * design), so an edit that changes none of them does not draw it again.
 */
const TABLES = ['announcements', 'events', 'alumni_news'] as const

export async function up(db: MigrationDb) {
	for (const table of TABLES) {
		// One column per statement: SQLite adds a single column per ALTER TABLE.
		await db.schema.alterTable(table).addColumn('share_card_key', 'text').execute()
		await db.schema.alterTable(table).addColumn('share_card_fingerprint', 'text').execute()
	}
}

export async function down(db: MigrationDb) {
	for (const table of TABLES) {
		await db.schema.alterTable(table).dropColumn('share_card_fingerprint').execute()
		await db.schema.alterTable(table).dropColumn('share_card_key').execute()
	}
}
