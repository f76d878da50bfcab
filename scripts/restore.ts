/**
 * `npm run restore -- FILE`: restores a backup into an EMPTY database and
 * media store (the ones DATABASE_URL / DATA_DIR / STORAGE point at).
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { restoreBackup } from '#app/lib/backup.server.ts'
import { closeDatabase, getDatabase } from '#app/lib/db.server.ts'
import { getEnv, loadEnvFileIfPresent } from '#app/lib/env.server.ts'
import { initStorage } from '#app/lib/storage.server.ts'

const { positionals } = parseArgs({ allowPositionals: true })
const file = positionals[0]
if (!file) {
	console.error('usage: npm run restore -- FILE')
	process.exit(2)
}
try {
	loadEnvFileIfPresent()
	const storage = await initStorage(getEnv())
	const started = performance.now()
	const summary = await restoreBackup(path.resolve(file), { handle: getDatabase(), storage })
	console.log(
		`Restored ${summary.tables} tables, ${summary.rows} rows and ${summary.files} files in ${Math.round(performance.now() - started)} ms.`,
	)
} catch (error) {
	console.error(`error: ${(error as Error).message}`)
	process.exitCode = 1
} finally {
	await closeDatabase()
}
