/**
 * The server the end-to-end tests talk to: the production build on a fresh
 * temporary data directory with the demo content, on 127.0.0.1.
 */
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import module from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-'))
process.env.DATA_DIR = dataDir
process.env.NODE_ENV = 'production'
// One process: this file is the server, and a cluster worker would run it (and its seeding) again.
process.env.WEB_CONCURRENCY = '1'
process.env.SEED_DEMO = '1'
process.env.HOST = '127.0.0.1'
process.env.PORT = process.env.E2E_PORT ?? '3210'
process.env.LOG_LEVEL ??= 'warn'
// Drawing the demo's share cards took 34–42 s of CPU from the journeys, and no journey looks at a card
// (tests/integration/share-cards.test.ts draws and serves them); pages share the cover or the default image.
process.env.SHARE_CARDS = 'off'
// The journeys fill the contact form faster than a person could; its minimum fill time is tested over HTTP (tests/integration/contact-form.test.ts).
process.env.CONTACT_MIN_FILL_SECONDS = '0'
delete process.env.DATABASE_URL
if (process.env.E2E_DATABASE_URL) process.env.DATABASE_URL = process.env.E2E_DATABASE_URL
if (process.env.E2E_POSTGRES === '1') process.env.DATABASE_URL = await createThrowawayPostgres()

const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true })
process.on('exit', cleanup)

// A real SMTP server in this process: every message the site sends lands as a
// JSON file in the outbox (tests/e2e/mail.ts reads it).
const { startSmtpServer } = await import('../setup/smtp.ts')
const { outboxDir } = await import('./outbox.ts')
const outbox = outboxDir(process.env.PORT)
fs.rmSync(outbox, { recursive: true, force: true })
fs.mkdirSync(outbox, { recursive: true })
const smtp = await startSmtpServer()
smtp.onMail((mail) => {
	const file = path.join(outbox, `${mail.receivedAt}-${crypto.randomBytes(4).toString('hex')}.json`)
	fs.writeFileSync(`${file}.part`, JSON.stringify(mail, null, '\t'))
	fs.renameSync(`${file}.part`, file)
})
process.env.SMTP_URL = smtp.url
process.env.MAIL_FROM = '"NDS Mezunları Derneği" <no-reply@example.org>'

/**
 * A database of its own on the PostgreSQL server named by TEST_POSTGRES_URL,
 * dropped when the server exits, so the journeys also run on PostgreSQL.
 */
async function createThrowawayPostgres() {
	const adminUrl = process.env.TEST_POSTGRES_URL
	if (!adminUrl) throw new Error('E2E_POSTGRES=1 needs TEST_POSTGRES_URL')
	const { default: pg } = await import('pg')
	const name = `site_e2e_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
	const client = new pg.Client({ connectionString: adminUrl })
	await client.connect()
	await client.query(`create database "${name}"`)
	await client.end()
	process.on('exit', () => {
		spawnSync('psql', [adminUrl, '-qc', `drop database if exists "${name}" with (force)`], { stdio: 'ignore' })
	})
	const url = new URL(adminUrl)
	url.pathname = `/${name}`
	return url.toString()
}

// The journeys' accounts: a known admin, a signed-in user without the admin flag, an editor and each journey's own.
const { getDatabase, closeDatabase } = await import('../../app/lib/db.server.ts')
const { migrateToLatest } = await import('../../app/lib/migrate.server.ts')
const { createAccount } = await import('../../app/features/users/users.server.ts')
const { E2E_ACCOUNTS } = await import('./accounts.ts')
await migrateToLatest(getDatabase().db)
// Their passwords hashed at the test suite's cost, marked in the hash (app/lib/password-hash.server.ts): the journeys sign in
// about a hundred times, each a full-cost scrypt before. The server itself, in production mode, hashes every password it sets at full cost.
process.env.NODE_ENV = 'test'
for (const { role, ...account } of E2E_ACCOUNTS) {
	await createAccount(account)
	if (role) await getDatabase().db.updateTable('users').set({ role }).where('email', '=', account.email).execute()
}
process.env.NODE_ENV = 'production'
await closeDatabase()

// The demo's dates count from the day the server seeds it (tests/e2e/demo-schedule.ts): noted here, a moment before.
const { seededAtFile } = await import('./demo-schedule.ts')
fs.writeFileSync(seededAtFile(process.env.PORT), new Date().toISOString())

module.enableCompileCache(path.join(os.tmpdir(), 'node-compile-cache'))
// The server as built (build/node/server.js), which `npm start` runs.
const { serverEntry } = await import('../../scripts/lib/production-server.ts')
const { main } = (await import(pathToFileURL(serverEntry()).href)) as { main: () => Promise<void> }
await main()
