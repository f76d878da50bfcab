import crypto from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { DatabaseSync } from 'node:sqlite'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import { sql, type Kysely } from 'kysely'
import { migrations } from '#db/migrations/index.ts'
import type { DatabaseHandle } from './db.server.ts'
import type { Database } from './db-types.ts'
import { toBool } from './db-utils.server.ts'
import { migrateToLatest } from './migrate.server.ts'
import { contentTypeForKey, type StorageDriver } from './storage.server.ts'

/**
 * Backups as one portable file: gzip-compressed JSON lines holding every
 * table (rows in primary-key order, with a checksum each) and every media
 * file (with its checksum). The same file restores into SQLite or
 * PostgreSQL. The database part is a consistent snapshot taken while the
 * site keeps serving: SQLite's `VACUUM INTO`, or a repeatable-read
 * transaction on PostgreSQL.
 */
export const BACKUP_FORMAT = 'nds-site-backup'
export const BACKUP_VERSION = 1
const ROWS_PER_LINE = 500

/** Tables in an order that satisfies foreign keys on restore (users before what points at them). */
export const BACKUP_TABLES = [
	'users',
	'accounts',
	'sessions',
	'verifications',
	'rate_limits',
	'app_meta',
	'settings',
	'pages',
	'announcements',
	'events',
	'calendar_entries',
	'bulletins',
	'alumni_news',
	'member_perks',
	'board_members',
	'awards',
	'literature_books',
	'search_documents',
	'pending_uploads',
	'pending_deletions',
] as const

export class BackupError extends Error {
	override name = 'BackupError'
}

type Line =
	| { type: 'header'; format: string; version: number; createdAt: string; dialect: string; migrations: Array<string> }
	| { type: 'table'; name: string; columns: Array<string>; booleans: Array<string>; rowCount: number; sha256: string }
	| { type: 'rows'; table: string; rows: Array<Array<unknown>> }
	| { type: 'file'; key: string; size: number; sha256: string; data: string }
	| { type: 'end'; tables: number; rows: number; files: number }

export type BackupSummary = { tables: number; rows: number; files: number; bytes: number; checksums: Record<string, string> }

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex')

async function existingTables(db: Kysely<Database>) {
	const tables = await db.introspection.getTables()
	return new Map(tables.map((t) => [t.name, t]))
}

/** Rows as arrays in column order, booleans as true/false whatever the dialect. */
async function readTable(db: Kysely<Database>, table: string, columns: Array<string>, booleans: Set<string>, key: string) {
	const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${sql.ref(key)}`.execute(db)
	return rows.rows.map((row) => columns.map((c) => (booleans.has(c) ? (row[c] === null ? null : toBool(row[c])) : normalise(row[c]))))
}

function normalise(value: unknown) {
	if (value instanceof Date) return value.toISOString()
	if (typeof value === 'bigint') return Number(value)
	return value ?? null
}

function primaryKeyOf(table: string, columns: Array<string>) {
	if (columns.includes('id')) return 'id'
	if (table === 'pages') return 'slug'
	return columns[0] as string
}

/** Canonical checksum of a table's rows, equal for equal content on either dialect. */
export function tableChecksum(columns: Array<string>, rows: Array<Array<unknown>>) {
	return sha256(JSON.stringify({ columns, rows }))
}

/**
 * A consistent copy of a live SQLite database: `VACUUM INTO` reads one WAL
 * snapshot in a single statement, so writers keep writing meanwhile and the
 * copy never restarts (the page-by-page backup API restarts on every write).
 */
async function snapshotSqlite(file: string) {
	const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'site-backup-'))
	const target = path.join(dir, 'snapshot.db')
	const source = new DatabaseSync(file, { readOnly: true, timeout: 5000 })
	try {
		source.prepare('VACUUM INTO ?').run(target)
	} finally {
		source.close()
	}
	return { target, cleanup: () => fsp.rm(dir, { recursive: true, force: true }) }
}

type Source = { handle: DatabaseHandle; sqliteFile?: string }

/**
 * Writes a backup of the database and the media to `outFile`. Returns the
 * per-table and per-file checksums it recorded.
 */
export async function createBackup(source: Source, storage: StorageDriver, outFile: string): Promise<BackupSummary> {
	const { handle } = source
	const summary: BackupSummary = { tables: 0, rows: 0, files: 0, bytes: 0, checksums: {} }
	const gzip = zlib.createGzip({ level: 6 })
	const out = fs.createWriteStream(`${outFile}.partial`)
	const done = pipeline(gzip, out)
	const write = (line: Line) =>
		new Promise<void>((resolve, reject) => {
			const ok = gzip.write(`${JSON.stringify(line)}\n`, (error) => (error ? reject(error) : undefined))
			if (ok) resolve()
			else gzip.once('drain', resolve)
		})

	let snapshot: { target: string; cleanup: () => Promise<void> } | undefined
	let reader: Kysely<Database>
	let closeReader = async () => {}
	if (handle.dialect === 'sqlite' && source.sqliteFile) {
		snapshot = await snapshotSqlite(source.sqliteFile)
		const { createDatabase } = await import('./db.server.ts')
		const snap = createDatabase({ dialect: 'sqlite', file: snapshot.target })
		reader = snap.db
		closeReader = () => snap.close()
	} else {
		reader = handle.db
	}

	try {
		const dump = async (db: Kysely<Database>) => {
			const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)
			await write({
				type: 'header',
				format: BACKUP_FORMAT,
				version: BACKUP_VERSION,
				createdAt: new Date().toISOString(),
				dialect: handle.dialect,
				migrations: applied.rows.map((r) => r.name),
			})
			const tables = await existingTables(db)
			for (const name of BACKUP_TABLES) {
				const meta = tables.get(name)
				if (!meta) continue
				const columns = meta.columns.map((c) => c.name)
				const booleans = meta.columns.filter((c) => /bool/i.test(c.dataType)).map((c) => c.name)
				const rows = await readTable(db, name, columns, new Set(booleans), primaryKeyOf(name, columns))
				const checksum = tableChecksum(columns, rows)
				summary.checksums[`table:${name}`] = checksum
				await write({ type: 'table', name, columns, booleans, rowCount: rows.length, sha256: checksum })
				for (let i = 0; i < rows.length; i += ROWS_PER_LINE)
					await write({ type: 'rows', table: name, rows: rows.slice(i, i + ROWS_PER_LINE) })
				summary.tables++
				summary.rows += rows.length
			}
		}
		if (handle.dialect === 'postgres') {
			await reader.transaction().execute(async (trx) => {
				await sql`set transaction isolation level repeatable read read only`.execute(trx)
				await dump(trx)
			})
		} else {
			await dump(reader)
		}

		// Media after the database: every file the snapshot refers to already
		// exists (uploads are stored before their row, replaced files are
		// deleted only after a grace period).
		for (const key of await storage.list()) {
			if (!contentTypeForKey(key)) continue
			const object = await storage.get(key)
			if (!object) continue
			const checksum = sha256(object.body)
			summary.checksums[`file:${key}`] = checksum
			await write({ type: 'file', key, size: object.size, sha256: checksum, data: object.body.toString('base64') })
			summary.files++
			summary.bytes += object.size
		}
		await write({ type: 'end', tables: summary.tables, rows: summary.rows, files: summary.files })
		gzip.end()
		await done
		await fsp.rename(`${outFile}.partial`, outFile)
		return summary
	} catch (error) {
		gzip.destroy()
		await fsp.rm(`${outFile}.partial`, { force: true })
		throw error
	} finally {
		await closeReader()
		await snapshot?.cleanup()
	}
}

async function assertEmptyTarget(db: Kysely<Database>, storage: StorageDriver) {
	const tables = await existingTables(db)
	for (const name of BACKUP_TABLES) {
		if (!tables.has(name) || name === 'app_meta' || name === 'settings' || name === 'pages') continue
		const row = await sql`select 1 from ${sql.table(name)} limit 1`.execute(db)
		if (row.rows.length > 0)
			throw new BackupError(`The target database is not empty (table ${name} has rows). Restore into an empty database.`)
	}
	if ((await storage.list()).length > 0)
		throw new BackupError('The target media store is not empty. Restore into an empty data directory or bucket.')
}

/**
 * Restores a backup into an empty database and media store: migrations
 * first, then the rows in foreign-key order, then the files, each checked
 * against its recorded checksum.
 */
export async function restoreBackup(file: string, target: { handle: DatabaseHandle; storage: StorageDriver }): Promise<BackupSummary> {
	const { db, dialect } = target.handle
	await migrateToLatest(db)
	await assertEmptyTarget(db, target.storage)
	const summary: BackupSummary = { tables: 0, rows: 0, files: 0, bytes: 0, checksums: {} }
	const known = new Set(Object.keys(migrations))
	const lines = readline.createInterface({ input: fs.createReadStream(file).pipe(zlib.createGunzip()), crlfDelay: Infinity })
	let header: Extract<Line, { type: 'header' }> | undefined
	let current: { name: string; columns: Array<string>; expected: string; rows: Array<Array<unknown>> } | undefined
	let ended = false

	const flushTable = async () => {
		if (!current) return
		const { name, columns, rows, expected } = current
		if (tableChecksum(columns, rows) !== expected) throw new BackupError(`Checksum mismatch in table ${name}: the backup is damaged.`)
		await db.transaction().execute(async (trx) => {
			// Base content may already be seeded into a new database: the backup's rows win.
			if (name === 'app_meta' || name === 'settings' || name === 'pages') await sql`delete from ${sql.table(name)}`.execute(trx)
			for (let i = 0; i < rows.length; i += 200) {
				const values = rows.slice(i, i + 200).map((row) => Object.fromEntries(columns.map((c, j) => [c, row[j]])))
				await trx
					.insertInto(name as keyof Database)
					.values(values as never)
					.execute()
			}
			if (dialect === 'postgres' && columns.includes('id') && rows.length > 0 && typeof rows[0]?.[columns.indexOf('id')] === 'number') {
				await sql`select setval(pg_get_serial_sequence(${name}, 'id'), (select max(id) from ${sql.table(name)}))`.execute(trx)
			}
		})
		summary.checksums[`table:${name}`] = expected
		summary.tables++
		summary.rows += rows.length
		current = undefined
	}

	for await (const text of lines) {
		if (!text.trim()) continue
		const line = JSON.parse(text) as Line
		switch (line.type) {
			case 'header': {
				if (line.format !== BACKUP_FORMAT || line.version > BACKUP_VERSION)
					throw new BackupError('This file is not a backup of this site (or comes from a newer version).')
				const unknown = line.migrations.filter((m) => !known.has(m))
				if (unknown.length > 0)
					throw new BackupError(
						`The backup comes from a newer version of the site (migrations ${unknown.join(', ')}); update the site first.`,
					)
				header = line
				break
			}
			case 'table': {
				await flushTable()
				current = { name: line.name, columns: line.columns, expected: line.sha256, rows: [] }
				break
			}
			case 'rows': {
				if (!current || current.name !== line.table) throw new BackupError('The backup is damaged (rows outside their table).')
				current.rows.push(...line.rows)
				break
			}
			case 'file': {
				await flushTable()
				const body = Buffer.from(line.data, 'base64')
				if (body.length !== line.size || sha256(body) !== line.sha256)
					throw new BackupError(`Checksum mismatch for ${line.key}: the backup is damaged.`)
				await target.storage.put(line.key, body, {
					contentType: contentTypeForKey(line.key) ?? 'application/octet-stream',
					overwrite: true,
				})
				summary.checksums[`file:${line.key}`] = line.sha256
				summary.files++
				summary.bytes += body.length
				break
			}
			case 'end': {
				await flushTable()
				if (line.tables !== summary.tables || line.files !== summary.files || line.rows !== summary.rows)
					throw new BackupError('The backup is incomplete.')
				ended = true
				break
			}
		}
	}
	if (!header) throw new BackupError('This file is not a backup of this site.')
	if (!ended) throw new BackupError('The backup is incomplete (it ends early).')
	return summary
}

/** The checksums of a live database and store, computed the way a backup records them. */
export async function checksumsOf(handle: DatabaseHandle, storage: StorageDriver): Promise<Record<string, string>> {
	const result: Record<string, string> = {}
	const tables = await existingTables(handle.db)
	for (const name of BACKUP_TABLES) {
		const meta = tables.get(name)
		if (!meta) continue
		const columns = meta.columns.map((c) => c.name)
		const booleans = new Set(meta.columns.filter((c) => /bool/i.test(c.dataType)).map((c) => c.name))
		result[`table:${name}`] = tableChecksum(columns, await readTable(handle.db, name, columns, booleans, primaryKeyOf(name, columns)))
	}
	for (const key of await storage.list()) {
		const object = await storage.get(key)
		if (object) result[`file:${key}`] = sha256(object.body)
	}
	return result
}
