import { sql } from 'kysely'
import { isPostgres, type MigrationDb } from './helpers.ts'

/**
 * The tables better-auth needs, in snake_case (see auth.server.ts for the field
 * mapping). A test asserts that better-auth finds nothing left to migrate.
 */
export async function up(db: MigrationDb) {
	// better-auth's schema check expects DATE on SQLite; values are still ISO text.
	const ts = isPostgres(db) ? sql`timestamptz` : sql`date`

	await db.schema
		.createTable('users')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('email', 'text', (c) => c.notNull())
		.addColumn('full_name', 'text', (c) => c.notNull())
		.addColumn('email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
		.addColumn('image', 'text')
		.addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
		.addColumn('created_at', ts, (c) => c.notNull())
		.addColumn('updated_at', ts, (c) => c.notNull())
		.addUniqueConstraint('users_email_key', ['email'])
		.execute()

	await db.schema
		.createTable('sessions')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('token', 'text', (c) => c.notNull())
		.addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
		.addColumn('expires_at', ts, (c) => c.notNull())
		.addColumn('ip_address', 'text')
		.addColumn('user_agent', 'text')
		.addColumn('created_at', ts, (c) => c.notNull())
		.addColumn('updated_at', ts, (c) => c.notNull())
		.addUniqueConstraint('sessions_token_key', ['token'])
		.execute()
	await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute()

	await db.schema
		.createTable('accounts')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('account_id', 'text', (c) => c.notNull())
		.addColumn('provider_id', 'text', (c) => c.notNull())
		.addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
		.addColumn('access_token', 'text')
		.addColumn('refresh_token', 'text')
		.addColumn('id_token', 'text')
		.addColumn('access_token_expires_at', ts)
		.addColumn('refresh_token_expires_at', ts)
		.addColumn('scope', 'text')
		.addColumn('password', 'text')
		.addColumn('created_at', ts, (c) => c.notNull())
		.addColumn('updated_at', ts, (c) => c.notNull())
		.execute()
	await db.schema.createIndex('accounts_user_id_idx').on('accounts').column('user_id').execute()

	await db.schema
		.createTable('verifications')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('identifier', 'text', (c) => c.notNull())
		.addColumn('value', 'text', (c) => c.notNull())
		.addColumn('expires_at', ts, (c) => c.notNull())
		.addColumn('created_at', ts, (c) => c.notNull())
		.addColumn('updated_at', ts, (c) => c.notNull())
		.execute()
	await db.schema.createIndex('verifications_identifier_idx').on('verifications').column('identifier').execute()

	await db.schema
		.createTable('rate_limits')
		.addColumn('id', 'text', (c) => c.primaryKey())
		.addColumn('key', 'text', (c) => c.notNull())
		.addColumn('count', 'integer', (c) => c.notNull())
		.addColumn('last_request', 'bigint', (c) => c.notNull())
		.addUniqueConstraint('rate_limits_key_key', ['key'])
		.execute()
}

export async function down(db: MigrationDb) {
	for (const table of ['rate_limits', 'verifications', 'accounts', 'sessions', 'users']) {
		await db.schema.dropTable(table).execute()
	}
}
