/**
 * `npm run backup -- --out FILE`: a consistent backup of the database and
 * the media while the site keeps running (see README "Backups").
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createBackup } from '#app/lib/backup.server.ts'
import { closeDatabase, getDatabase } from '#app/lib/db.server.ts'
import { getEnv, loadEnvFileIfPresent } from '#app/lib/env.server.ts'
import { initStorage } from '#app/lib/storage.server.ts'

const { values } = parseArgs({ options: { out: { type: 'string' } } })
try {
	loadEnvFileIfPresent()
	const env = getEnv()
	const out = path.resolve(values.out ?? `site-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.ndjson.gz`)
	const storage = await initStorage(env)
	const started = performance.now()
	const summary = await createBackup(
		{ handle: getDatabase(), sqliteFile: env.database.dialect === 'sqlite' ? env.database.file : undefined },
		storage,
		out,
	)
	console.log(
		`Backup written to ${out}: ${summary.tables} tables, ${summary.rows} rows, ${summary.files} files (${(summary.bytes / 1048576).toFixed(1)} MB of media) in ${Math.round(performance.now() - started)} ms.`,
	)
} catch (error) {
	console.error(`error: ${(error as Error).message}`)
	process.exitCode = 1
} finally {
	await closeDatabase()
}
