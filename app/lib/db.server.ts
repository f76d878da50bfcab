import fs from 'node:fs'
import path from 'node:path'
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely'
import type pg from 'pg'
import type { Database } from './db-types.ts'
import { ConfigError, getEnv, type DatabaseConfig } from './env.server.ts'
import { InlineLimitPlugin } from './sqlite-limit.server.ts'

export type DB = Kysely<Database>
export type Dialect = DatabaseConfig['dialect']

/** How long a writer waits for another process's lock before failing. */
const SQLITE_BUSY_TIMEOUT_MS = 5000
const STATEMENT_CACHE_SIZE = 300

function toSqliteParam(value: unknown) {
	if (value === undefined) return null
	if (value instanceof Date) return value.toISOString()
	if (typeof value === 'boolean') return value ? 1 : 0
	return value as string | number | bigint | null | Uint8Array
}

type RowMaker = (values: Array<unknown>) => Record<string, unknown>

/**
 * A statement's rows as objects, made from the arrays node:sqlite returns
 * (`setReturnArrays`) by one object literal of its columns. node:sqlite
 * builds an object row by setting its properties one by one, and those
 * rows were then slow to read as well: for 800 events of 12 columns,
 * reading them as objects took 2.5 ms, as arrays made into objects here
 * 1.2 ms. Columns are named as node:sqlite names them (a repeated name:
 * its first place, its last value, as before; `__proto__` an own property).
 */
function rowMaker(columns: Array<string>): RowMaker {
	// A computed key for __proto__, which as a plain key would set the object's prototype instead.
	const fields = columns.map((name, i) => `${name === '__proto__' ? `[${JSON.stringify(name)}]` : JSON.stringify(name)}: values[${i}]`)
	// oxlint-disable-next-line no-new-func -- made from the statement's own column names, quoted as JSON strings
	return new Function('values', `return { ${fields.join(', ')} }`) as RowMaker
}

function* rowsOf(rows: Iterable<Array<unknown>>, rowOf: RowMaker) {
	for (const values of rows) yield rowOf(values)
}

/**
 * Opens a SQLite file through `node:sqlite` in the shape Kysely's own
 * SqliteDialect expects, so Kysely's compiler and introspector still apply.
 */
export function openSqlite(file: string): SqliteDatabase & { raw: DatabaseSync } {
	try {
		fs.mkdirSync(path.dirname(file), { recursive: true })
		fs.accessSync(path.dirname(file), fs.constants.W_OK)
	} catch (error) {
		throw new ConfigError(
			`The data directory is not writable (${path.dirname(file)}): ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
		)
	}
	let raw: DatabaseSync
	try {
		raw = new DatabaseSync(file, { timeout: SQLITE_BUSY_TIMEOUT_MS, enableForeignKeyConstraints: true })
		raw.exec('PRAGMA journal_mode = WAL')
		raw.exec('PRAGMA synchronous = FULL')
		raw.exec('PRAGMA foreign_keys = ON')
	} catch (error) {
		throw new ConfigError(`Cannot open the SQLite database ${file}: ${(error as Error).message}`)
	}
	const cache = new Map<string, { stmt: StatementSync; reader: boolean; rowOf: RowMaker }>()
	function prepare(sql: string) {
		// Deferred transactions can dead-lock when two processes upgrade to a write
		// lock at once; taking the write lock up front lets busy_timeout queue them.
		const text = sql === 'begin' ? 'begin immediate' : sql
		let entry = cache.get(text)
		if (!entry) {
			const stmt = raw.prepare(text)
			const columns = stmt.columns().map((column) => column.name)
			if (columns.length > 0) stmt.setReturnArrays(true)
			entry = { stmt, reader: columns.length > 0, rowOf: rowMaker(columns) }
			if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string)
			cache.set(text, entry)
		}
		return entry
	}
	return {
		raw,
		close: () => {
			cache.clear()
			if (raw.isOpen) raw.close()
		},
		prepare(sql) {
			const { stmt, reader, rowOf } = prepare(sql)
			return {
				reader,
				all: (parameters) => {
					const rows = stmt.all(...parameters.map(toSqliteParam)) as Array<unknown>
					return reader ? (rows as Array<Array<unknown>>).map(rowOf) : rows
				},
				run: (parameters) => {
					const result = stmt.run(...parameters.map(toSqliteParam))
					return { changes: result.changes, lastInsertRowid: result.lastInsertRowid }
				},
				iterate: (parameters) => rowsOf(stmt.iterate(...parameters.map(toSqliteParam)) as Iterable<Array<unknown>>, rowOf),
			}
		},
	}
}

const PG_TIMESTAMPTZ = 1184
const PG_TIMESTAMP = 1114
const PG_INT8 = 20
const PG_DATE = 1082

/**
 * The PostgreSQL driver, loaded when the first query needs a connection:
 * a site on SQLite never loads it (about 1.4 MB of JavaScript heap).
 */
let pgModule: Promise<typeof pg> | undefined
const loadPg = () => (pgModule ??= import('pg').then((loaded) => loaded.default))

function createPgPool(pg: typeof import('pg').default, url: string) {
	const pool = new pg.Pool({
		connectionString: url,
		max: 10,
		connectionTimeoutMillis: 5000,
		idleTimeoutMillis: 30_000,
		types: {
			getTypeParser(oid: number, format?: 'text' | 'binary') {
				if (oid === PG_TIMESTAMPTZ || oid === PG_TIMESTAMP) {
					return (value: string) => new Date(oid === PG_TIMESTAMP ? `${value}Z` : value).toISOString()
				}
				if (oid === PG_INT8) return (value: string) => Number(value)
				if (oid === PG_DATE) return (value: string) => value
				return pg.types.getTypeParser(oid, format)
			},
		} as pg.CustomTypesConfig,
	})
	// An idle client losing its connection must not crash the process.
	pool.on('error', () => {})
	return pool
}

export type DatabaseHandle = {
	db: DB
	dialect: Dialect
	describe: string
	/**
	 * The instance better-auth uses. On PostgreSQL it is a second small pool
	 * with pg's own type parsing, because better-auth expects Date objects
	 * where the app's pool gives ISO strings. On SQLite it is `db`.
	 */
	authDb(): DB
	/** Closes every connection this handle opened. */
	close(): Promise<void>
}

/** Creates a Kysely instance for a database configuration without connecting yet. */
export function createDatabase(config: DatabaseConfig): DatabaseHandle {
	if (config.dialect === 'sqlite') {
		let opened: ReturnType<typeof openSqlite> | undefined
		const db = new Kysely<Database>({
			dialect: new SqliteDialect({
				database: async () => {
					opened ??= openSqlite(config.file)
					return opened
				},
			}),
			plugins: [new InlineLimitPlugin()],
		})
		return { db, dialect: 'sqlite', describe: `SQLite ${config.file}`, authDb: () => db, close: () => db.destroy() }
	}
	// Kysely asks for the pool when it first connects.
	const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: async () => createPgPool(await loadPg(), config.url) }) })
	const url = new URL(config.url)
	let authDb: DB | undefined
	return {
		db,
		dialect: 'postgres',
		describe: `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`,
		authDb() {
			if (!authDb) {
				const authPool = async () => {
					const pool = new (await loadPg()).Pool({
						connectionString: config.url,
						max: 4,
						connectionTimeoutMillis: 5000,
						idleTimeoutMillis: 30_000,
					})
					pool.on('error', () => {})
					return pool
				}
				authDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: authPool }) })
			}
			return authDb
		},
		async close() {
			await Promise.all([db.destroy(), authDb?.destroy()])
		},
	}
}

const globalForDb = globalThis as typeof globalThis & { siteDatabase?: DatabaseHandle }

/** The process-wide database, from `DATABASE_URL`. */
export function getDatabase(): DatabaseHandle {
	globalForDb.siteDatabase ??= createDatabase(getEnv().database)
	return globalForDb.siteDatabase
}

/** Makes a database the process database (tests and scripts that open several). */
export function installDatabase(handle: DatabaseHandle) {
	globalForDb.siteDatabase = handle
}

export const db: DB = new Proxy({} as DB, {
	get(_target, property) {
		const real = getDatabase().db
		const value = Reflect.get(real, property, real) as unknown
		return typeof value === 'function' ? (value as (...args: Array<unknown>) => unknown).bind(real) : value
	},
})

export function getDialect(): Dialect {
	return getDatabase().dialect
}

export async function closeDatabase() {
	const handle = globalForDb.siteDatabase
	globalForDb.siteDatabase = undefined
	await handle?.close()
}
