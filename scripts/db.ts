/**
 * Database chores for the operator:
 *   npm run db:migrate   apply pending migrations
 *   npm run db:seed      add base content and, on an empty database, the demo content
 *   npm run db:reset     delete the SQLite database and media (asks for --yes), then migrate and seed
 *   node scripts/db.ts bulletin-text [--failed | --all]
 *                        read the text of bulletin PDFs for the search now (what the server does in the
 *                        background); --failed also those marked unreadable, --all every bulletin again
 * The database is the one `DATABASE_URL` / `DATA_DIR` point at, as for the server.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { closeDatabase, getDatabase } from '#app/lib/db.server.ts'
import { ConfigError, getEnv, loadEnvFileIfPresent } from '#app/lib/env.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { initStorage } from '#app/lib/storage.server.ts'
import { seedDemo } from '#app/features/site/seed/demo.ts'
import { seedBase } from '#app/features/site/seed/index.ts'
import { indexBulletinTexts, requeueBulletinTexts } from '#app/features/bulletins/bulletin-text.server.ts'

const { positionals, values } = parseArgs({
	allowPositionals: true,
	options: {
		yes: { type: 'boolean', default: false },
		'no-demo': { type: 'boolean', default: false },
		quiet: { type: 'boolean', default: false },
		failed: { type: 'boolean', default: false },
		all: { type: 'boolean', default: false },
	},
})
const command = positionals[0]
const say = (line: string) => {
	if (!values.quiet) console.log(line)
}

async function migrate() {
	const results = await migrateToLatest(getDatabase().db)
	for (const r of results ?? []) say(`${r.status === 'Success' ? 'applied' : r.status}: ${r.migrationName}`)
	if (!results?.length) say('The schema is up to date.')
}

async function seed() {
	await initStorage()
	await seedBase(getDatabase().db)
	say('Base content (settings, pages) is in place.')
	if (values['no-demo']) return
	const started = performance.now()
	const result = await seedDemo(getDatabase().db)
	console.log(
		result.seeded ? `Demo content added in ${Math.round(performance.now() - started)} ms.` : `Demo content skipped: ${result.reason}.`,
	)
}

try {
	loadEnvFileIfPresent()
	const env = getEnv()
	switch (command) {
		case 'migrate': {
			await migrate()
			break
		}
		case 'seed': {
			await migrate()
			await seed()
			break
		}
		case 'reset': {
			if (env.database.dialect !== 'sqlite') {
				throw new ConfigError('db:reset only resets the embedded SQLite database; drop and recreate a PostgreSQL database yourself.')
			}
			if (!values.yes) {
				throw new ConfigError(
					`This deletes ${env.database.file} and ${path.join(env.dataDir, 'media')}. Run again with --yes: npm run db:reset -- --yes`,
				)
			}
			for (const file of [env.database.file, `${env.database.file}-wal`, `${env.database.file}-shm`]) fs.rmSync(file, { force: true })
			fs.rmSync(path.join(env.dataDir, 'media'), { recursive: true, force: true })
			await migrate()
			await seed()
			break
		}
		case 'bulletin-text': {
			await migrate()
			await initStorage()
			const which = values.all ? 'all' : values.failed ? 'failed' : null
			if (which) say(`${await requeueBulletinTexts(getDatabase().db, which)} bulletins queued to be read again.`)
			const started = performance.now()
			const result = await indexBulletinTexts()
			console.log(
				`Bulletin texts: ${result.indexed} read, ${result.failed} unreadable, ${result.retrying} to try again later (${Math.round(performance.now() - started)} ms).`,
			)
			break
		}
		default: {
			console.error('usage: node scripts/db.ts <migrate|seed|reset|bulletin-text> [--yes] [--no-demo] [--failed|--all]')
			process.exitCode = 2
		}
	}
} catch (error) {
	console.error(`error: ${(error as Error).message}`)
	process.exitCode = 1
} finally {
	await closeDatabase()
}
