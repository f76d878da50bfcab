import type { MigrationDb } from './helpers.ts'

/**
 * The year an honouree received the success and honour award. The built-in
 * list (spec §3, "Award row") has only the graduation year, so older rows
 * keep null; rows added or imported in the admin may carry it.
 */
export async function up(db: MigrationDb) {
	await db.schema.alterTable('awards').addColumn('award_year', 'integer').execute()
}

export async function down(db: MigrationDb) {
	await db.schema.alterTable('awards').dropColumn('award_year').execute()
}
