import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely'

/**
 * Migrations are written once for both dialects; the few column shapes that
 * cannot be spelled the same way are decided here.
 */
// oxlint-disable-next-line typescript/no-explicit-any -- migrations are frozen in time, not typed against today's schema
export type MigrationDb = Kysely<any>

export function isPostgres(db: MigrationDb) {
	return db.getExecutor().adapter instanceof PostgresAdapter
}

/** An integer primary key the database numbers itself. */
export function withIdColumn<T extends string>(db: MigrationDb, table: CreateTableBuilder<T, never>) {
	return isPostgres(db)
		? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
		: table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
}

export function timestampType(db: MigrationDb) {
	return isPostgres(db) ? sql`timestamptz` : sql`text`
}

/** Now, in the stored shape: timestamptz on PostgreSQL, ISO-8601 text on SQLite. */
export function nowDefault(db: MigrationDb) {
	return isPostgres(db) ? sql`CURRENT_TIMESTAMP` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`
}

export function createdAt(db: MigrationDb) {
	return (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(nowDefault(db))
}
