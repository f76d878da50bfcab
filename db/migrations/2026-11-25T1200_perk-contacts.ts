import type { MigrationDb } from './helpers.ts'

/**
 * A perk's "iletişime geç" offers every contact it has: besides the phone and
 * e-mail, a web site address and a postal address.
 */
export async function up(db: MigrationDb) {
	// One column per statement: SQLite adds a single column per ALTER TABLE.
	await db.schema.alterTable('member_perks').addColumn('contact_web', 'text').execute()
	await db.schema.alterTable('member_perks').addColumn('contact_address', 'text').execute()
}

export async function down(db: MigrationDb) {
	await db.schema.alterTable('member_perks').dropColumn('contact_address').execute()
	await db.schema.alterTable('member_perks').dropColumn('contact_web').execute()
}
