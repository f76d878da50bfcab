import crypto from 'node:crypto'
import { once } from 'node:events'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { pipeline as pipelineCallback, Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import { sql, type Kysely } from 'kysely'
import { z } from 'zod'
import { migrations } from '#db/migrations/index.ts'
import type { DatabaseHandle } from './db.server.ts'
import type { Database } from './db-types.ts'
import { toBool } from './db-utils.server.ts'
import { migrateToLatest } from './migrate.server.ts'
import { assertSafeKey, contentTypeForKey, type StorageDriver } from './storage-driver.server.ts'

/**
 * Backups as one portable file that restores into SQLite or PostgreSQL.
 *
 * What goes in is decided per table by TABLE_POLICY: content, media and the
 * user accounts with their password hashes, never what lets someone act as
 * a signed-in user (sessions, verification and reset tokens, the generated
 * auth secret). A table missing from the policy is left out, and a test
 * fails until someone classifies it.
 *
 * The file is a container of authenticated blocks (see ArchiveWriter): with
 * a passphrase each block is AES-256-GCM encrypted under a scrypt-derived
 * key, without one each carries a SHA-256 check. Inside is a gzip stream of
 * JSON lines (header, one `table` line with the table's checksum followed by
 * `rows` lines, one `file` line per media file followed by its raw bytes,
 * `end`). Lines are split on "\n" only and U+2028/U+2029 are escaped, so any
 * text the databases can hold survives. Lone UTF-16 surrogates never reach
 * a backup: both drivers store them as U+FFFD. NUL (U+0000) is kept by
 * SQLite but refused by PostgreSQL: such a backup restores into SQLite, and
 * into PostgreSQL fails with a clear message and changes nothing.
 *
 * The database part is a consistent snapshot taken while the site keeps
 * serving: SQLite's `VACUUM INTO`, or a repeatable-read transaction on
 * PostgreSQL. A restore checks the whole file first, then writes every row
 * in one transaction and moves the media in from a staging directory before
 * that transaction commits; a failure rolls the rows back and removes the
 * media moved so far (only a crash in that last step can leave media files
 * without rows, never rows without media).
 */
export const BACKUP_FORMAT = 'nds-site-backup'
/** Payload version: 1 = plain gzip file with base64 media (read for old backups), 2 = inside the block container. */
export const BACKUP_VERSION = 2
const ROWS_PER_LINE = 500
const INSERT_BATCH = 200

type Row = Record<string, unknown>

/** Whether a table goes into backups, and why. */
export type TablePolicy =
	| {
			backup: true
			reason: string
			/** Rows left out of the backup (and never restored). */
			keepRow?: (row: Row) => boolean
			/** Columns left out of the backup (restored as their default). */
			omitColumns?: ReadonlyArray<string>
			/** Seeded or derived: a new database may already hold rows, which the backup's replace. */
			replaceOnRestore?: boolean
			/** Secrets that travel only inside a passphrase-encrypted backup: a plain backup holds the table without rows. */
			onlyEncrypted?: boolean
	  }
	| { backup: false; reason: string }

/**
 * app_meta keys that are facts about content, not secrets: the content
 * version, the demo marker, the search index versions and the host name in
 * calendar UIDs (a restored site keeps its subscribers' events). Anything
 * else (the generated auth secret, the feeds' Last-Modified records) stays out.
 */
export function isBackedUpMetaKey(key: unknown) {
	return (
		typeof key === 'string' &&
		(key === 'content:version' || key === 'seed:demo' || key === 'calendar:uid-host' || /^search:[a-z_]+$/.test(key))
	)
}

/**
 * Every table of the schema, in an order that satisfies foreign keys on
 * restore (users before what points at them). A table that is not listed
 * is never backed up; the backup tests fail until it is classified here.
 */
export const TABLE_POLICY: Readonly<Record<string, TablePolicy>> = {
	users: { backup: true, reason: 'who may sign in; restored users sign in with their own passwords' },
	accounts: {
		backup: true,
		reason: 'password hashes of credential accounts; tokens from other providers stay out',
		keepRow: (row) => row.provider_id === 'credential',
		omitColumns: ['access_token', 'refresh_token', 'id_token'],
	},
	audit_log: { backup: true, reason: 'who changed what and when (Kayıtlar); pruned after the configured period' },
	sessions: { backup: false, reason: 'session tokens: whoever holds one is signed in' },
	password_resets: { backup: false, reason: 'reset tokens (hashed): whoever holds a link may set the password' },
	verifications: { backup: false, reason: 'e-mail verification and password-reset tokens' },
	invitations: { backup: false, reason: 'invitation tokens (hashed): whoever holds a link may create an account' },
	rate_limits: { backup: false, reason: 'short-lived login counters keyed by client address' },
	login_failures: { backup: false, reason: 'sign-in failure counters and locks, keyed by address, account and device cookie' },
	two_factor: {
		backup: true,
		reason: 'TOTP secrets: only in an encrypted backup; after restoring a plain one, accounts set two-factor sign-in up again',
		onlyEncrypted: true,
	},
	recovery_codes: {
		backup: true,
		reason: 'recovery code hashes: only in an encrypted backup, with the secrets they stand in for',
		onlyEncrypted: true,
	},
	trusted_devices: { backup: false, reason: 'remembered-browser tokens (hashed): whoever holds one skips the second step' },
	app_meta: {
		backup: true,
		reason: 'seed marker, content and search-index versions, the calendar UID host; never the generated auth secret',
		keepRow: (row) => isBackedUpMetaKey(row.key),
		replaceOnRestore: true,
	},
	settings: { backup: true, reason: 'content', replaceOnRestore: true },
	settings_revisions: { backup: true, reason: 'content: earlier values of the settings, to undo a change' },
	pages: { backup: true, reason: 'content', replaceOnRestore: true },
	page_revisions: { backup: true, reason: 'content: earlier versions of the pages, to restore from' },
	content_revisions: { backup: true, reason: 'content: earlier versions of every other content item, to go back to' },
	announcements: { backup: true, reason: 'content' },
	events: { backup: true, reason: 'content' },
	calendar_entries: { backup: true, reason: 'content' },
	bulletins: { backup: true, reason: 'content' },
	bulletin_texts: {
		backup: true,
		reason:
			'derived from the bulletin PDFs (which travel as media): restoring it spares reading every PDF again and keeps unreadable ones marked',
		replaceOnRestore: true,
	},
	bulletin_pages: {
		backup: true,
		reason:
			'the searchable text of the bulletin PDFs, derived from them: a few kilobytes a bulletin, restored with the search index it feeds',
		replaceOnRestore: true,
	},
	alumni_news: { backup: true, reason: 'content' },
	member_perks: { backup: true, reason: 'content' },
	board_members: { backup: true, reason: 'content' },
	awards: { backup: true, reason: 'content' },
	literature_books: { backup: true, reason: 'content' },
	literature_award_years: { backup: true, reason: 'content' },
	hero_slides: {
		backup: true,
		reason: 'content; seeded by its migration, so a new database already holds the default slides',
		replaceOnRestore: true,
	},
	search_documents: { backup: true, reason: 'derived from content; restoring it spares a rebuild', replaceOnRestore: true },
	pending_deletions: { backup: true, reason: 'media removals still due after their grace period' },
	trash: { backup: true, reason: 'content: deleted items, restorable for 30 days (Çöp kutusu)' },
	contact_messages: {
		backup: true,
		reason: 'messages from the contact form (Mesajlar): personal data, pruned after CONTACT_RETENTION_DAYS, also after a restore',
	},
}

const policyOf = (name: string): TablePolicy | undefined => (Object.hasOwn(TABLE_POLICY, name) ? TABLE_POLICY[name] : undefined)

/** Whether a table's rows go only into encrypted backups. */
function isOnlyEncrypted(name: string) {
	const policy = policyOf(name)
	return policy?.backup === true && policy.onlyEncrypted === true
}

/** Tables backups hold, in restore order. */
export const BACKUP_TABLES: ReadonlyArray<string> = Object.keys(TABLE_POLICY).filter((name) => policyOf(name)?.backup)

export type BackupErrorCode =
	| 'not-a-backup'
	| 'newer-version'
	| 'damaged'
	| 'truncated'
	| 'passphrase-required'
	| 'wrong-passphrase'
	| 'weak-passphrase'
	| 'not-empty'
	| 'restore-failed'
	| 'source-missing'
	| 'not-encrypted'

export class BackupError extends Error {
	override name = 'BackupError'
	readonly code: BackupErrorCode
	constructor(message: string, code: BackupErrorCode = 'damaged') {
		super(message)
		this.code = code
	}
}

export type BackupSummary = {
	tables: number
	rows: number
	files: number
	bytes: number
	/** Per table (`table:NAME`) and per media file (`file:KEY`). */
	checksums: Record<string, string>
	encrypted: boolean
	/** Tables of the source left out: `excluded` by policy, `unknown` because nobody classified them yet. */
	leftOut: { excluded: Array<string>; unknown: Array<string> }
	/** Tables written without their rows because the backup is not encrypted (two-factor secrets, recovery codes). */
	withheld: Array<string>
}

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex')

async function existingTables(db: Kysely<Database>) {
	const tables = await db.introspection.getTables()
	return new Map(tables.map((t) => [t.name, t]))
}

/** Tables in the database that TABLE_POLICY does not classify (never backed up). */
export async function findUnclassifiedTables(db: Kysely<Database>): Promise<Array<string>> {
	return [...(await existingTables(db)).keys()].filter((name) => !policyOf(name)).toSorted()
}

function normalise(value: unknown) {
	if (value instanceof Date) return value.toISOString()
	if (typeof value === 'bigint') return Number(value)
	return value ?? null
}

/** Ascending by key, in code-unit order on both dialects (PostgreSQL's `order by` follows its collation). */
function compareKeys(a: unknown, b: unknown) {
	if (typeof a === 'number' && typeof b === 'number') return a - b
	const left = String(a)
	const right = String(b)
	return left < right ? -1 : left > right ? 1 : 0
}

type TableDump = { columns: Array<string>; booleans: Array<string>; rows: Array<Array<unknown>> }

/** The rows of a table as the backup holds them: policy applied, booleans as true/false, sorted by primary key. */
async function readTable(
	db: Kysely<Database>,
	name: string,
	meta: { columns: ReadonlyArray<{ name: string; dataType: string }> },
	encrypted = true,
) {
	const policy = policyOf(name)
	if (!policy?.backup) throw new Error(`Table ${name} is not backed up.`)
	const withheld = policy.onlyEncrypted === true && !encrypted
	const omit = new Set(policy.omitColumns ?? [])
	const all = meta.columns.map((c) => c.name)
	const columns = all.filter((c) => !omit.has(c))
	const booleans = meta.columns.filter((c) => !omit.has(c.name) && /bool/i.test(c.dataType)).map((c) => c.name)
	const booleanSet = new Set(booleans)
	const key = all.includes('id') ? 'id' : (all[0] as string)
	const result = await sql<Row>`select * from ${sql.table(name)}`.execute(db)
	const rows = result.rows
		.filter((row) => !withheld && (policy.keepRow?.(row) ?? true))
		.toSorted((a, b) => compareKeys(a[key], b[key]))
		.map((row) => columns.map((c) => (booleanSet.has(c) ? (row[c] === null ? null : toBool(row[c])) : normalise(row[c]))))
	return { columns, booleans, rows } satisfies TableDump
}

/** Canonical checksum of a table's rows, equal for equal content on either dialect. */
export function tableChecksum(columns: Array<string>, rows: Array<Array<unknown>>) {
	return sha256(JSON.stringify({ columns, rows }))
}

/** The same checksum, fed one row at a time. */
function createTableHasher(columns: Array<string>) {
	const hash = crypto.createHash('sha256').update(`{"columns":${JSON.stringify(columns)},"rows":[`)
	let first = true
	return {
		add(row: Array<unknown>) {
			hash.update(first ? JSON.stringify(row) : `,${JSON.stringify(row)}`)
			first = false
		},
		digest: () => hash.update(']}').digest('hex'),
	}
}

// ---------------------------------------------------------------------------
// The block container
//
//   header  "NDSBKUP" · container version (1) · mode (0 plain, 1 scrypt+AES-256-GCM) · block size (u32)
//           encrypted only: kdf id (1 = scrypt) · log2 N · r · p · salt (16) · key check (HMAC-SHA256, 32)
//   blocks  length (u32; top bit set on the last block) · data · tag (16)
//
// Each tag covers the whole header, the block's index and whether it is the
// last: a changed, reordered, dropped or appended block fails, and a file
// cut at a block boundary lacks its last block. Encrypted: the tag is
// AES-GCM's under a key used for this file only (random salt), with the
// block index as nonce. Plain: the first 16 bytes of SHA-256, which catches
// damage but not a deliberate edit.
// ---------------------------------------------------------------------------

const MAGIC = Buffer.from('NDSBKUP', 'latin1')
const CONTAINER_VERSION = 1
const MODE_PLAIN = 0
const MODE_ENCRYPTED = 1
const KDF_SCRYPT = 1
const BASE_HEADER_BYTES = MAGIC.length + 1 + 1 + 4
const ENCRYPTED_HEADER_BYTES = BASE_HEADER_BYTES + 4 + 16 + 32
const TAG_BYTES = 16
const LAST_BLOCK = 0x80000000
const DEFAULT_BLOCK_BYTES = 1 << 16
const MAX_BLOCK_BYTES = 1 << 24
const MAX_LINE_BYTES = 256 * 1024 * 1024
const MAX_FILE_BYTES = 1024 * 1024 * 1024
export const MIN_PASSPHRASE_LENGTH = 12

/** scrypt cost: N = 2^log2N, memory 128·N·r bytes (128 MiB by default). */
export type KdfCost = { log2N: number; r: number; p: number }
export const DEFAULT_KDF: KdfCost = { log2N: 17, r: 8, p: 1 }
const MAX_KDF_MEMORY = 1024 * 1024 * 1024

function kdfMemory({ log2N, r }: KdfCost) {
	return 128 * 2 ** log2N * r
}

function checkKdfCost(cost: KdfCost) {
	const ok =
		Number.isInteger(cost.log2N) &&
		cost.log2N >= 10 &&
		cost.log2N <= 22 &&
		Number.isInteger(cost.r) &&
		cost.r >= 1 &&
		cost.r <= 32 &&
		Number.isInteger(cost.p) &&
		cost.p >= 1 &&
		cost.p <= 16 &&
		kdfMemory(cost) <= MAX_KDF_MEMORY
	return ok
}

/** Passphrases are compared as NFC text: the same words typed on another keyboard give the same key. */
function passphraseBytes(passphrase: string) {
	return Buffer.from(passphrase.normalize('NFC'), 'utf8')
}

function deriveKeys(passphrase: string, salt: Buffer, cost: KdfCost): Promise<{ key: Buffer; check: Buffer }> {
	return new Promise((resolve, reject) => {
		crypto.scrypt(
			passphraseBytes(passphrase),
			salt,
			64,
			{ N: 2 ** cost.log2N, r: cost.r, p: cost.p, maxmem: kdfMemory(cost) * 2 },
			(error, derived) => (error ? reject(error) : resolve({ key: derived.subarray(0, 32), check: derived.subarray(32) })),
		)
	})
}

type Sealer = {
	seal(index: number, last: boolean, data: Buffer): { body: Buffer; tag: Buffer }
	/** The block's data, or a BackupError when its tag does not match. */
	open(index: number, last: boolean, body: Buffer, tag: Buffer): Buffer
}

function blockContext(header: Buffer, index: number, last: boolean) {
	const suffix = Buffer.alloc(9)
	suffix.writeBigUInt64BE(BigInt(index))
	suffix[8] = last ? 1 : 0
	return Buffer.concat([header, suffix])
}

function blockDamaged(index: number) {
	return new BackupError(`The backup is damaged or was altered: block ${index + 1} fails its check.`, 'damaged')
}

function plainSealer(header: Buffer): Sealer {
	const tagOf = (index: number, last: boolean, data: Buffer) =>
		crypto
			.createHash('sha256')
			.update(blockContext(header, index, last))
			.update(data)
			.digest()
			.subarray(0, TAG_BYTES)
	return {
		seal: (index, last, data) => ({ body: data, tag: tagOf(index, last, data) }),
		open(index, last, body, tag) {
			if (!crypto.timingSafeEqual(tagOf(index, last, body), tag)) throw blockDamaged(index)
			return body
		},
	}
}

function encryptedSealer(header: Buffer, key: Buffer): Sealer {
	const nonce = (index: number) => {
		const iv = Buffer.alloc(12)
		iv.writeBigUInt64BE(BigInt(index), 4)
		return iv
	}
	return {
		seal(index, last, data) {
			const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce(index), { authTagLength: TAG_BYTES })
			cipher.setAAD(blockContext(header, index, last))
			const body = Buffer.concat([cipher.update(data), cipher.final()])
			return { body, tag: cipher.getAuthTag() }
		},
		open(index, last, body, tag) {
			const decipher = crypto.createDecipheriv('aes-256-gcm', key, nonce(index), { authTagLength: TAG_BYTES })
			decipher.setAAD(blockContext(header, index, last))
			decipher.setAuthTag(tag)
			try {
				return Buffer.concat([decipher.update(body), decipher.final()])
			} catch {
				throw blockDamaged(index)
			}
		},
	}
}

function baseHeader(mode: number, blockBytes: number) {
	const header = Buffer.alloc(BASE_HEADER_BYTES)
	MAGIC.copy(header)
	header[MAGIC.length] = CONTAINER_VERSION
	header[MAGIC.length + 1] = mode
	header.writeUInt32BE(blockBytes, MAGIC.length + 2)
	return header
}

async function createSealing(options: WriteOptions): Promise<{ header: Buffer; sealer: Sealer; blockBytes: number }> {
	const blockBytes = options.blockBytes ?? DEFAULT_BLOCK_BYTES
	if (!Number.isInteger(blockBytes) || blockBytes < 1 || blockBytes > MAX_BLOCK_BYTES) throw new RangeError('blockBytes out of range')
	if (options.passphrase === undefined) {
		const header = baseHeader(MODE_PLAIN, blockBytes)
		return { header, sealer: plainSealer(header), blockBytes }
	}
	if ([...options.passphrase.normalize('NFC')].length < MIN_PASSPHRASE_LENGTH)
		throw new BackupError(`The passphrase must be at least ${MIN_PASSPHRASE_LENGTH} characters long.`, 'weak-passphrase')
	const cost = options.kdf ?? DEFAULT_KDF
	if (!checkKdfCost(cost)) throw new RangeError('kdf cost out of range')
	const salt = crypto.randomBytes(16)
	const { key, check } = await deriveKeys(options.passphrase, salt, cost)
	const params = Buffer.from([KDF_SCRYPT, cost.log2N, cost.r, cost.p])
	const unsigned = Buffer.concat([baseHeader(MODE_ENCRYPTED, blockBytes), params, salt])
	const header = Buffer.concat([unsigned, crypto.createHmac('sha256', check).update(unsigned).digest()])
	return { header, sealer: encryptedSealer(header, key), blockBytes }
}

/** Cuts the stream into blocks and seals each; the last block (possibly empty) is marked. */
function createBlockSealer(sealer: Sealer, blockBytes: number) {
	let pending: Array<Buffer> = []
	let pendingBytes = 0
	let index = 0
	const frame = (data: Buffer, last: boolean) => {
		const { body, tag } = sealer.seal(index++, last, data)
		const length = Buffer.alloc(4)
		length.writeUInt32BE((last ? LAST_BLOCK : 0) + data.length)
		return Buffer.concat([length, body, tag])
	}
	return new Transform({
		transform(chunk: Buffer, _encoding, callback) {
			pending.push(chunk)
			pendingBytes += chunk.length
			if (pendingBytes > blockBytes) {
				let all = Buffer.concat(pending)
				const frames: Array<Buffer> = []
				while (all.length > blockBytes) {
					frames.push(frame(all.subarray(0, blockBytes), false))
					all = all.subarray(blockBytes)
				}
				pending = [all]
				pendingBytes = all.length
				this.push(Buffer.concat(frames))
			}
			callback()
		},
		flush(callback) {
			callback(null, frame(Buffer.concat(pending), true))
		},
	})
}

export type WriteOptions = {
	/** Encrypts the archive (AES-256-GCM under a scrypt-derived key). */
	passphrase?: string
	kdf?: KdfCost
	blockBytes?: number
}

/** Escapes U+2028/U+2029 too, so line-oriented tools never split a record. */
function encodeLine(value: unknown) {
	return `${JSON.stringify(value).replace(/[\u2028\u2029]/g, (c) => (c === '\u2028' ? '\\u2028' : '\\u2029'))}\n`
}

/**
 * Writes an archive: lines and raw bytes go through gzip into sealed blocks,
 * into `FILE.partial` (created 0600 before any byte is written), which is
 * flushed to disk and renamed to FILE by `finish()`.
 */
export class ArchiveWriter {
	#gzip: zlib.Gzip
	#done: Promise<void>
	#failure: unknown = null
	readonly file: string
	readonly partial: string

	private constructor(file: string, handle: fsp.FileHandle, sealing: Awaited<ReturnType<typeof createSealing>>) {
		this.file = file
		this.partial = `${file}.partial`
		this.#gzip = zlib.createGzip({ level: 6 })
		const out = handle.createWriteStream({ flush: true, highWaterMark: 1 << 20 })
		out.write(sealing.header)
		this.#done = pipeline(this.#gzip, createBlockSealer(sealing.sealer, sealing.blockBytes), out)
		this.#done.catch((error: unknown) => {
			this.#failure = error
		})
	}

	static async create(file: string, options: WriteOptions = {}) {
		const sealing = await createSealing(options)
		const partial = `${file}.partial`
		let handle: fsp.FileHandle
		try {
			handle = await fsp.open(partial, 'wx', 0o600)
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
			// Left over by an interrupted run (possibly with looser permissions): start afresh.
			await fsp.rm(partial, { force: true })
			handle = await fsp.open(partial, 'wx', 0o600)
		}
		try {
			// The mode given to open() is narrowed by the umask, never widened; set it exactly.
			await handle.chmod(0o600)
		} catch (error) {
			await handle.close()
			await fsp.rm(partial, { force: true })
			throw error
		}
		return new ArchiveWriter(file, handle, sealing)
	}

	async #write(data: string | Buffer) {
		if (this.#failure) throw this.#failure
		if (!this.#gzip.write(data)) await Promise.race([once(this.#gzip, 'drain'), this.#done])
		if (this.#failure) throw this.#failure
	}

	writeLine(value: unknown) {
		return this.#write(encodeLine(value))
	}

	writeBytes(data: Buffer) {
		return this.#write(data)
	}

	async finish() {
		this.#gzip.end()
		await this.#done
		await fsp.rename(this.partial, this.file)
	}

	async abort() {
		this.#gzip.destroy()
		await this.#done.catch(() => {})
		await fsp.rm(this.partial, { force: true })
	}
}

/** Pulls exact byte counts and lines out of a stream of buffers (each byte copied once, however long the read). */
class ByteReader {
	#iterator: AsyncIterator<Buffer>
	#chunks: Array<Buffer> = []
	#length = 0
	#ended = false

	constructor(source: AsyncIterable<Buffer>) {
		this.#iterator = source[Symbol.asyncIterator]()
	}

	async #more() {
		const next = await this.#iterator.next()
		if (next.done) this.#ended = true
		else if (next.value.length > 0) {
			this.#chunks.push(next.value)
			this.#length += next.value.length
		}
	}

	/** The first `n` buffered bytes, removed from the buffer. */
	#take(n: number) {
		if (n === 0) return Buffer.alloc(0)
		const all = this.#chunks.length === 1 ? (this.#chunks[0] as Buffer) : Buffer.concat(this.#chunks, this.#length)
		const taken = all.subarray(0, n)
		const rest = all.subarray(n)
		this.#chunks = rest.length > 0 ? [rest] : []
		this.#length = rest.length
		return taken
	}

	/** Up to `n` bytes; fewer only at the end of the stream. */
	async read(n: number) {
		while (this.#length < n && !this.#ended) await this.#more()
		return this.#take(Math.min(n, this.#length))
	}

	/** The next line without its "\n"; null at the end; throws on a line cut short or too long. */
	async readLine(max: number) {
		let offset = 0
		for (let i = 0; ; i++) {
			while (i >= this.#chunks.length) {
				if (this.#ended) {
					if (this.#length === 0) return null
					throw new BackupError('The backup is truncated (it ends inside a record).', 'truncated')
				}
				await this.#more()
			}
			const chunk = this.#chunks[i] as Buffer
			const at = chunk.indexOf(0x0a)
			if (at >= 0) {
				const line = this.#take(offset + at + 1)
				return line.subarray(0, line.length - 1)
			}
			offset += chunk.length
			if (offset > max) throw new BackupError('The backup is damaged (a record is too long).')
		}
	}

	async atEnd() {
		while (this.#length === 0 && !this.#ended) await this.#more()
		return this.#length === 0
	}

	async close() {
		await this.#iterator.return?.()
	}
}

export type ReadOptions = {
	/** Given, the archive must be encrypted with it: a plain archive is refused (anyone can write one). */
	passphrase?: string
	/** Keys derived earlier for the same file, so a second pass skips the KDF. */
	keyCache?: Map<string, Buffer>
}

type ArchiveInfo = { encrypted: boolean; legacy: boolean }

async function readHeader(file: string) {
	const handle = await fsp.open(file, 'r')
	try {
		const buffer = Buffer.alloc(ENCRYPTED_HEADER_BYTES)
		const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
		return buffer.subarray(0, bytesRead)
	} finally {
		await handle.close()
	}
}

/** Opens an archive: checks its header (and passphrase) and returns its verified plaintext stream. */
async function openBlocks(file: string, options: ReadOptions): Promise<{ info: ArchiveInfo; blocks: AsyncIterable<Buffer> }> {
	let start: Buffer
	try {
		start = await readHeader(file)
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code
		if (code === 'ENOENT') throw new BackupError(`No such file: ${file}`, 'not-a-backup')
		if (code === 'EISDIR') throw new BackupError(`${file} is a directory, not a backup.`, 'not-a-backup')
		throw error
	}
	const plainRefused = () =>
		new BackupError(
			'This backup is not encrypted, yet a passphrase was given: anyone could have written an unencrypted file. To check or restore it anyway, run without BACKUP_PASSPHRASE and --passphrase-file.',
			'not-encrypted',
		)
	if (start[0] === 0x1f && start[1] === 0x8b) {
		if (options.passphrase !== undefined) throw plainRefused()
		// Version 1: a plain gzip file, checked only by its own checksums.
		return { info: { encrypted: false, legacy: true }, blocks: fs.createReadStream(file, { highWaterMark: 1 << 20 }) }
	}
	if (start.length < BASE_HEADER_BYTES || !start.subarray(0, MAGIC.length).equals(MAGIC))
		throw new BackupError(`${path.basename(file)} is not a backup of this site.`, 'not-a-backup')
	if (start[MAGIC.length] !== CONTAINER_VERSION)
		throw new BackupError('This backup was written by a newer version of the site; update the site first.', 'newer-version')
	const mode = start[MAGIC.length + 1]
	const blockBytes = start.readUInt32BE(MAGIC.length + 2)
	if (blockBytes < 1 || blockBytes > MAX_BLOCK_BYTES) throw new BackupError('The backup is damaged (its header is unreadable).')

	let header: Buffer
	let sealer: Sealer
	if (mode === MODE_PLAIN) {
		if (options.passphrase !== undefined) throw plainRefused()
		header = start.subarray(0, BASE_HEADER_BYTES)
		sealer = plainSealer(header)
	} else if (mode === MODE_ENCRYPTED) {
		if (start.length < ENCRYPTED_HEADER_BYTES) throw new BackupError('The backup is truncated (its header is incomplete).', 'truncated')
		header = start.subarray(0, ENCRYPTED_HEADER_BYTES)
		const [kdf, log2N, r, p] = header.subarray(BASE_HEADER_BYTES, BASE_HEADER_BYTES + 4)
		const cost = { log2N: log2N ?? 0, r: r ?? 0, p: p ?? 0 }
		if (kdf !== KDF_SCRYPT || !checkKdfCost(cost)) throw new BackupError('The backup is damaged (its header is unreadable).')
		if (options.passphrase === undefined)
			throw new BackupError(
				'This backup is encrypted: give its passphrase (BACKUP_PASSPHRASE or --passphrase-file FILE).',
				'passphrase-required',
			)
		const unsigned = header.subarray(0, ENCRYPTED_HEADER_BYTES - 32)
		const cacheKey = `${unsigned.toString('hex')}:${sha256(passphraseBytes(options.passphrase))}`
		let key = options.keyCache?.get(cacheKey)
		if (!key) {
			const derived = await deriveKeys(options.passphrase, header.subarray(BASE_HEADER_BYTES + 4, BASE_HEADER_BYTES + 20), cost)
			const expected = crypto.createHmac('sha256', derived.check).update(unsigned).digest()
			if (!crypto.timingSafeEqual(expected, header.subarray(ENCRYPTED_HEADER_BYTES - 32)))
				throw new BackupError('Wrong passphrase for this backup (or its header is damaged).', 'wrong-passphrase')
			key = derived.key
			options.keyCache?.set(cacheKey, key)
		}
		sealer = encryptedSealer(header, key)
	} else {
		throw new BackupError('This backup was written by a newer version of the site; update the site first.', 'newer-version')
	}

	async function* blocks() {
		const reader = new ByteReader(fs.createReadStream(file, { start: header.length, highWaterMark: 1 << 20 }))
		const truncated = () => new BackupError('The backup is truncated (it ends before its last block).', 'truncated')
		try {
			for (let index = 0; ; index++) {
				const prefix = await reader.read(4)
				if (prefix.length < 4) throw truncated()
				const word = prefix.readUInt32BE(0)
				const last = word >= LAST_BLOCK
				const length = last ? word - LAST_BLOCK : word
				if (length > blockBytes) throw blockDamaged(index)
				const body = await reader.read(length)
				const tag = await reader.read(TAG_BYTES)
				if (body.length < length || tag.length < TAG_BYTES) throw truncated()
				yield sealer.open(index, last, body, tag)
				if (last) {
					if (!(await reader.atEnd())) throw new BackupError('The backup is damaged (there are bytes after its last block).')
					return
				}
			}
		} finally {
			await reader.close()
		}
	}
	return { info: { encrypted: mode === MODE_ENCRYPTED, legacy: false }, blocks: blocks() }
}

/** The decompressed payload of an archive, as a byte reader. */
async function openPayload(file: string, options: ReadOptions) {
	const { info, blocks } = await openBlocks(file, options)
	// The callback form hands back the last stream; a failure anywhere destroys it with that error.
	const inflated = pipelineCallback(Readable.from(blocks), zlib.createGunzip({ chunkSize: 1 << 16 }), () => {})
	return { info, reader: new ByteReader(inflated) }
}

const hex64 = z.string().regex(/^[0-9a-f]{64}$/)
const count = z.number().int().nonnegative()
const HeaderLine = z.object({
	type: z.literal('header'),
	format: z.string(),
	version: z.number().int(),
	createdAt: z.string(),
	dialect: z.string(),
	migrations: z.array(z.string()),
	excludedTables: z.array(z.string()).optional(),
	unknownTables: z.array(z.string()).optional(),
})
const TableLine = z.object({
	type: z.literal('table'),
	name: z.string().min(1),
	columns: z.array(z.string().min(1)).min(1),
	booleans: z.array(z.string()),
	rowCount: count,
	sha256: hex64,
})
const RowsLine = z.object({
	type: z.literal('rows'),
	table: z.string(),
	rows: z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))),
})
const FileLine = z.object({ type: z.literal('file'), key: z.string(), size: count, sha256: hex64, data: z.string().optional() })
const EndLine = z.object({ type: z.literal('end'), tables: count, rows: count, files: count })
const Line = z.discriminatedUnion('type', [HeaderLine, TableLine, RowsLine, FileLine, EndLine])
export type ArchiveLine = z.infer<typeof Line>
type TableLineValue = z.infer<typeof TableLine>

/** One record of an archive: a line, and for a media file its bytes. */
export type ArchiveRecord = { line: ArchiveLine; data?: Buffer }

function asBackupError(error: unknown): unknown {
	if (error instanceof BackupError) return error
	const code = (error as NodeJS.ErrnoException | undefined)?.code
	if (typeof code === 'string' && code.startsWith('Z_'))
		return new BackupError(`The backup is damaged (its compressed data is unreadable: ${(error as Error).message}).`)
	return error
}

async function openRecords(file: string, options: ReadOptions) {
	const { info, reader } = await openPayload(file, options)
	async function* records(): AsyncGenerator<ArchiveRecord> {
		try {
			for (;;) {
				const raw = await reader.readLine(MAX_LINE_BYTES)
				if (raw === null) return
				let parsed: unknown
				try {
					parsed = JSON.parse(raw.toString('utf8'))
				} catch {
					throw new BackupError('The backup is damaged (a record is unreadable).')
				}
				const line = Line.safeParse(parsed)
				if (!line.success) throw new BackupError(`The backup is damaged (an unexpected record: ${line.error.issues[0]?.message}).`)
				if (line.data.type !== 'file') {
					yield { line: line.data }
					continue
				}
				if (line.data.size > MAX_FILE_BYTES) throw new BackupError('The backup is damaged (a media file is impossibly large).')
				let data: Buffer
				if (info.legacy) data = Buffer.from(line.data.data ?? '', 'base64')
				else {
					if (line.data.data !== undefined) throw new BackupError('The backup is damaged (an unexpected record).')
					data = await reader.read(line.data.size)
					if (data.length < line.data.size) throw new BackupError('The backup is truncated (it ends inside a media file).', 'truncated')
				}
				yield { line: line.data, data }
			}
		} catch (error) {
			throw asBackupError(error)
		} finally {
			await reader.close()
		}
	}
	return { info, records: records() }
}

/**
 * Every record of an archive in order, blocks authenticated and decrypted,
 * but without the structure and checksum checks of verifyBackup. For tools
 * and tests that look inside an archive.
 */
export async function* readArchiveRecords(file: string, options: ReadOptions = {}): AsyncGenerator<ArchiveRecord> {
	const { records } = await openRecords(file, options)
	yield* records
}

/** Writes records as an archive (the inverse of readArchiveRecords). */
export async function writeArchiveRecords(
	file: string,
	records: Iterable<ArchiveRecord> | AsyncIterable<ArchiveRecord>,
	options: WriteOptions = {},
) {
	const writer = await ArchiveWriter.create(file, options)
	try {
		for await (const { line, data } of records) {
			await writer.writeLine(line)
			if (line.type === 'file' && data) await writer.writeBytes(data)
		}
		await writer.finish()
	} catch (error) {
		await writer.abort()
		throw error
	}
}

export type ArchiveReport = {
	encrypted: boolean
	/** Written by version 1 (plain gzip, no block checks, may hold sign-in data). */
	legacy: boolean
	createdAt: string
	dialect: string
	migrations: Array<string>
	/** Migrations this site does not know: the backup comes from a newer version. */
	unknownMigrations: Array<string>
	tables: number
	rows: number
	files: number
	bytes: number
	checksums: Record<string, string>
	/** Tables in the archive that a restore leaves out (sign-in data from old backups, tables this version does not know). */
	notRestored: Array<string>
	/** Tables the source had but the backup left out because nobody classified them. */
	unclassifiedAtSource: Array<string>
}

type ScanVisitor = {
	table?(line: TableLineValue): Promise<void>
	rows?(line: TableLineValue, rows: Array<Array<unknown>>): Promise<void>
	file?(key: string, data: Buffer): Promise<void>
	end?(): Promise<void>
}

/** Reads a whole archive, checking structure, counts and every checksum, and hands each part to the visitor. */
async function scanArchive(file: string, options: ReadOptions, visitor: ScanVisitor = {}): Promise<ArchiveReport> {
	const { info, records } = await openRecords(file, options)
	const next = async () => (await records.next()).value as ArchiveRecord | undefined
	try {
		const first = await next()
		if (first?.line.type !== 'header' || first.line.format !== BACKUP_FORMAT)
			throw new BackupError(`${path.basename(file)} is not a backup of this site.`, 'not-a-backup')
		const header = first.line
		if (header.version > BACKUP_VERSION)
			throw new BackupError('This backup was written by a newer version of the site; update the site first.', 'newer-version')
		const known = new Set(Object.keys(migrations))
		if ((header.version === 1) !== info.legacy) throw new BackupError('The backup is damaged (its header is inconsistent).')
		const report: ArchiveReport = {
			encrypted: info.encrypted,
			legacy: info.legacy,
			createdAt: header.createdAt,
			dialect: header.dialect,
			migrations: header.migrations,
			unknownMigrations: header.migrations.filter((m) => !known.has(m)),
			tables: 0,
			rows: 0,
			files: 0,
			bytes: 0,
			checksums: {},
			notRestored: [],
			unclassifiedAtSource: header.unknownTables ?? [],
		}
		const seen = new Set<string>()
		let current: { line: TableLineValue; hasher: ReturnType<typeof createTableHasher>; rows: number } | undefined
		const closeTable = () => {
			if (!current) return
			const { line, hasher, rows } = current
			if (rows !== line.rowCount)
				throw new BackupError(`The backup is damaged (table ${line.name} holds ${rows} rows, not ${line.rowCount}).`)
			if (hasher.digest() !== line.sha256) throw new BackupError(`Checksum mismatch in table ${line.name}: the backup is damaged.`)
			report.checksums[`table:${line.name}`] = line.sha256
			report.tables++
			report.rows += rows
			current = undefined
		}
		for (;;) {
			const record = await next()
			if (!record) throw new BackupError('The backup is incomplete (it ends early).', 'truncated')
			const { line } = record
			switch (line.type) {
				case 'header':
					throw new BackupError('The backup is damaged (a second header).')
				case 'table': {
					closeTable()
					if (seen.has(line.name)) throw new BackupError(`The backup is damaged (table ${line.name} appears twice).`)
					if (line.booleans.some((b) => !line.columns.includes(b))) throw new BackupError('The backup is damaged (an unexpected record).')
					seen.add(line.name)
					current = { line, hasher: createTableHasher(line.columns), rows: 0 }
					if (!policyOf(line.name)?.backup) report.notRestored.push(line.name)
					await visitor.table?.(line)
					break
				}
				case 'rows': {
					if (!current || current.line.name !== line.table) throw new BackupError('The backup is damaged (rows outside their table).')
					for (const row of line.rows) {
						if (row.length !== current.line.columns.length)
							throw new BackupError(`The backup is damaged (a row of ${line.table} has the wrong shape).`)
						current.hasher.add(row)
					}
					current.rows += line.rows.length
					await visitor.rows?.(current.line, line.rows)
					break
				}
				case 'file': {
					closeTable()
					const data = record.data ?? Buffer.alloc(0)
					try {
						assertSafeKey(line.key)
					} catch {
						throw new BackupError(`The backup is damaged (an unexpected media name ${JSON.stringify(line.key.slice(0, 80))}).`)
					}
					if (!contentTypeForKey(line.key) || report.checksums[`file:${line.key}`])
						throw new BackupError(`The backup is damaged (an unexpected media name ${JSON.stringify(line.key.slice(0, 80))}).`)
					if (data.length !== line.size || sha256(data) !== line.sha256)
						throw new BackupError(`Checksum mismatch for ${line.key}: the backup is damaged.`)
					report.checksums[`file:${line.key}`] = line.sha256
					report.files++
					report.bytes += data.length
					await visitor.file?.(line.key, data)
					break
				}
				case 'end': {
					closeTable()
					if (line.tables !== report.tables || line.files !== report.files || line.rows !== report.rows)
						throw new BackupError('The backup is incomplete (its counts do not match its contents).', 'truncated')
					if ((await records.next()).done !== true) throw new BackupError('The backup is damaged (records after its end).')
					await visitor.end?.()
					return report
				}
			}
		}
	} finally {
		await records.return(undefined)
	}
}

/**
 * Checks an archive without restoring it: the passphrase, every block,
 * the structure, every table and media checksum, the counts at the end.
 * Throws a BackupError naming the first problem.
 */
export function verifyBackup(file: string, options: ReadOptions = {}): Promise<ArchiveReport> {
	return scanArchive(file, options)
}

/**
 * A consistent copy of a live SQLite database: `VACUUM INTO` reads one WAL
 * snapshot in a single statement, so writers keep writing meanwhile and the
 * copy never restarts (the page-by-page backup API restarts on every write).
 * The copy holds sign-in data too; its directory is private (0700).
 */
async function snapshotSqlite(file: string) {
	const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'site-backup-'))
	const target = path.join(dir, 'snapshot.db')
	const source = new DatabaseSync(file, { readOnly: true, timeout: 5000 })
	try {
		source.prepare('VACUUM INTO ?').run(target)
	} finally {
		source.close()
	}
	return { target, cleanup: () => fsp.rm(dir, { recursive: true, force: true }) }
}

type Source = { handle: DatabaseHandle; sqliteFile?: string }

/**
 * Writes a backup of the database and the media to `outFile` (mode 0600).
 * Returns the per-table and per-file checksums it recorded and the tables
 * it left out.
 */
export async function createBackup(
	source: Source,
	storage: StorageDriver,
	outFile: string,
	options: WriteOptions = {},
): Promise<BackupSummary> {
	const { handle } = source
	const summary: BackupSummary = {
		tables: 0,
		rows: 0,
		files: 0,
		bytes: 0,
		checksums: {},
		encrypted: options.passphrase !== undefined,
		leftOut: { excluded: [], unknown: [] },
		withheld: [],
	}
	let snapshot: { target: string; cleanup: () => Promise<void> } | undefined
	let closeReader = async () => {}
	let writer: ArchiveWriter | undefined
	try {
		let reader: Kysely<Database> = handle.db
		if (handle.dialect === 'sqlite' && source.sqliteFile) {
			if (!fs.existsSync(source.sqliteFile)) throw new BackupError(`There is no database at ${source.sqliteFile}.`, 'source-missing')
			snapshot = await snapshotSqlite(source.sqliteFile)
			const { createDatabase } = await import('./db.server.ts')
			const snap = createDatabase({ dialect: 'sqlite', file: snapshot.target })
			reader = snap.db
			closeReader = () => snap.close()
		}
		const out = await ArchiveWriter.create(outFile, options)
		writer = out
		const dump = async (db: Kysely<Database>) => {
			const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)
			const tables = await existingTables(db)
			for (const name of [...tables.keys()].toSorted()) {
				const policy = policyOf(name)
				if (!policy) summary.leftOut.unknown.push(name)
				else if (!policy.backup) summary.leftOut.excluded.push(name)
			}
			await out.writeLine({
				type: 'header',
				format: BACKUP_FORMAT,
				version: BACKUP_VERSION,
				createdAt: new Date().toISOString(),
				dialect: handle.dialect,
				migrations: applied.rows.map((r) => r.name),
				excludedTables: summary.leftOut.excluded,
				unknownTables: summary.leftOut.unknown,
			})
			for (const name of BACKUP_TABLES) {
				const meta = tables.get(name)
				if (!meta) continue
				const { columns, booleans, rows } = await readTable(db, name, meta, summary.encrypted)
				if (!summary.encrypted && isOnlyEncrypted(name)) summary.withheld.push(name)
				const checksum = tableChecksum(columns, rows)
				summary.checksums[`table:${name}`] = checksum
				await out.writeLine({ type: 'table', name, columns, booleans, rowCount: rows.length, sha256: checksum })
				for (let i = 0; i < rows.length; i += ROWS_PER_LINE)
					await out.writeLine({ type: 'rows', table: name, rows: rows.slice(i, i + ROWS_PER_LINE) })
				summary.tables++
				summary.rows += rows.length
			}
		}
		if (handle.dialect === 'postgres') {
			await reader.transaction().execute(async (trx) => {
				await sql`set transaction isolation level repeatable read read only`.execute(trx)
				await dump(trx)
			})
		} else {
			await dump(reader)
		}

		// Media after the database: every file the snapshot refers to already
		// exists (uploads are stored before their row, replaced files are
		// deleted only after a grace period).
		for (const key of await storage.list()) {
			if (!contentTypeForKey(key)) continue
			try {
				assertSafeKey(key)
			} catch {
				continue
			}
			const object = await storage.get(key)
			if (!object) continue
			const checksum = sha256(object.body)
			summary.checksums[`file:${key}`] = checksum
			await out.writeLine({ type: 'file', key, size: object.body.length, sha256: checksum })
			await out.writeBytes(object.body)
			summary.files++
			summary.bytes += object.body.length
		}
		await out.writeLine({ type: 'end', tables: summary.tables, rows: summary.rows, files: summary.files })
		await out.finish()
		return summary
	} catch (error) {
		await writer?.abort()
		throw error
	} finally {
		await closeReader()
		await snapshot?.cleanup()
	}
}

async function assertEmptyTarget(db: Kysely<Database>, tables: Map<string, unknown>, storage: StorageDriver) {
	for (const name of BACKUP_TABLES) {
		const policy = policyOf(name)
		if (!tables.has(name) || (policy?.backup && policy.replaceOnRestore)) continue
		const row = await sql`select 1 from ${sql.table(name)} limit 1`.execute(db)
		if (row.rows.length > 0)
			throw new BackupError(`The target database is not empty (table ${name} has rows). Restore into an empty database.`, 'not-empty')
	}
	if ((await storage.list()).length > 0)
		throw new BackupError('The target media store is not empty. Restore into an empty data directory or bucket.', 'not-empty')
}

function describeInsertFailure(table: string, error: unknown) {
	const code = (error as { code?: string }).code
	const hint = code === '22021' ? ' (PostgreSQL cannot store the character U+0000 in text)' : ''
	return new BackupError(`Restoring table ${table} failed${hint}: ${(error as Error).message}`, 'restore-failed')
}

export type RestoreOptions = ReadOptions & {
	/** Where media wait until the database part has succeeded (a new private directory is made inside). Defaults to the system temp directory. */
	stagingDir?: string
}

export type RestoreSummary = Omit<BackupSummary, 'encrypted' | 'leftOut' | 'withheld'> & {
	/** Tables in the archive that were not restored (sign-in data of old backups, tables this version does not know). */
	skipped: Array<string>
}

/**
 * Restores a backup into an empty database and media store, all or
 * nothing: the whole file is checked first (nothing is written when it is
 * damaged or the passphrase is wrong), then migrations run, every row goes
 * in within one transaction, media are staged in a private directory and
 * moved into the store just before the commit (and removed again if the
 * commit fails).
 */
export async function restoreBackup(
	file: string,
	target: { handle: DatabaseHandle; storage: StorageDriver },
	options: RestoreOptions = {},
): Promise<RestoreSummary> {
	const { db, dialect } = target.handle
	const readOptions: ReadOptions = { ...options, keyCache: options.keyCache ?? new Map() }
	const checked = await verifyBackup(file, readOptions)
	if (checked.unknownMigrations.length > 0)
		throw new BackupError(
			`The backup comes from a newer version of the site (migrations ${checked.unknownMigrations.join(', ')}); update the site first.`,
			'newer-version',
		)
	await migrateToLatest(db)

	const summary: RestoreSummary = { tables: 0, rows: 0, files: 0, bytes: 0, checksums: {}, skipped: checked.notRestored }
	const staging = await fsp.mkdtemp(path.join(options.stagingDir ?? os.tmpdir(), '.restore-staging-'))
	const staged: Array<{ key: string; file: string }> = []
	const moved: Array<string> = []
	try {
		await db.transaction().execute(async (trx) => {
			const targetTables = await existingTables(trx)
			await assertEmptyTarget(trx, targetTables, target.storage)
			const sequences: Array<string> = []
			let restoring: { keep: Array<number>; columns: Array<string>; policy: Extract<TablePolicy, { backup: true }> } | null = null

			await scanArchive(file, readOptions, {
				async table(line) {
					restoring = null
					const policy = policyOf(line.name)
					if (!policy?.backup || !targetTables.has(line.name)) return
					const omit = new Set(policy.omitColumns ?? [])
					const keep = line.columns.flatMap((c, i) => (omit.has(c) ? [] : [i]))
					restoring = { keep, columns: keep.map((i) => line.columns[i] as string), policy }
					if (policy.replaceOnRestore) {
						// A new database may already hold seeded rows: the backup's win; other app_meta keys (the auth secret) stay.
						if (line.name === 'app_meta') {
							const keys = (await trx.selectFrom('app_meta').select('key').execute()).map((r) => r.key).filter(isBackedUpMetaKey)
							if (keys.length > 0) await trx.deleteFrom('app_meta').where('key', 'in', keys).execute()
						} else {
							await sql`delete from ${sql.table(line.name)}`.execute(trx)
						}
					}
					summary.checksums[`table:${line.name}`] = line.sha256
					summary.tables++
					const id = targetTables.get(line.name)?.columns.find((c) => c.name === 'id')
					if (dialect === 'postgres' && id && /int/i.test(id.dataType)) sequences.push(line.name)
				},
				async rows(line, rows) {
					const state = restoring
					if (!state) return
					const values = rows
						.map((row) => Object.fromEntries(line.columns.map((c, i) => [c, row[i]])) as Row)
						.filter((row) => state.policy.keepRow?.(row) ?? true)
						.map((row) => Object.fromEntries(state.columns.map((c) => [c, row[c]])))
					for (let i = 0; i < values.length; i += INSERT_BATCH) {
						try {
							await trx
								.insertInto(line.name as keyof Database)
								.values(values.slice(i, i + INSERT_BATCH) as never)
								.execute()
						} catch (error) {
							throw describeInsertFailure(line.name, error)
						}
					}
					summary.rows += values.length
				},
				async file(key, data) {
					const stagedFile = path.join(staging, String(staged.length))
					await fsp.writeFile(stagedFile, data, { mode: 0o600, flag: 'wx' })
					staged.push({ key, file: stagedFile })
					summary.checksums[`file:${key}`] = sha256(data)
					summary.files++
					summary.bytes += data.length
				},
				async end() {
					for (const name of sequences) {
						await sql`select setval(pg_get_serial_sequence(${name}, 'id'), coalesce((select max(id) from ${sql.table(name)}), 1), (select count(*) > 0 from ${sql.table(name)}))`.execute(
							trx,
						)
					}
					for (const { key, file: stagedFile } of staged) {
						const body = await fsp.readFile(stagedFile)
						moved.push(key)
						await target.storage.put(key, body, { contentType: contentTypeForKey(key) ?? 'application/octet-stream', overwrite: true })
					}
				},
			})
		})
		return summary
	} catch (error) {
		for (const key of moved) await target.storage.remove(key).catch(() => {})
		if (error instanceof BackupError) throw error
		throw new BackupError(`The restore failed and was undone: ${(error as Error).message}`, 'restore-failed')
	} finally {
		await fsp.rm(staging, { recursive: true, force: true })
	}
}

/** The checksums of a live database and store, computed the way a backup records them. */
export async function checksumsOf(handle: DatabaseHandle, storage: StorageDriver): Promise<Record<string, string>> {
	const result: Record<string, string> = {}
	const tables = await existingTables(handle.db)
	for (const name of BACKUP_TABLES) {
		const meta = tables.get(name)
		if (!meta) continue
		const { columns, rows } = await readTable(handle.db, name, meta)
		result[`table:${name}`] = tableChecksum(columns, rows)
	}
	for (const key of await storage.list()) {
		const object = await storage.get(key)
		if (object) result[`file:${key}`] = sha256(object.body)
	}
	return result
}

/** Every backed-up table's rows as a backup holds them (for comparing two databases); `encrypted: false`: as a plain backup holds them. */
export async function readBackedUpTables(
	handle: DatabaseHandle,
	options: { encrypted?: boolean } = {},
): Promise<Record<string, TableDump>> {
	const tables = await existingTables(handle.db)
	const result: Record<string, TableDump> = {}
	for (const name of BACKUP_TABLES) {
		const meta = tables.get(name)
		if (meta) result[name] = await readTable(handle.db, name, meta, options.encrypted ?? true)
	}
	return result
}

/**
 * The passphrase for the command-line tools: from `--passphrase-file FILE`
 * (its first line) or the BACKUP_PASSPHRASE environment variable, never
 * from the command line itself (other users see it in `ps`, the shell keeps
 * it in its history).
 */
export async function readPassphrase({ file, env = process.env }: { file?: string; env?: NodeJS.ProcessEnv }) {
	if (file) {
		let text: string
		try {
			text = await fsp.readFile(file, 'utf8')
		} catch (error) {
			throw new BackupError(
				`Cannot read the passphrase file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
				'passphrase-required',
			)
		}
		const passphrase = text.replace(/\r?\n$/, '')
		if (!passphrase) throw new BackupError(`The passphrase file ${file} is empty.`, 'passphrase-required')
		const { mode } = await fsp.stat(file)
		return { passphrase, warning: mode & 0o077 ? `the passphrase file ${file} is readable by other users (chmod 600 it)` : null }
	}
	const fromEnv = env.BACKUP_PASSPHRASE
	return { passphrase: fromEnv ? fromEnv : undefined, warning: null }
}
