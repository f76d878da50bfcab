import type { MigrationDb } from './helpers.ts'

/**
 * Failed sign-in attempts and the lock they earn, per key (a trusted
 * browser's device cookie, an account's untrusted browsers, a client
 * address): see app/lib/rate-limit.server.ts. Instants are epoch
 * milliseconds, compared in one statement on both dialects.
 */
export async function up(db: MigrationDb) {
	await db.schema
		.createTable('login_failures')
		.addColumn('key', 'text', (c) => c.primaryKey())
		.addColumn('failures', 'integer', (c) => c.notNull())
		.addColumn('last_failure', 'bigint', (c) => c.notNull())
		.addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
		.execute()
}

export async function down(db: MigrationDb) {
	await db.schema.dropTable('login_failures').execute()
}
