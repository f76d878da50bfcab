import { createdAt, type MigrationDb, timestampType, withIdColumn } from './helpers.ts'

/**
 * "Şifremi unuttum": a single-use link valid 30 minutes, e-mailed to the
 * account's address. Only the SHA-256 of the link's token is stored, never
 * the token itself; using one marks it used and voids the user's others.
 * Never backed up (whoever holds a link may set the password).
 */
export async function up(db: MigrationDb) {
	await withIdColumn(db, db.schema.createTable('password_resets'))
		.addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
		.addColumn('token_hash', 'text', (c) => c.notNull().unique())
		.addColumn('expires_at', timestampType(db), (c) => c.notNull())
		.addColumn('used_at', timestampType(db))
		.addColumn('requested_ip', 'text')
		.addColumn('created_at', timestampType(db), createdAt(db))
		.execute()
	await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute()
}

export async function down(db: MigrationDb) {
	await db.schema.dropTable('password_resets').execute()
}
