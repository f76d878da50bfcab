import { sql } from 'kysely'
import { createdAt, type MigrationDb, timestampType, withIdColumn } from './helpers.ts'

/**
 * Static pages become editable in the admin: a page body is either the
 * seeded Markdown or the HTML the rich-text editor saves (`body_format`),
 * the page names who saved it last, and every save keeps the version it
 * replaces in `page_revisions` (the newest 50 per page), so a change can be
 * undone.
 */
export async function up(db: MigrationDb) {
	await db.schema
		.alterTable('pages')
		.addColumn('body_format', 'text', (c) =>
			c
				.notNull()
				.defaultTo('markdown')
				.check(sql`body_format in ('markdown', 'html')`),
		)
		.execute()
	await db.schema
		.alterTable('pages')
		.addColumn('updated_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
		.execute()

	await withIdColumn(db, db.schema.createTable('page_revisions'))
		// Pages are fixed (never created or deleted by the admin), so no foreign key to them.
		.addColumn('slug', 'text', (c) => c.notNull())
		.addColumn('title', 'text', (c) => c.notNull())
		.addColumn('description', 'text')
		.addColumn('body', 'text', (c) => c.notNull())
		.addColumn('body_format', 'text', (c) => c.notNull().check(sql`body_format in ('markdown', 'html')`))
		.addColumn('saved_at', timestampType(db), createdAt(db))
		.addColumn('saved_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
		.execute()
	await db.schema.createIndex('page_revisions_slug_idx').on('page_revisions').columns(['slug', 'id']).execute()
}

export async function down(db: MigrationDb) {
	await db.schema.dropTable('page_revisions').execute()
	await db.schema.alterTable('pages').dropColumn('updated_by_user_id').execute()
	await db.schema.alterTable('pages').dropColumn('body_format').execute()
}
