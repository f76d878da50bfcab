import { AsyncLocalStorage } from 'node:async_hooks'
import { sql, type CompiledQuery, type Kysely, type Transaction } from 'kysely'
import { db, getDatabase } from './db.server.ts'
import type { Database } from './db-types.ts'
import { addDays, istanbulLocalToIso, istanbulToday } from './tr.ts'

/**
 * The content version: a counter in the database, bumped in the same
 * transaction as every content write. Caches of rendered pages are keyed on
 * it, so every instance on the same database notices a write on its next
 * request.
 */
export const CONTENT_VERSION_KEY = 'content:version'

type Executor = Kysely<Database> | Transaction<Database>

/**
 * Locks the version row until commit and moves it on by one. Private: only
 * `withContentWrite` calls it, first thing in its transaction.
 */
async function bumpContentVersion(trx: Transaction<Database>) {
	await trx
		.insertInto('app_meta')
		.values({ key: CONTENT_VERSION_KEY, value: '1' })
		.onConflict((oc) =>
			oc.column('key').doUpdateSet({
				value: sql<string>`cast(cast(app_meta.value as integer) + 1 as text)`,
			}),
		)
		.execute()
}

const inContentWrite = new AsyncLocalStorage<true>()
const afterWrite = new Set<() => void>()

/**
 * Calls `listener` after every committed content write of this process
 * (background work that follows content, such as the share cards); returns
 * the unsubscribe. Listeners must return at once and never throw.
 */
export function onContentWrite(listener: () => void): () => void {
	afterWrite.add(listener)
	return () => afterWrite.delete(listener)
}

/**
 * The one way to write content (every admin save, delete and reorder,
 * settings, seeds and imports that run beside a live site). It opens a
 * transaction, takes the content-version row first (the upsert locks it on
 * PostgreSQL; on SQLite `begin immediate` already makes writers take turns),
 * runs `body` with that transaction and commits. So every writer takes its
 * locks in one order, version row first, and two writes cannot deadlock;
 * a write also reads the rows the previous one committed (a new
 * order_index, a free slug).
 *
 * A committed call moves the version on by exactly one, in the same
 * transaction as its rows, so pages change at the next request; a body that
 * throws rolls both back. Write through `trx` only: a second content write
 * opened inside the body would wait for this one's lock forever, so it
 * throws instead.
 */
export async function withContentWrite<T>(database: Kysely<Database>, body: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
	if (inContentWrite.getStore()) throw new Error('withContentWrite inside withContentWrite: write through the outer transaction')
	const result = await inContentWrite.run(true, () =>
		database.transaction().execute(async (trx) => {
			await bumpContentVersion(trx)
			return body(trx)
		}),
	)
	for (const listener of afterWrite) listener()
	return result
}

const versionQuery = (executor: Executor) => executor.selectFrom('app_meta').select('value').where('key', '=', CONTENT_VERSION_KEY)
/** The query of every page request, compiled once per database (building it was a tenth of a cached page). */
const compiledVersionQuery = new WeakMap<object, CompiledQuery<{ value: string }>>()

export async function readContentVersion(executor: Executor = db): Promise<string> {
	if (executor !== db) return (await versionQuery(executor).executeTakeFirst())?.value ?? '0'
	const real = getDatabase().db
	let compiled = compiledVersionQuery.get(real)
	if (!compiled) {
		compiled = versionQuery(real).compile()
		compiledVersionQuery.set(real, compiled)
	}
	return (await real.executeQuery(compiled)).rows[0]?.value ?? '0'
}

/**
 * `read` kept until the content version moves on: for lists derived from
 * content that a page would otherwise rebuild on every request (sorting a
 * long list in Turkish order). Another process's write shows at the next
 * call, as with the render cache; a failed read is not kept.
 */
export function memoByContentVersion<T>(read: () => Promise<T>): () => Promise<T> {
	// Per database as well: a process can open several in turn (the test suite does), each with its own versions.
	let memo: { database: object; version: string; value: Promise<T> } | undefined
	return async () => {
		const database = getDatabase().db
		const version = await readContentVersion()
		if (memo?.version !== version || memo.database !== database) {
			const value = read()
			const entry = { database, version, value }
			memo = entry
			value.catch(() => {
				if (memo === entry) memo = undefined
			})
		}
		return memo.value
	}
}

/**
 * When the site-wide notice (the settings row `notice`, see
 * app/features/settings/notice.server.ts) ends, if it is on; read here
 * directly, since app/lib imports no feature.
 */
async function readNoticeEnd(): Promise<string | null> {
	const row = await db.selectFrom('settings').select('value').where('key', '=', 'notice').executeTakeFirst()
	try {
		const notice = JSON.parse(row?.value ?? 'null') as { enabled?: unknown; until?: unknown } | null
		return notice?.enabled === true && typeof notice.until === 'string' ? notice.until : null
	} catch {
		return null
	}
}

/**
 * The next instant at which pages change with no write: a featured item's
 * end, a scheduled announcement's publication, the end of the site-wide
 * notice, the Istanbul day rolling over (agenda, calendar, "upcoming").
 */
export async function nextTimedChange(now = new Date()): Promise<number> {
	const iso = now.toISOString()
	const [announcementEnd, eventEnd, scheduled, noticeEnd] = await Promise.all([
		db
			.selectFrom('announcements')
			.select(sql<string | null>`min(featured_until)`.as('at'))
			.where('featured_home', '=', true)
			.where('featured_until', '>', iso)
			.executeTakeFirst(),
		db
			.selectFrom('events')
			.select(sql<string | null>`min(featured_until)`.as('at'))
			.where('featured_home', '=', true)
			.where('featured_until', '>', iso)
			.executeTakeFirst(),
		db
			.selectFrom('announcements')
			.select(sql<string | null>`min(published_at)`.as('at'))
			.where('published_at', '>', iso)
			.executeTakeFirst(),
		readNoticeEnd(),
	])
	const midnight = istanbulLocalToIso(addDays(istanbulToday(now), 1)) as string
	const candidates = [midnight, announcementEnd?.at, eventEnd?.at, scheduled?.at, noticeEnd]
		.filter((value): value is string => Boolean(value))
		.map((value) => new Date(value).getTime())
		.filter((time) => Number.isFinite(time) && time > now.getTime())
	return Math.min(...candidates)
}

export type CacheState = { version: string; validUntil: number }

let memo: { database: object; state: CacheState } | undefined

/**
 * What a rendered page is valid for: the current content version, and until
 * when at the latest. One indexed read per request; the timed changes are
 * recomputed only when the version moves or the deadline passes (or the
 * process opens another database, as the test suite does).
 */
export async function getCacheState(now = new Date()): Promise<CacheState> {
	const database = getDatabase().db
	const version = await readContentVersion()
	if (!memo || memo.database !== database || memo.state.version !== version || now.getTime() >= memo.state.validUntil) {
		memo = { database, state: { version, validUntil: await nextTimedChange(now) } }
	}
	return memo.state
}

export function resetCacheStateForTests() {
	memo = undefined
}
