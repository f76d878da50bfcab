import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { changeOwnPassword } from '#app/features/users/password-change.server.ts'
import {
	claimResetRequest,
	completePasswordReset,
	createResetLinkFor,
	hashResetToken,
	inspectResetToken,
	issueResetToken,
	processResetRequest,
	RESET_LIMITS,
	RESET_VALIDITY_MS,
} from '#app/features/users/password-reset.server.ts'
import { createAccount } from '#app/features/users/users.server.ts'
import { db } from '#app/lib/db.server.ts'
import { setMailUrlForTests } from '#app/lib/mail.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { loginKeys } from '#app/lib/rate-limit.server.ts'
import { checkPasswordMatches, insertSession } from '#tests/setup/accounts.ts'
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '#tests/setup/db.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/setup/smtp.ts'

/**
 * "Şifremi unuttum" and the password change, on the modules themselves with
 * a real database of each dialect and a real SMTP server: tokens are hashed,
 * single-use and expire after 30 minutes (time is injected, nobody sleeps),
 * refused input changes nothing, limits hold, sessions end.
 */
const OWNER = { email: 'sifre-sahibi@example.org', password: 'Eski-Kurul-Defteri-1971', fullName: 'Şifre Sahibi', isAdmin: true }
const OTHER = { email: 'baska-uye@example.org', password: 'Mavi-Kapili-Bahce-1983', fullName: 'Başka Üye', isAdmin: true }
const NEW_PASSWORD = 'Yeni-Sezon-Pikniği-Sarıyer-2027'
const CLIENT = { ip: '203.0.113.7', userAgent: 'vitest' }

const ROOT = path.resolve(import.meta.dirname, '..', '..')

let smtp: TestSmtpServer

beforeAll(async () => {
	smtp = await startSmtpServer()
	setMailUrlForTests(smtp.url)
})

afterAll(async () => {
	setMailUrlForTests(undefined)
	await smtp.close()
})

async function passwordHashOf(userId: string) {
	const row = await db.selectFrom('accounts').select('password').where('user_id', '=', userId).executeTakeFirstOrThrow()
	return row.password
}

describe.each(dialectsUnderTest())('password reset (%s)', (dialect) => {
	let tdb: TestDatabase
	let owner: { id: string; email: string }
	let other: { id: string; email: string }

	beforeEach(async () => {
		tdb = await createTestDatabase(dialect)
		await migrateToLatest(tdb.handle.db)
		owner = await createAccount(OWNER)
		other = await createAccount(OTHER)
	})

	afterEach(async () => {
		await tdb.cleanup()
	})

	test('the database keeps only the SHA-256 of a token, never the token itself', async () => {
		const token = await issueResetToken(owner.id, CLIENT.ip)
		const rows = await db.selectFrom('password_resets').selectAll().execute()
		expect(rows).toHaveLength(1)
		expect(rows[0]?.token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'))
		expect(JSON.stringify(rows)).not.toContain(token)
		expect(rows[0]?.requested_ip).toBe(CLIENT.ip)
	})

	test('a link works once: the second use is refused and changes nothing', async () => {
		const token = await issueResetToken(owner.id, CLIENT.ip)
		const first = await completePasswordReset({ token, password: NEW_PASSWORD, repeat: NEW_PASSWORD, ...CLIENT })
		expect(first).toEqual({ ok: true, email: OWNER.email })
		expect(await checkPasswordMatches(owner.id, NEW_PASSWORD)).toBe(true)
		const hashAfterFirst = await passwordHashOf(owner.id)

		const second = await completePasswordReset({
			token,
			password: 'Baska-Bir-Sifre-Denemesi-99',
			repeat: 'Baska-Bir-Sifre-Denemesi-99',
			...CLIENT,
		})
		expect(second).toEqual({ ok: false, tokenProblem: 'used' })
		expect(await passwordHashOf(owner.id)).toBe(hashAfterFirst)
		expect(await inspectResetToken(token)).toEqual({ status: 'used' })
	})

	test('a link expires 30 minutes after it was made', async () => {
		const issuedAt = Date.parse('2026-11-25T09:00:00Z')
		const token = await issueResetToken(owner.id, CLIENT.ip, issuedAt)
		expect((await inspectResetToken(token, issuedAt + RESET_VALIDITY_MS - 1000)).status).toBe('valid')
		expect(await inspectResetToken(token, issuedAt + RESET_VALIDITY_MS)).toEqual({ status: 'expired' })
		const before = await passwordHashOf(owner.id)
		const late = await completePasswordReset(
			{ token, password: NEW_PASSWORD, repeat: NEW_PASSWORD, ...CLIENT },
			issuedAt + RESET_VALIDITY_MS + 1,
		)
		expect(late).toEqual({ ok: false, tokenProblem: 'expired' })
		expect(await passwordHashOf(owner.id)).toBe(before)
		// Still unused: the expiry, not a use, refused it.
		const row = await db.selectFrom('password_resets').select('used_at').executeTakeFirstOrThrow()
		expect(row.used_at).toBeNull()
	})

	test('mismatched, weak and missing passwords and unknown tokens change nothing', async () => {
		const token = await issueResetToken(owner.id, CLIENT.ip)
		const before = await passwordHashOf(owner.id)
		const mismatch = await completePasswordReset({ token, password: NEW_PASSWORD, repeat: `${NEW_PASSWORD}x`, ...CLIENT })
		expect(mismatch).toMatchObject({ ok: false, fieldErrors: { repeat: expect.stringMatching(/aynısı değil/) } })
		const weak = await completePasswordReset({ token, password: 'sifre123456789', repeat: 'sifre123456789', ...CLIENT })
		expect(weak).toMatchObject({ ok: false, fieldErrors: { password: expect.stringMatching(/kolay tahmin/) } })
		const short = await completePasswordReset({ token, password: 'kisa', repeat: 'kisa', ...CLIENT })
		expect(short).toMatchObject({ ok: false, fieldErrors: { password: expect.stringMatching(/en az 12/) } })
		const empty = await completePasswordReset({ token, password: '', repeat: '', ...CLIENT })
		expect(empty).toMatchObject({ ok: false, fieldErrors: { password: expect.any(String), repeat: expect.any(String) } })
		const unknown = await completePasswordReset({ token: `${token}x`, password: NEW_PASSWORD, repeat: NEW_PASSWORD, ...CLIENT })
		expect(unknown).toEqual({ ok: false, tokenProblem: 'unknown' })
		expect(await passwordHashOf(owner.id)).toBe(before)
		expect((await inspectResetToken(token)).status).toBe('valid')
		expect(await db.selectFrom('audit_log').select('action').where('action', '=', 'password-reset').execute()).toEqual([])
	})

	test("a reset ends every session of the account, voids its other links, lifts its sign-in lock and is audited; others' are untouched", async () => {
		const older = await issueResetToken(owner.id, CLIENT.ip)
		const token = await issueResetToken(owner.id, CLIENT.ip)
		const otherToken = await issueResetToken(other.id, CLIENT.ip)
		await insertSession(owner.id)
		await insertSession(owner.id)
		await insertSession(other.id)
		await db
			.insertInto('login_failures')
			.values({ key: loginKeys.account(OWNER.email), failures: 9, last_failure: Date.now(), locked_until: Date.now() + 600_000 })
			.execute()

		expect(await completePasswordReset({ token, password: NEW_PASSWORD, repeat: NEW_PASSWORD, ...CLIENT })).toMatchObject({ ok: true })

		expect(await db.selectFrom('sessions').select('user_id').where('user_id', '=', owner.id).execute()).toEqual([])
		expect(await db.selectFrom('sessions').select('user_id').where('user_id', '=', other.id).execute()).toHaveLength(1)
		expect(await inspectResetToken(older)).toEqual({ status: 'used' })
		expect((await inspectResetToken(otherToken)).status).toBe('valid')
		expect(await db.selectFrom('login_failures').selectAll().execute()).toEqual([])
		const audit = await db.selectFrom('audit_log').selectAll().where('action', '=', 'password-reset').execute()
		expect(audit).toHaveLength(1)
		expect(audit[0]).toMatchObject({
			kind: 'account',
			item_kind: 'users',
			item_id: owner.id,
			item_title: OWNER.email,
			ip_address: CLIENT.ip,
		})
	})

	test('a request mails a working link to an existing account and audits it; an unknown or disabled address gets nothing', async () => {
		const origin = 'https://mezunlar.example.org'
		const since = Date.now()
		expect(await processResetRequest({ email: ' Sifre-Sahibi@Example.org ', ip: CLIENT.ip, userAgent: 'vitest', origin })).toBe('sent')
		const mail = await smtp.waitForMail(OWNER.email, (m) => m.receivedAt >= since)
		expect(mail.subject).toBe('Şifre yenileme bağlantınız')
		expect(mail.text).toContain('Merhaba Şifre Sahibi,')
		expect(mail.text).toContain('30 dakika')
		expect(mail.text).toContain('Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz')
		expect(mail.html).toContain('Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz')
		const link = mail.links.find((href) => href.startsWith(`${origin}/sifre-yenile?token=`))
		expect(link).toBeDefined()
		const token = new URL(link!).searchParams.get('token')!
		expect(mail.html).toContain(`href="${origin}/sifre-yenile?token=${token}"`)
		// The link's token is the one whose hash was stored: it works.
		expect(await inspectResetToken(token)).toMatchObject({ status: 'valid', email: OWNER.email })
		expect(await completePasswordReset({ token, password: NEW_PASSWORD, repeat: NEW_PASSWORD, ...CLIENT })).toMatchObject({ ok: true })
		expect(await checkPasswordMatches(owner.id, NEW_PASSWORD)).toBe(true)
		const requested = await db.selectFrom('audit_log').selectAll().where('action', '=', 'password-reset-requested').execute()
		expect(requested).toHaveLength(1)
		expect(requested[0]).toMatchObject({ kind: 'account', item_id: owner.id })

		const sentBefore = smtp.messages.length
		expect(await processResetRequest({ email: 'kimse-yok@example.org', ip: CLIENT.ip, userAgent: null, origin })).toBe('no-account')
		await db.updateTable('users').set({ disabled_at: new Date().toISOString() }).where('id', '=', other.id).execute()
		expect(await processResetRequest({ email: OTHER.email, ip: CLIENT.ip, userAgent: null, origin })).toBe('no-account')
		expect(await db.selectFrom('password_resets').select('user_id').where('user_id', '=', other.id).execute()).toEqual([])
		expect(smtp.messages.length).toBe(sentBefore)
		expect(await db.selectFrom('audit_log').select('action').where('action', '=', 'password-reset-requested').execute()).toHaveLength(1)
	})

	test('rate limits: three links per address an hour, ten requests per client address, then a pause', async () => {
		const origin = 'http://127.0.0.1'
		const now = Date.parse('2026-11-25T10:00:00Z')
		const outcomes = []
		for (let i = 0; i < 4; i++)
			outcomes.push(await processResetRequest({ email: OWNER.email, ip: CLIENT.ip, userAgent: null, origin }, now + i))
		expect(outcomes).toEqual(['sent', 'sent', 'sent', 'address-limited'])
		expect(await db.selectFrom('password_resets').select('id').execute()).toHaveLength(3)
		// An unknown address is limited alike (its counter is keyed by the address, not the account).
		const unknown = []
		for (let i = 0; i < 4; i++)
			unknown.push(await processResetRequest({ email: 'yok@example.org', ip: CLIENT.ip, userAgent: null, origin }, now + i))
		expect(unknown).toEqual(['no-account', 'no-account', 'no-account', 'address-limited'])
		// After the pause the address may ask again.
		expect(
			await processResetRequest(
				{ email: OWNER.email, ip: CLIENT.ip, userAgent: null, origin },
				now + RESET_LIMITS.address.firstLockMs + 10,
			),
		).toBe('sent')

		const claims = []
		for (let i = 0; i < RESET_LIMITS.ip.threshold + 1; i++) claims.push(await claimResetRequest('198.51.100.9', now + i))
		expect(claims.slice(0, RESET_LIMITS.ip.threshold).every((claim) => claim.allowed)).toBe(true)
		expect(claims.at(-1)).toMatchObject({ allowed: false, retryAfterSeconds: expect.any(Number) })
		// Another client address is not affected.
		expect((await claimResetRequest('198.51.100.10', now)).allowed).toBe(true)
	})

	test('the CLI link is a working single-use link; no link for an unknown account', async () => {
		const created = await createResetLinkFor(OWNER.email, 'https://mezunlar.example.org/')
		expect(created?.link).toMatch(/^https:\/\/mezunlar\.example\.org\/sifre-yenile\?token=[\w-]{43}$/)
		const token = new URL(created!.link).searchParams.get('token')!
		expect(hashResetToken(token)).toHaveLength(64)
		expect((await inspectResetToken(token)).status).toBe('valid')
		expect(await createResetLinkFor('kimse@example.org', 'https://mezunlar.example.org')).toBeNull()
	})

	test('npm run admin -- reset-link prints a working link (e-mail off) and refuses an unknown address', async () => {
		const run = (...args: Array<string>) =>
			spawnSync(process.execPath, ['scripts/admin.ts', ...args], {
				cwd: ROOT,
				env: {
					PATH: process.env.PATH ?? '',
					DATA_DIR: tdb.dataDir,
					DATABASE_URL: tdb.url,
					NODE_ENV: 'test',
					PUBLIC_URL: 'https://mezunlar.example.org',
				},
				encoding: 'utf8',
			})
		const printed = run('reset-link', OWNER.email)
		expect(printed.status).toBe(0)
		const link = /https:\/\/mezunlar\.example\.org\/sifre-yenile\?token=[\w-]+/.exec(printed.stdout)?.[0]
		expect(printed.stdout).toContain('valid 30 minutes')
		const state = await inspectResetToken(new URL(link!).searchParams.get('token'))
		expect(state).toMatchObject({ status: 'valid', email: OWNER.email })
		const unknown = run('reset-link', 'kimse@example.org')
		expect(unknown.status).toBe(1)
		expect(unknown.stderr).toBe('error: No active account with the e-mail kimse@example.org.\n')
	})

	test('changing the password needs the current one and ends the other sessions, not this one', async () => {
		const current = await insertSession(owner.id)
		const elsewhere = await insertSession(owner.id)
		const othersSession = await insertSession(other.id)
		const user = { id: owner.id, email: OWNER.email, fullName: OWNER.fullName }
		const before = await passwordHashOf(owner.id)

		const missing = await changeOwnPassword(user, { current: '', password: NEW_PASSWORD, repeat: NEW_PASSWORD, sessionToken: current })
		expect(missing).toMatchObject({ ok: false, fieldErrors: { current: expect.stringMatching(/Mevcut şifrenizi/) } })
		const wrong = await changeOwnPassword(user, {
			current: 'Yanlis-Sifre-Denemesi-55',
			password: NEW_PASSWORD,
			repeat: NEW_PASSWORD,
			sessionToken: current,
		})
		expect(wrong).toMatchObject({ ok: false, fieldErrors: { current: expect.stringMatching(/hatalı/) } })
		const mismatch = await changeOwnPassword(user, {
			current: OWNER.password,
			password: NEW_PASSWORD,
			repeat: 'baska',
			sessionToken: current,
		})
		expect(mismatch).toMatchObject({ ok: false, fieldErrors: { password_repeat: expect.stringMatching(/aynısı değil/) } })
		expect(await passwordHashOf(owner.id)).toBe(before)
		expect(await db.selectFrom('sessions').select('token').where('user_id', '=', owner.id).execute()).toHaveLength(2)

		const done = await changeOwnPassword(user, {
			current: OWNER.password,
			password: NEW_PASSWORD,
			repeat: NEW_PASSWORD,
			sessionToken: current,
		})
		expect(done).toEqual({ ok: true, endedSessions: 1 })
		expect(await checkPasswordMatches(owner.id, NEW_PASSWORD)).toBe(true)
		expect(await checkPasswordMatches(owner.id, OWNER.password)).toBe(false)
		const left = await db.selectFrom('sessions').select('token').execute()
		expect(left.map((row) => row.token).toSorted()).toEqual([current, othersSession].toSorted())
		expect(left.map((row) => row.token)).not.toContain(elsewhere)
		const audit = await db.selectFrom('audit_log').selectAll().where('action', '=', 'password-change').execute()
		expect(audit).toHaveLength(1)
		expect(audit[0]).toMatchObject({ kind: 'account', item_id: owner.id, item_title: OWNER.email })
	})

	test('wrong current passwords are limited like sign-ins', async () => {
		const user = { id: owner.id, email: OWNER.email, fullName: OWNER.fullName }
		const answers = []
		for (let i = 0; i < 6; i++) {
			answers.push(
				await changeOwnPassword(user, {
					current: `Yanlis-Sifre-${i}-Denemesi`,
					password: NEW_PASSWORD,
					repeat: NEW_PASSWORD,
					sessionToken: null,
				}),
			)
		}
		expect(answers.at(-1)).toMatchObject({ ok: false, status: 429 })
		// Even the right one waits now.
		const right = await changeOwnPassword(user, {
			current: OWNER.password,
			password: NEW_PASSWORD,
			repeat: NEW_PASSWORD,
			sessionToken: null,
		})
		expect(right).toMatchObject({ ok: false, status: 429 })
		expect(await checkPasswordMatches(owner.id, OWNER.password)).toBe(true)
	})
})
