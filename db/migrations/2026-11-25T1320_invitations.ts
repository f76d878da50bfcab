import { sql } from 'kysely'
import { createdAt, type MigrationDb, timestampType, withIdColumn } from './helpers.ts'

/**
 * Invitations to the admin area ("Kullanıcılar"): a yönetici invites a
 * person by e-mail with a role; the person opens a single-use link valid
 * 48 hours (/davet) and chooses their own password. Only the SHA-256 of
 * the link's token is stored, never the token itself; resending replaces
 * the hash (the old link stops working), accepting sets `accepted_at`.
 */
export async function up(db: MigrationDb) {
	await withIdColumn(db, db.schema.createTable('invitations'))
		.addColumn('email', 'text', (c) => c.notNull())
		.addColumn('full_name', 'text', (c) => c.notNull())
		.addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'editor')`))
		.addColumn('token_hash', 'text', (c) => c.notNull().unique())
		.addColumn('expires_at', timestampType(db), (c) => c.notNull())
		.addColumn('accepted_at', timestampType(db))
		// Kept when the inviting account is deleted: the invitation stays valid.
		.addColumn('invited_by_user_id', 'text')
		.addColumn('created_at', timestampType(db), createdAt(db))
		.execute()
	await db.schema.createIndex('invitations_email_idx').on('invitations').column('email').execute()
}

export async function down(db: MigrationDb) {
	await db.schema.dropTable('invitations').execute()
}
