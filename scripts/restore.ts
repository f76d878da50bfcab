/**
 * `npm run restore -- FILE [--passphrase-file FILE]`: restores a backup into
 * an EMPTY database and media store (the ones DATABASE_URL / DATA_DIR /
 * STORAGE point at), all or nothing. An encrypted backup needs its
 * passphrase: --passphrase-file FILE or BACKUP_PASSPHRASE.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { BackupError, readPassphrase, restoreBackup } from '#app/lib/backup.server.ts'
import { closeDatabase, getDatabase } from '#app/lib/db.server.ts'
import { getEnv, loadEnvFileIfPresent } from '#app/lib/env.server.ts'
import { initStorage } from '#app/lib/storage.server.ts'
import { refusePassphraseArgument } from './lib/passphrase-argument.ts'

const USAGE = 'usage: npm run restore -- FILE [--passphrase-file FILE]   (or BACKUP_PASSPHRASE in the environment)'

refusePassphraseArgument()

let parsed: ReturnType<typeof parse>
function parse() {
	return parseArgs({ allowPositionals: true, options: { 'passphrase-file': { type: 'string' } } })
}
try {
	parsed = parse()
} catch (error) {
	console.error(`error: ${(error as Error).message}\n${USAGE}`)
	process.exit(2)
}
const file = parsed.positionals[0]
if (!file || parsed.positionals.length > 1) {
	console.error(USAGE)
	process.exit(2)
}
try {
	loadEnvFileIfPresent()
	const env = getEnv()
	const { passphrase, warning } = await readPassphrase({ file: parsed.values['passphrase-file'] })
	if (warning) console.error(`warning: ${warning}`)
	const storage = await initStorage(env)
	const started = performance.now()
	const summary = await restoreBackup(
		path.resolve(file),
		{ handle: getDatabase(), storage },
		// Local media are staged beside them, on the same disk.
		{ passphrase, stagingDir: env.STORAGE === 'local' ? env.dataDir : undefined },
	)
	if (summary.skipped.length > 0) console.error(`note: not restored (never restored from a backup): ${summary.skipped.join(', ')}`)
	console.log(
		`Restored ${summary.tables} tables, ${summary.rows} rows and ${summary.files} files in ${Math.round(performance.now() - started)} ms.`,
	)
} catch (error) {
	console.error(`error: ${(error as Error).message}`)
	if (!(error instanceof BackupError)) console.error((error as Error).stack)
	process.exitCode = 1
} finally {
	await closeDatabase()
}
