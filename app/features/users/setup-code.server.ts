import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { db } from '#app/lib/db.server.ts'
import type { LockoutRule } from '#app/lib/rate-limit.server.ts'
import { createAccount, hasAnyAdmin, type NewAccount } from './users.server.ts'

/**
 * The one-time setup of a site without an admin (/kurulum). Whoever reaches
 * a fresh site first must not be able to claim it: the first admin can only
 * be created with a random code that the start-up writes where only the
 * deployer sees it (the start log and a file in DATA_DIR). The database keeps
 * only the code's hash, so every instance accepts the same code; the first
 * admin deletes the hash and the file, and the page is gone for good.
 */
export const SETUP_PATH = '/kurulum'
export const SETUP_CODE_FILE = 'kurulum-kodu.txt'
const SETUP_META_KEY = 'setup:code'

/** Capital letters and digits without the ones people mix up (0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const CODE_GROUPS = 4
const CODE_GROUP_LENGTH = 4

/**
 * A start that finds a code it cannot read (its file is missing or stale)
 * keeps it when it is this young: another instance just made it and printed
 * it. An older one is replaced, so a restart always prints a usable code.
 */
const KEEP_FOREIGN_CODE_MS = 10 * 60 * 1000

/** Wrong setup codes from one client address; the code has about 79 bits, this only keeps guessing slow and visible. */
export const SETUP_LOCKOUT: LockoutRule = {
	threshold: 5,
	firstLockMs: 60_000,
	maxLockMs: 30 * 60_000,
	forgetAfterMs: 24 * 60 * 60_000,
}

export const setupAttemptKey = (ip: string) => `setup:ip:${ip || 'unknown'}`

/** 16 characters from 31 (about 79 bits) in groups of four: ABCD-EFGH-JKMN-PQRS. */
export function generateSetupCode() {
	const groups = Array.from({ length: CODE_GROUPS }, () =>
		Array.from({ length: CODE_GROUP_LENGTH }, () => CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)]).join(''),
	)
	return groups.join('-')
}

/** What a person typed, as the code it means: case, spaces and dashes do not matter. */
export function normaliseSetupCode(input: string) {
	return input.toUpperCase().replace(/[\s\-_.]+/g, '')
}

function digest(code: string) {
	return crypto
		.createHash('sha256')
		.update(`setup-code|${normaliseSetupCode(code)}`)
		.digest()
}

type StoredCode = { hash: string; createdAt: string }

async function readStoredCode(): Promise<{ raw: string; code: StoredCode } | null> {
	const row = await db.selectFrom('app_meta').select('value').where('key', '=', SETUP_META_KEY).executeTakeFirst()
	if (!row) return null
	try {
		const code = JSON.parse(row.value) as Partial<StoredCode>
		if (typeof code.hash !== 'string' || typeof code.createdAt !== 'string') return null
		return { raw: row.value, code: { hash: code.hash, createdAt: code.createdAt } }
	} catch {
		return null
	}
}

/** Compared in constant time: both sides are SHA-256 digests of the same length. */
function matches(input: string, stored: StoredCode) {
	const expected = Buffer.from(stored.hash, 'hex')
	const given = digest(input)
	return expected.length === given.length && crypto.timingSafeEqual(expected, given)
}

export function setupCodeFile(dataDir: string) {
	return path.join(dataDir, SETUP_CODE_FILE)
}

function readCodeFile(dataDir: string) {
	try {
		return fs.readFileSync(setupCodeFile(dataDir), 'utf8').split('\n')[0]?.trim() || null
	} catch {
		return null
	}
}

/** Readable by the owner only; replaced, never appended to. */
function writeCodeFile(dataDir: string, code: string) {
	const file = setupCodeFile(dataDir)
	fs.rmSync(file, { force: true })
	const text = [
		code,
		'',
		`Kurulum kodu: ilk yöneticiyi oluşturmak için sitenin ${SETUP_PATH} sayfasında bu kodu girin.`,
		'Kod bir kez kullanılır; ilk yönetici oluşturulunca bu dosya silinir.',
		'',
	].join('\n')
	fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' })
	fs.chmodSync(file, 0o600)
}

export type SetupState =
	| { state: 'closed' }
	/**
	 * `code` is null when another start made the code moments ago and this one
	 * cannot read it (that start's log and DATA_DIR have it); a start after
	 * `renewsAt` makes a new one.
	 */
	| { state: 'open'; code: string; file: string; fresh: boolean }
	| { state: 'open'; code: null; file: string; renewsAt: Date }

/**
 * At start: with an admin, removes any code left over; without one, makes
 * sure a setup code exists and returns it for the start log (the same code
 * again while its file is there, so a restart does not invalidate what the
 * deployer already copied).
 */
export async function prepareSetupCode(dataDir: string, now = Date.now()): Promise<SetupState> {
	if (await hasAnyAdmin()) {
		await retireSetupCode(dataDir)
		return { state: 'closed' }
	}
	const file = setupCodeFile(dataDir)
	const stored = await readStoredCode()
	const fromFile = readCodeFile(dataDir)
	if (stored && fromFile && matches(fromFile, stored.code)) return { state: 'open', code: fromFile, file, fresh: false }
	const renewsAt = stored ? Date.parse(stored.code.createdAt) + KEEP_FOREIGN_CODE_MS : 0
	if (stored && now < renewsAt) return { state: 'open', code: null, file, renewsAt: new Date(renewsAt) }
	const code = generateSetupCode()
	const value = JSON.stringify({ hash: digest(code).toString('hex'), createdAt: new Date(now).toISOString() } satisfies StoredCode)
	await db
		.insertInto('app_meta')
		.values({ key: SETUP_META_KEY, value })
		.onConflict((oc) => oc.column('key').doUpdateSet({ value }))
		.execute()
	writeCodeFile(dataDir, code)
	return { state: 'open', code, file, fresh: true }
}

/** Forgets the setup code: its hash in the database and this instance's file. */
export async function retireSetupCode(dataDir: string) {
	await db.deleteFrom('app_meta').where('key', '=', SETUP_META_KEY).execute()
	fs.rmSync(setupCodeFile(dataDir), { force: true })
}

/** Whether /kurulum may be used: no admin yet. */
export async function isSetupOpen() {
	return !(await hasAnyAdmin())
}

/** Whether a setup code is waiting to be used (none after the first admin, or before a start made one). */
export async function hasSetupCode() {
	return (await readStoredCode()) !== null
}

/** Whether `input` is the current setup code. */
export async function checkSetupCode(input: string) {
	const stored = await readStoredCode()
	return stored !== null && matches(input, stored.code)
}

export type SetupOutcome = { ok: true; id: string; email: string } | { ok: false; reason: 'code' | 'claimed' }

/**
 * Creates the first admin with the setup code. The code is claimed by
 * deleting its row in one statement, so of two simultaneous submissions only
 * one creates an admin; the other is told the setup is done. Should the
 * account not be made after all, the code is put back.
 */
export async function completeSetup(code: string, account: NewAccount, dataDir: string): Promise<SetupOutcome> {
	const stored = await readStoredCode()
	if (!stored || !matches(code, stored.code)) return { ok: false, reason: 'code' }
	const claimed = await db.deleteFrom('app_meta').where('key', '=', SETUP_META_KEY).where('value', '=', stored.raw).executeTakeFirst()
	if (Number(claimed.numDeletedRows) !== 1) return { ok: false, reason: 'claimed' }
	let created: { id: string; email: string } | null = null
	try {
		if (!(await hasAnyAdmin())) created = await createAccount({ ...account, isAdmin: true })
	} catch (error) {
		await db
			.insertInto('app_meta')
			.values({ key: SETUP_META_KEY, value: stored.raw })
			.onConflict((oc) => oc.column('key').doNothing())
			.execute()
		throw error
	}
	fs.rmSync(setupCodeFile(dataDir), { force: true })
	return created ? { ok: true, ...created } : { ok: false, reason: 'claimed' }
}
