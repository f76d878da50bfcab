import { sql } from 'kysely'
import { createdAt, type MigrationDb, timestampType, withIdColumn } from './helpers.ts'

/**
 * Accounts an association can hand over: every admin-area account has a
 * role (`admin` = yönetici, everything; `editor` = editör, content only),
 * can be disabled without being deleted, and remembers its last sign-in.
 * `audit_log` keeps who did what (sign-ins, account changes, every content
 * and settings change) for the configured period; nothing edits its rows.
 */
export async function up(db: MigrationDb) {
	await db.schema
		.alterTable('users')
		.addColumn('role', 'text', (c) =>
			c
				.notNull()
				.defaultTo('admin')
				.check(sql`role in ('admin', 'editor')`),
		)
		.execute()
	await db.schema.alterTable('users').addColumn('disabled_at', timestampType(db)).execute()
	await db.schema.alterTable('users').addColumn('last_sign_in_at', timestampType(db)).execute()

	await withIdColumn(db, db.schema.createTable('audit_log'))
		.addColumn('created_at', timestampType(db), createdAt(db))
		// Kept when the account is deleted: the log names the e-mail as it was.
		.addColumn('user_id', 'text')
		.addColumn('user_email', 'text')
		.addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('auth', 'account', 'content', 'settings')`))
		.addColumn('action', 'text', (c) => c.notNull())
		.addColumn('item_kind', 'text')
		.addColumn('item_id', 'text')
		.addColumn('item_title', 'text')
		.addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
		.addColumn('ip_address', 'text')
		.addColumn('user_agent', 'text')
		.execute()
	await db.schema.createIndex('audit_log_created_idx').on('audit_log').columns(['created_at', 'id']).execute()
	await db.schema.createIndex('audit_log_user_idx').on('audit_log').columns(['user_id', 'created_at']).execute()
}

export async function down(db: MigrationDb) {
	await db.schema.dropTable('audit_log').execute()
	await db.schema.alterTable('users').dropColumn('last_sign_in_at').execute()
	await db.schema.alterTable('users').dropColumn('disabled_at').execute()
	await db.schema.alterTable('users').dropColumn('role').execute()
}
