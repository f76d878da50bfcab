import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { createDatabase, installDatabase, type DatabaseHandle, type Dialect } from '#app/lib/db.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import type { StorageDriver } from '#app/lib/storage-driver.server.ts'
import { createDiskStorage, setStorageForTests } from '#app/lib/storage.server.ts'

export type TestDatabase = {
	dialect: Dialect
	handle: DatabaseHandle
	/** The DATABASE_URL a child process would use for the same database. */
	url: string
	dataDir: string
	storage: StorageDriver
	cleanup(): Promise<void>
}

/** SQLite always; PostgreSQL too when TEST_POSTGRES_URL names a server to create databases on. */
export function dialectsUnderTest(): Array<Dialect> {
	return process.env.TEST_POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite']
}

/**
 * A new temporary directory: in a Vitest run inside the run's folder (tests/setup/global.ts), which is
 * removed when the run ends; elsewhere (the end-to-end journeys that start their own servers) in the
 * system's temporary folder, removed by whoever made it.
 */
export function makeTempDir(prefix = 'site-test-') {
	const root = process.env.VITEST ? inject('tempRoot') : ''
	return fs.mkdtempSync(path.join(root || os.tmpdir(), prefix))
}

let sqliteTemplate: Promise<string> | undefined

/** A migrated SQLite file, made once per test process; migrated test databases start as a copy of it. */
function migratedSqliteTemplate() {
	sqliteTemplate ??= (async () => {
		const file = path.join(makeTempDir('site-template-'), 'template.db')
		const handle = createDatabase({ dialect: 'sqlite', file })
		await migrateToLatest(handle.db)
		// Closing the only connection checkpoints the WAL into the file, so a copy of the file is the whole database.
		await handle.close()
		// Outside Vitest (the end-to-end journeys) nothing else removes it; in Vitest the run's folder goes too.
		process.once('exit', () => fs.rmSync(path.dirname(file), { recursive: true, force: true }))
		return file
	})()
	return sqliteTemplate
}

/**
 * A fresh database of the given dialect, installed as the process database
 * (with a disk media store in a temporary directory), removed again by
 * `cleanup()`. Empty by default; with `migrated` it starts at the latest
 * migration, copied from a template migrated once (a file per test process
 * for SQLite, a database per run for PostgreSQL, made by
 * tests/setup/global.ts), which is what every test that migrates first
 * wants, at a fraction of the cost of migrating each time.
 */
export async function createTestDatabase(dialect: Dialect, { migrated = false } = {}): Promise<TestDatabase> {
	const dataDir = makeTempDir()
	const storage = createDiskStorage(path.join(dataDir, 'media'))
	setStorageForTests(storage)
	if (dialect === 'sqlite') {
		const file = path.join(dataDir, 'site.db')
		if (migrated) fs.copyFileSync(await migratedSqliteTemplate(), file)
		const handle = createDatabase({ dialect: 'sqlite', file })
		installDatabase(handle)
		return {
			dialect,
			handle,
			url: `file:${file}`,
			dataDir,
			storage,
			async cleanup() {
				await handle.close()
				fs.rmSync(dataDir, { recursive: true, force: true })
			},
		}
	}
	const adminUrl = process.env.TEST_POSTGRES_URL
	if (!adminUrl) throw new Error('TEST_POSTGRES_URL is not set')
	const name = `site_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
	const admin = new pg.Client({ connectionString: adminUrl })
	await admin.connect()
	const template = migrated ? inject('postgresTemplate') : undefined
	await admin.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`)
	// A commit does not wait for the server's disk: an acknowledged write is lost only if PostgreSQL itself
	// crashes, which no test does (the crash tests kill the site's process); the site's own settings are untouched.
	await admin.query(`alter database "${name}" set synchronous_commit = off`)
	await admin.end()
	const url = new URL(adminUrl)
	url.pathname = `/${name}`
	const handle = createDatabase({ dialect: 'postgres', url: url.toString() })
	installDatabase(handle)
	return {
		dialect,
		handle,
		url: url.toString(),
		dataDir,
		storage,
		async cleanup() {
			await handle.close()
			const client = new pg.Client({ connectionString: adminUrl })
			await client.connect()
			await client.query(`drop database if exists "${name}" with (force)`)
			await client.end()
			fs.rmSync(dataDir, { recursive: true, force: true })
		},
	}
}
