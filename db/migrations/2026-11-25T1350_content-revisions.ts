import { createdAt, type MigrationDb, timestampType, withIdColumn } from './helpers.ts'

/**
 * Every content item can be undone, not only pages: each save keeps the
 * text the item had before it in `content_revisions` (the newest 50 per
 * item), as JSON of the row's text fields, with a short Turkish summary of
 * what that save changed, when and by whom. `item_kind` is the table name
 * (`announcements`, `events`, …), so there is no foreign key to the item;
 * `forgetRevisions` drops an item's revisions when it is deleted for good.
 */
export async function up(db: MigrationDb) {
	await withIdColumn(db, db.schema.createTable('content_revisions'))
		.addColumn('item_kind', 'text', (c) => c.notNull())
		.addColumn('item_id', 'text', (c) => c.notNull())
		.addColumn('snapshot', 'text', (c) => c.notNull())
		.addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
		.addColumn('saved_at', timestampType(db), createdAt(db))
		.addColumn('saved_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
		.execute()
	await db.schema.createIndex('content_revisions_item_idx').on('content_revisions').columns(['item_kind', 'item_id', 'id']).execute()
}

export async function down(db: MigrationDb) {
	await db.schema.dropTable('content_revisions').execute()
}
