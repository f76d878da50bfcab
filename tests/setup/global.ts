import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { createDatabase } from '#app/lib/db.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'

declare module 'vitest' {
	export interface ProvidedContext {
		/** A migrated PostgreSQL database that test databases are created from (CREATE DATABASE … TEMPLATE), or '' without PostgreSQL. */
		postgresTemplate: string
		/** This run's folder for temporary directories (tests/setup/db.ts makeTempDir), removed when the run ends. */
		tempRoot: string
	}
}

/**
 * Once per run: a folder for the run's temporary directories, removed at the
 * end (Vitest stops its test processes without running their exit handlers,
 * so each run used to leave about 25 MB of data directories and SQLite
 * templates behind), and, with a PostgreSQL server named, a database
 * migrated to the latest schema, for tests/setup/db.ts to copy; dropped at
 * the end.
 */
export default async function setup(project: TestProject) {
	const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'site-vitest-'))
	project.provide('tempRoot', tempRoot)
	const removeTempRoot = () => fs.rmSync(tempRoot, { recursive: true, force: true })
	const adminUrl = process.env.TEST_POSTGRES_URL
	if (!adminUrl) {
		project.provide('postgresTemplate', '')
		return removeTempRoot
	}
	const name = `site_template_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
	const run = async (query: string) => {
		const client = new pg.Client({ connectionString: adminUrl })
		await client.connect()
		try {
			await client.query(query)
		} finally {
			await client.end()
		}
	}
	await run(`create database "${name}"`)
	const url = new URL(adminUrl)
	url.pathname = `/${name}`
	const handle = createDatabase({ dialect: 'postgres', url: url.toString() })
	try {
		await migrateToLatest(handle.db)
	} finally {
		// A template must have no open connections when a database is created from it.
		await handle.close()
	}
	// Copies of a freshly written template are several times slower until its pages are flushed (needs superuser; optional).
	await run('checkpoint').catch(() => {})
	project.provide('postgresTemplate', name)
	return async () => {
		removeTempRoot()
		await run(`drop database if exists "${name}" with (force)`)
	}
}
