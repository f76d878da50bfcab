import type { MigrationDb } from './helpers.ts'

/**
 * The public announcements list (50 a page) puts announcements without a
 * place in the order last, which no index can follow, so every published
 * announcement is sorted for each page. This index holds everything the
 * filter and the sort read, so the list sorts small index entries for the
 * ids of its page and then reads only those rows, instead of carrying every
 * announcement's text through the sort.
 */
export async function up(db: MigrationDb) {
	await db.schema
		.createIndex('announcements_list_idx')
		.on('announcements')
		.columns(['published_at', 'order_index', 'created_at', 'id'])
		.execute()
}

export async function down(db: MigrationDb) {
	await db.schema.dropIndex('announcements_list_idx').execute()
}
