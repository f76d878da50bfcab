/**
 * `npm run backup -- --out FILE`: a consistent backup of the database and
 * the media while the site keeps running (see README "Backups"). Encrypted
 * when a passphrase is given through BACKUP_PASSPHRASE or
 * `--passphrase-file FILE`.
 *
 * `npm run backup -- verify FILE`: checks a backup without restoring it
 * (passphrase, every block, structure, every checksum); exits 1 with one
 * `error:` line on any problem.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { BackupError, createBackup, readPassphrase, verifyBackup } from '#app/lib/backup.server.ts'
import { closeDatabase, getDatabase } from '#app/lib/db.server.ts'
import { getEnv, loadEnvFileIfPresent } from '#app/lib/env.server.ts'
import { initStorage } from '#app/lib/storage.server.ts'
import { refusePassphraseArgument } from './lib/passphrase-argument.ts'

const USAGE = `usage: npm run backup -- [--out FILE] [--passphrase-file FILE]
       npm run backup -- verify FILE [--passphrase-file FILE]
The passphrase comes from --passphrase-file or BACKUP_PASSPHRASE, never from the command line.`

refusePassphraseArgument()

let parsed: ReturnType<typeof parse>
function parse() {
	return parseArgs({ allowPositionals: true, options: { out: { type: 'string' }, 'passphrase-file': { type: 'string' } } })
}
try {
	parsed = parse()
} catch (error) {
	console.error(`error: ${(error as Error).message}\n${USAGE}`)
	process.exit(2)
}
const { values, positionals } = parsed
const [command, file, ...extra] = positionals
if ((command !== undefined && command !== 'verify') || (command === 'verify' && (!file || values.out)) || extra.length > 0) {
	console.error(USAGE)
	process.exit(2)
}

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`

try {
	loadEnvFileIfPresent()
	const { passphrase, warning } = await readPassphrase({ file: values['passphrase-file'] })
	if (warning) console.error(`warning: ${warning}`)
	if (command === 'verify') {
		const target = path.resolve(file as string)
		const report = await verifyBackup(target, { passphrase })
		if (report.legacy)
			console.error(
				'warning: an old-format backup (before 2026-12): no block checks, and it may hold session tokens and the auth secret. Restoring it leaves those out; keep the file as safe as a password, or replace it with a new backup.',
			)
		if (report.notRestored.length > 0) console.error(`warning: tables a restore leaves out: ${report.notRestored.join(', ')}`)
		if (report.unknownMigrations.length > 0)
			console.error(
				`warning: written by a newer version of the site (migrations ${report.unknownMigrations.join(', ')}); update before restoring.`,
			)
		if (report.unclassifiedAtSource.length > 0)
			console.error(`warning: tables of the source that this backup does not hold: ${report.unclassifiedAtSource.join(', ')}`)
		console.log(
			`OK: ${target} is a complete backup (${report.encrypted ? 'encrypted' : 'not encrypted'}, ${report.dialect}, made ${report.createdAt}): ${report.tables} tables, ${report.rows} rows, ${report.files} files (${mb(report.bytes)} of media); every checksum matches.`,
		)
	} else {
		const env = getEnv()
		const out = path.resolve(values.out ?? `site-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.bak`)
		const storage = await initStorage(env)
		const started = performance.now()
		const summary = await createBackup(
			{ handle: getDatabase(), sqliteFile: env.database.dialect === 'sqlite' ? env.database.file : undefined },
			storage,
			out,
			{ passphrase },
		)
		if (summary.leftOut.unknown.length > 0)
			console.error(
				`warning: tables left out because nobody has classified them yet: ${summary.leftOut.unknown.join(', ')} (see TABLE_POLICY in app/lib/backup.server.ts).`,
			)
		console.log(
			`Backup written to ${out} (${summary.encrypted ? 'encrypted' : 'NOT encrypted'}, mode 0600): ${summary.tables} tables, ${summary.rows} rows, ${summary.files} files (${mb(summary.bytes)} of media) in ${Math.round(performance.now() - started)} ms. Left out: ${summary.leftOut.excluded.join(', ') || 'nothing'}.`,
		)
		if (summary.withheld.length > 0)
			console.log(
				`Two-factor secrets and recovery codes (${summary.withheld.join(', ')}) travel only in an encrypted backup: this one holds none, so after restoring it every account signs in with its password alone and sets two-factor sign-in up again. Give a passphrase (BACKUP_PASSPHRASE or --passphrase-file) to keep them.`,
			)
	}
} catch (error) {
	console.error(`error: ${(error as Error).message}`)
	if (!(error instanceof BackupError)) console.error((error as Error).stack)
	process.exitCode = 1
} finally {
	await closeDatabase()
}
