import { CompiledQuery, sql, type Compilable } from 'kysely'
import type { DatabaseHandle } from '#app/lib/db.server.ts'

/**
 * SQLite's plan for a query, its steps joined with " / " (SEARCH … USING
 * INDEX …). SQLite plans the same for ten rows as for ten thousand, so a test
 * can see which index a public page's query reads through.
 */
export async function sqlitePlan(handle: DatabaseHandle, query: Compilable): Promise<string> {
	const { sql: text, parameters } = query.compile()
	const { rows } = await handle.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${text}`, [...parameters]))
	return rows.map((row) => row.detail).join(' / ')
}

/**
 * PostgreSQL's definitions of the named indexes, by name, without the schema
 * (`announcements USING btree (featured_home, published_at)`). PostgreSQL
 * plans by a table's size (a sequential scan for a few rows), so a test checks
 * that the indexes are there for when it grows.
 */
export async function postgresIndexes(handle: DatabaseHandle, names: Array<string>): Promise<Record<string, string>> {
	const { rows } = await sql<{
		indexname: string
		indexdef: string
	}>`select indexname, indexdef from pg_indexes where indexname in (${sql.join(names)})`.execute(handle.db)
	return Object.fromEntries(rows.map((row) => [row.indexname, row.indexdef.replace(/^.* ON (public\.)?/, '')]))
}
