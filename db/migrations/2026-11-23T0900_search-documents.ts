import { type MigrationDb, timestampType, withIdColumn } from './helpers.ts'

/**
 * The site search index: one row per searchable item (announcement, event,
 * alumni news, member perk, page, bulletin, award) with its title and text
 * folded the Turkish way in advance, so a search is one indexed-table scan
 * with plain LIKE on both dialects. Kept in step by
 * app/features/search/search.server.ts on every content write.
 */
export async function up(db: MigrationDb) {
	const ts = timestampType(db)
	await withIdColumn(db, db.schema.createTable('search_documents'))
		.addColumn('kind', 'text', (c) => c.notNull())
		.addColumn('ref_id', 'text', (c) => c.notNull())
		.addColumn('title', 'text', (c) => c.notNull())
		.addColumn('body', 'text', (c) => c.notNull())
		.addColumn('url', 'text', (c) => c.notNull())
		.addColumn('title_folded', 'text', (c) => c.notNull())
		.addColumn('text_folded', 'text', (c) => c.notNull())
		.addColumn('sort_at', ts)
		.addColumn('published_at', ts)
		.addUniqueConstraint('search_documents_kind_ref_key', ['kind', 'ref_id'])
		.execute()
	await db.schema.createIndex('search_documents_sort_at_idx').on('search_documents').column('sort_at').execute()
}

export async function down(db: MigrationDb) {
	await db.schema.dropTable('search_documents').execute()
}
