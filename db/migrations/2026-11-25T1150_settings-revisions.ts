import { createdAt, type MigrationDb, timestampType, withIdColumn } from './helpers.ts'

/**
 * Settings can be undone: a setting names who saved it last, and every save
 * keeps the value it replaces in `settings_revisions` (the newest 20 per
 * key), with when and by whom that value had been saved.
 */
export async function up(db: MigrationDb) {
	await db.schema
		.alterTable('settings')
		.addColumn('updated_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
		.execute()

	await withIdColumn(db, db.schema.createTable('settings_revisions'))
		// Settings keys are fixed by the code, so no foreign key to the settings row.
		.addColumn('key', 'text', (c) => c.notNull())
		.addColumn('value', 'text', (c) => c.notNull())
		.addColumn('saved_at', timestampType(db), createdAt(db))
		.addColumn('saved_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
		.execute()
	await db.schema.createIndex('settings_revisions_key_idx').on('settings_revisions').columns(['key', 'id']).execute()
}

export async function down(db: MigrationDb) {
	await db.schema.dropTable('settings_revisions').execute()
	await db.schema.alterTable('settings').dropColumn('updated_by_user_id').execute()
}
