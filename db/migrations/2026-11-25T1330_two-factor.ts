import { createdAt, type MigrationDb, timestampType, withIdColumn } from './helpers.ts'

/**
 * Two-factor sign-in (TOTP, RFC 6238) for admin-area accounts:
 *
 * - `two_factor`: one row per account. `secret` is the base32 shared secret
 *   (the server must read it to compute codes); `enabled_at` is null while
 *   an enrolment waits for its first code. `last_used_step` is the 30-second
 *   step of the last accepted code: a code of that step or an earlier one is
 *   refused, so a code cannot be replayed inside its window.
 * - `recovery_codes`: ten single-use codes per account, stored as SHA-256
 *   (never the code); `used_at` marks a spent one.
 * - `trusted_devices`: "bu cihazı 30 gün hatırla". The cookie holds a random
 *   token; `token_hash` binds it to the account's password hash and 2FA
 *   secret, so a password or 2FA change ends every remembered browser.
 */
export async function up(db: MigrationDb) {
	await db.schema
		.createTable('two_factor')
		.addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
		.addColumn('secret', 'text', (c) => c.notNull())
		.addColumn('enabled_at', timestampType(db))
		.addColumn('last_used_step', 'integer')
		.addColumn('created_at', timestampType(db), createdAt(db))
		.execute()

	await withIdColumn(db, db.schema.createTable('recovery_codes'))
		.addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
		.addColumn('code_hash', 'text', (c) => c.notNull())
		.addColumn('used_at', timestampType(db))
		.addColumn('created_at', timestampType(db), createdAt(db))
		.execute()
	await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').columns(['user_id', 'code_hash']).execute()

	await withIdColumn(db, db.schema.createTable('trusted_devices'))
		.addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
		.addColumn('token_hash', 'text', (c) => c.notNull().unique())
		.addColumn('user_agent', 'text')
		.addColumn('expires_at', timestampType(db), (c) => c.notNull())
		.addColumn('created_at', timestampType(db), createdAt(db))
		.execute()
	await db.schema.createIndex('trusted_devices_user_idx').on('trusted_devices').column('user_id').execute()
}

export async function down(db: MigrationDb) {
	await db.schema.dropTable('trusted_devices').execute()
	await db.schema.dropTable('recovery_codes').execute()
	await db.schema.dropTable('two_factor').execute()
}
