import { type MigrationDb, timestampType, withIdColumn } from './helpers.ts'

/**
 * Çöp kutusu: a deleted content item leaves its table (so no public query
 * can show it) and waits here for 30 days, restorable with its id, slug and
 * media, until it is purged for good. `snapshot` holds the row(s) as JSON
 * (`{ "rows": { "<table>": [row, …] } }`), `media_keys` the stored files the
 * purge schedules for deletion; `slug` keeps the address taken until then.
 */
export async function up(db: MigrationDb) {
	await withIdColumn(db, db.schema.createTable('trash'))
		.addColumn('item_kind', 'text', (c) => c.notNull())
		.addColumn('item_id', 'text', (c) => c.notNull())
		.addColumn('title', 'text', (c) => c.notNull())
		.addColumn('slug', 'text')
		.addColumn('snapshot', 'text', (c) => c.notNull())
		.addColumn('media_keys', 'text', (c) => c.notNull().defaultTo('[]'))
		.addColumn('deleted_at', timestampType(db), (c) => c.notNull())
		// Kept when the account is deleted: the list then shows nobody.
		.addColumn('deleted_by_user_id', 'text')
		.addColumn('purge_after', timestampType(db), (c) => c.notNull())
		.execute()
	await db.schema.createIndex('trash_purge_after_idx').on('trash').column('purge_after').execute()
	await db.schema.createIndex('trash_kind_slug_idx').on('trash').columns(['item_kind', 'slug']).execute()
	await db.schema.createIndex('trash_kind_item_idx').on('trash').columns(['item_kind', 'item_id']).execute()
}

export async function down(db: MigrationDb) {
	await db.schema.dropTable('trash').execute()
}
