import { type MigrationDb, timestampType } from './helpers.ts'

/**
 * The text of the bulletin PDFs, for the site search: `bulletin_pages`
 * holds each page's extracted text (pages without text have no row), and
 * `bulletin_texts` one row per bulletin saying which stored PDF that text
 * came from and how the extraction went, so a restart never reads a PDF
 * twice and a PDF that cannot be read is not tried at every start. Both are
 * keyed by the bulletin's id without a foreign key: a bulletin in the trash
 * keeps its text for a restore, and the purge removes it.
 */
export async function up(db: MigrationDb) {
	await db.schema
		.createTable('bulletin_texts')
		.addColumn('bulletin_id', 'integer', (c) => c.primaryKey())
		// The storage key of the PDF this row is about; a bulletin whose pdf_url differs needs extracting again.
		.addColumn('pdf_url', 'text', (c) => c.notNull())
		// working (claimed by a process), done, retry (after a passing failure), failed (not tried again for this PDF).
		.addColumn('status', 'text', (c) => c.notNull())
		.addColumn('pages', 'integer', (c) => c.notNull().defaultTo(0))
		.addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
		.addColumn('detail', 'text')
		// A new token at every change: a process writes its result only if the row still carries its own.
		.addColumn('claim', 'text', (c) => c.notNull().defaultTo(''))
		// working: the claim lapses then; retry: not tried again before.
		.addColumn('claimed_until', timestampType(db))
		.addColumn('updated_at', timestampType(db), (c) => c.notNull())
		.execute()
	await db.schema
		.createTable('bulletin_pages')
		.addColumn('bulletin_id', 'integer', (c) => c.notNull())
		.addColumn('page', 'integer', (c) => c.notNull())
		.addColumn('text', 'text', (c) => c.notNull())
		.addPrimaryKeyConstraint('bulletin_pages_pkey', ['bulletin_id', 'page'])
		.execute()
}

export async function down(db: MigrationDb) {
	await db.schema.dropTable('bulletin_pages').execute()
	await db.schema.dropTable('bulletin_texts').execute()
}
