import { spawn } from 'node:child_process'
import path from 'node:path'
import { sql } from 'kysely'
import { collectDeletedMedia } from '#app/features/admin/media.server.ts'
import { purgeExpiredTrash } from '#app/features/admin/trash.server.ts'
import { startBulletinTextPass, stopBulletinTextPass } from '#app/features/bulletins/bulletin-text.server.ts'
import { requestShareCards, startShareCardJobs, stopShareCardJobs } from '#app/features/share-cards/share-cards.jobs.server.ts'
import { pruneAuditLog } from '#app/features/audit/audit-log.server.ts'
import { pruneContactLimits, pruneContactMessages } from '#app/features/contact/contact.server.ts'
import { prepareSetupCode, SETUP_PATH, type SetupState } from '#app/features/users/setup-code.server.ts'
import { ensureDemoAdmin } from '#app/features/users/users.server.ts'
import { appRoot } from '#app/lib/app-root.server.ts'
import { closeDatabase, getDatabase } from '#app/lib/db.server.ts'
import { ConfigError, getEnv, type Env } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { migrateToLatest, pendingMigrations } from '#app/lib/migrate.server.ts'
import { getStorage, initStorage } from '#app/lib/storage.server.ts'
import { needsDemoSeed, seedBase } from '#app/features/site/seed/index.ts'

export type PrepareOptions = {
	/** Migrate and seed (the primary process); workers only connect. */
	migrate?: boolean
	seedDemo?: boolean
}

/** A start-up failure the operator can act on: printed as one line. */
export class StartupError extends Error {
	override name = 'StartupError'
}

function describeConnectionError(error: unknown) {
	const e = error as { code?: string; message?: string }
	return e.code ? `${e.code}${e.message && !e.message.includes(e.code) ? ` (${e.message})` : ''}` : (e.message ?? String(error))
}

/**
 * Everything the server needs before it accepts a request: a reachable
 * database at the latest schema, writable storage, base content (settings
 * and the static pages, demo or not), (when asked) the demo content, and on
 * a site without an admin the one-time setup code for /kurulum.
 */
export async function prepareApp({ migrate = true, seedDemo: withDemo = false }: PrepareOptions = {}) {
	const env = getEnv()
	const { db, describe } = getDatabase()
	try {
		await sql`select 1`.execute(db)
	} catch (error) {
		if (error instanceof ConfigError) throw error
		throw new StartupError(`Cannot reach the database (${describe}): ${describeConnectionError(error)}`)
	}
	try {
		await initStorage(env)
	} catch (error) {
		throw new StartupError(`Media storage is not usable (${env.STORAGE}): ${describeConnectionError(error)}`)
	}
	if (!migrate) return
	await oneInstanceAtATime(async () => {
		const results = await migrateToLatest(db)
		for (const result of results ?? []) logger.info({ migration: result.migrationName, status: result.status }, 'migration')
		await seedBase(db)
		if (withDemo && (await needsDemoSeed(db))) {
			const started = performance.now()
			await seedDemoInChildProcess()
			logger.info({ ms: Math.round(performance.now() - started) }, 'demo content seeded')
		}
		if (withDemo) {
			const created = await ensureDemoAdmin()
			if (created) printDemoAdmin(created)
		}
		const setup = await prepareSetupCode(env.dataDir)
		if (setup.state === 'open') printSetupCode(setup, env)
	})
}

/** Any fixed number: the PostgreSQL advisory lock instances take while they prepare the database. */
const STARTUP_LOCK_ID = 1987_0120

/**
 * Instances that start together on one PostgreSQL database take turns to
 * migrate and seed (the search index rebuild, the base pages, the demo
 * content), so the second finds the first one's work done instead of racing
 * it into duplicate keys. On SQLite only the primary process prepares.
 */
async function oneInstanceAtATime(run: () => Promise<void>) {
	const { db, dialect } = getDatabase()
	if (dialect !== 'postgres') return run()
	await db.connection().execute(async (connection) => {
		await sql`select pg_advisory_lock(${STARTUP_LOCK_ID})`.execute(connection)
		try {
			await run()
		} finally {
			await sql`select pg_advisory_unlock(${STARTUP_LOCK_ID})`.execute(connection)
		}
	})
}

function printBox(lines: Array<string>) {
	const width = Math.max(...lines.map((l) => l.length))
	const rule = `+${'-'.repeat(width + 2)}+`
	process.stdout.write(`${[rule, ...lines.map((l) => `| ${l.padEnd(width)} |`), rule].join('\n')}\n`)
}

/** Shown once, on the console of the first start: never a fixed default password. */
function printDemoAdmin({ email, password }: { email: string; password: string }) {
	printBox([
		'Demo admin account created (this password is shown only once):',
		`  e-mail:   ${email}`,
		`  password: ${password}`,
		'Sign in at /giris. Change it with: npm run admin -- set-password --email <e-mail> --password <new>',
	])
}

/** The site's own address as the deployer reaches it: PUBLIC_URL, else what the server listens on. */
function siteAddress(env: Env) {
	if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '')
	const host = env.HOST && env.HOST !== '0.0.0.0' ? env.HOST : 'localhost'
	return `http://${host}:${env.PORT}`
}

/** On every start of a site without an admin: where to create the first one, and with which code. */
function printSetupCode(setup: Extract<SetupState, { state: 'open' }>, env: Env) {
	const url = `${siteAddress(env)}${SETUP_PATH}`
	const heading = 'No admin account yet. Create the first one in the browser (İlk kurulum):'
	const shell = 'From a shell instead: npm run admin -- create --email E --password P --name "Ad Soyad"'
	if (setup.code === null) {
		printBox([
			heading,
			`  address: ${url}`,
			'Another start made the setup code less than 10 minutes ago: it is in that start log and its kurulum-kodu.txt.',
			`A start after ${setup.renewsAt.toISOString().slice(11, 16)} UTC makes a new code.`,
			shell,
		])
		return
	}
	printBox([
		heading,
		`  address:                   ${url}`,
		`  setup code (kurulum kodu): ${setup.code}`,
		`The code is also in ${setup.file} and works once.`,
		shell,
	])
}

/**
 * The demo seed draws images and PDFs (sharp, pdfkit, mupdf): done in a
 * child process so the memory it takes goes back to the system instead of
 * staying with the server for its whole life.
 */
function seedDemoInChildProcess() {
	return new Promise<void>((resolve, reject) => {
		const child = spawn(process.execPath, [path.join(appRoot(), 'scripts', 'db.ts'), 'seed', '--quiet'], {
			cwd: appRoot(),
			env: process.env,
			stdio: ['ignore', 'inherit', 'inherit'],
		})
		child.on('error', reject)
		child.on('exit', (code) => (code === 0 ? resolve() : reject(new StartupError(`Seeding the demo content failed (exit code ${code}).`))))
	})
}

let mediaCollector: ReturnType<typeof setInterval> | undefined
const MEDIA_COLLECTION_INTERVAL_MS = 60 * 60 * 1000

/**
 * Deletes replaced media once its grace period has passed, and audit log
 * entries and contact messages past their retention, reads the text of
 * bulletin PDFs not yet searchable and draws missing share cards, at start
 * and every hour in the background (share cards also after each content
 * write).
 */
export function startBackgroundJobs() {
	if (mediaCollector) return
	// Share cards the site does not have yet (an upgraded site, the demo content): drawn by a child process, readiness does not wait.
	startShareCardJobs()
	const run = () =>
		Promise.all([
			// Bulletins uploaded before their text was searched (an older site, the demo) or whose reading was put off.
			startBulletinTextPass(),
			// Çöp kutusu: items deleted TRASH_DAYS ago go for good; their media then waits for the collection.
			purgeExpiredTrash().then(
				(purged) => (purged > 0 ? logger.info({ purged }, 'purged expired trash items') : undefined),
				(error: unknown) => logger.warn({ err: error }, 'trash purge failed'),
			),
			collectDeletedMedia().then(
				(removed) => (removed > 0 ? logger.info({ removed }, 'deleted replaced media files') : undefined),
				(error: unknown) => logger.warn({ err: error }, 'media collection failed'),
			),
			// The audit log keeps entries for AUDIT_RETENTION_DAYS (the KVKK notice says so).
			pruneAuditLog(getEnv().AUDIT_RETENTION_DAYS).then(
				(removed) => (removed > 0 ? logger.info({ removed }, 'pruned old audit log entries') : undefined),
				(error: unknown) => logger.warn({ err: error }, 'audit log pruning failed'),
			),
			// Contact form messages are kept for CONTACT_RETENTION_DAYS (the KVKK notice says so), the sending limits' digests for two hours at most.
			pruneContactMessages(getEnv().CONTACT_RETENTION_DAYS).then(
				(removed) => (removed > 0 ? logger.info({ removed }, 'pruned old contact messages') : undefined),
				(error: unknown) => logger.warn({ err: error }, 'contact message pruning failed'),
			),
			pruneContactLimits().catch((error: unknown) => logger.warn({ err: error }, 'contact limit pruning failed')),
		])
	mediaCollector = setInterval(() => {
		requestShareCards()
		void run()
	}, MEDIA_COLLECTION_INTERVAL_MS)
	mediaCollector.unref()
	void run()
}

export async function shutdownApp() {
	if (mediaCollector) clearInterval(mediaCollector)
	mediaCollector = undefined
	stopShareCardJobs()
	await stopBulletinTextPass()
	await closeDatabase()
}

/** For /readyz: the database answers, the schema is current, storage takes writes. */
export async function checkReadiness(): Promise<{ ok: boolean; checks: Record<string, string> }> {
	const checks: Record<string, string> = {}
	const { db } = getDatabase()
	try {
		await sql`select 1`.execute(db)
		checks.database = 'ok'
		const pending = await pendingMigrations(db)
		checks.migrations = pending.length === 0 ? 'ok' : `pending: ${pending.join(', ')}`
	} catch (error) {
		checks.database = `error: ${describeConnectionError(error)}`
	}
	try {
		await getStorage().check()
		checks.storage = 'ok'
	} catch (error) {
		checks.storage = `error: ${describeConnectionError(error)}`
	}
	return { ok: Object.values(checks).every((v) => v === 'ok'), checks }
}
