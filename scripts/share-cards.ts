/**
 * Draws the share cards (og:image of announcements, events and alumni news)
 * that are missing or outdated, and takes drafts' cards away:
 *   node scripts/share-cards.ts          what the server does in the background after each save
 *   node scripts/share-cards.ts --all    every card again (after changing the card's design)
 * The database and media are the ones `DATABASE_URL` / `DATA_DIR` / `STORAGE` point at, as for the server.
 * Exits with 75 when another process is drawing right now (try again in a minute).
 */
import { parseArgs } from 'node:util'
import { drawShareCards, SHARE_CARDS_BUSY_EXIT } from '#app/features/share-cards/share-cards.server.ts'
import { closeDatabase, getDatabase } from '#app/lib/db.server.ts'
import { ConfigError, loadEnvFileIfPresent } from '#app/lib/env.server.ts'
import { pendingMigrations } from '#app/lib/migrate.server.ts'
import { initStorage } from '#app/lib/storage.server.ts'

const { values } = parseArgs({
	options: {
		all: { type: 'boolean', default: false },
		quiet: { type: 'boolean', default: false },
	},
})
const say = (line: string) => {
	if (!values.quiet) console.log(line)
}

try {
	loadEnvFileIfPresent()
	if ((await pendingMigrations(getDatabase().db)).length > 0) {
		throw new ConfigError('The database needs its migrations first: npm run db:migrate (or start the server once).')
	}
	await initStorage()
	const started = performance.now()
	const run = await drawShareCards({ all: values.all })
	if (run.busy) {
		say('Another process is drawing share cards right now; try again in a minute.')
		process.exitCode = SHARE_CARDS_BUSY_EXIT
	} else {
		say(
			`Share cards: ${run.drawn} drawn, ${run.removed} removed from drafts, ${run.failed} failed (${Math.round(performance.now() - started)} ms).`,
		)
		if (run.failed > 0) process.exitCode = 1
	}
} catch (error) {
	console.error(`error: ${(error as Error).message}`)
	process.exitCode = 1
} finally {
	await closeDatabase()
}
