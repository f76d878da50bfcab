import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import {
	getCacheState,
	memoByContentVersion,
	nextTimedChange,
	readContentVersion,
	resetCacheStateForTests,
	withContentWrite,
} from './content-version.server.ts'
import { db, installDatabase } from './db.server.ts'
import { migrateToLatest } from './migrate.server.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'

for (const dialect of dialectsUnderTest()) {
	test(`moves the content version on by one per committed content write, in its transaction (${dialect})`, async () => {
		const tdb = await createTestDatabase(dialect)
		try {
			const { db } = tdb.handle
			await migrateToLatest(db)
			expect(await readContentVersion()).toBe('0')
			expect(await withContentWrite(db, async () => 'first')).toBe('first')
			await withContentWrite(db, async (trx) => {
				expect(await readContentVersion(trx)).toBe('2')
			})
			expect(await readContentVersion()).toBe('2')
			await expect(
				withContentWrite(db, async (trx) => {
					await trx.insertInto('calendar_entries').values({ title: 'Geri alınır', date: '2026-05-19' }).execute()
					throw new Error('rolled back')
				}),
			).rejects.toThrow('rolled back')
			expect(await readContentVersion()).toBe('2')
			expect(await db.selectFrom('calendar_entries').select('id').execute()).toEqual([])
			await Promise.all(
				Array.from({ length: 8 }, (_, i) =>
					withContentWrite(db, (trx) =>
						trx
							.insertInto('calendar_entries')
							.values({ title: `Toplantı ${i}`, date: '2026-05-19' })
							.execute(),
					),
				),
			)
			expect(await readContentVersion()).toBe('10')
			await expect(withContentWrite(db, () => withContentWrite(db, async () => {}))).rejects.toThrow(
				/withContentWrite inside withContentWrite/,
			)
			expect(await readContentVersion()).toBe('10')
		} finally {
			await tdb.cleanup()
		}
	})

	test(`knows when pages change with no write: featured ends, scheduled posts, Istanbul midnight (${dialect})`, async () => {
		const tdb = await createTestDatabase(dialect)
		try {
			const { db } = tdb.handle
			await migrateToLatest(db)
			resetCacheStateForTests()
			const now = new Date('2026-11-22T10:00:00.000Z')
			const stamp = now.toISOString()
			expect(new Date(await nextTimedChange(now)).toISOString()).toBe('2026-11-22T21:00:00.000Z')

			const base = { title: 'x', created_at: stamp, updated_at: stamp }
			await db
				.insertInto('announcements')
				.values({ ...base, featured_home: true, featured_until: '2026-11-22T15:30:00.000Z', published_at: stamp })
				.execute()
			await db
				.insertInto('announcements')
				.values({ ...base, featured_home: false, featured_until: '2026-11-22T11:00:00.000Z', published_at: stamp })
				.execute()
			expect(new Date(await nextTimedChange(now)).toISOString()).toBe('2026-11-22T15:30:00.000Z')
			await db
				.insertInto('announcements')
				.values({ ...base, featured_home: false, published_at: '2026-11-22T12:00:00.000Z' })
				.execute()
			expect(new Date(await nextTimedChange(now)).toISOString()).toBe('2026-11-22T12:00:00.000Z')
			await db
				.insertInto('events')
				.values({ ...base, slug: 'e', featured_home: true, featured_until: '2026-11-22T10:05:00.000Z' })
				.execute()
			expect(new Date(await nextTimedChange(now)).toISOString()).toBe('2026-11-22T10:05:00.000Z')

			const state = await getCacheState(now)
			expect(state).toEqual({ version: '0', validUntil: Date.parse('2026-11-22T10:05:00.000Z') })
			await withContentWrite(db, async () => {})
			expect((await getCacheState(now)).version).toBe('1')
		} finally {
			await tdb.cleanup()
		}
	})
}

const ROOT = path.resolve(import.meta.dirname, '..', '..')
/** Tables that are not site content: the version itself, sign-in state, the search index and the file-deletion queue. */
const NOT_CONTENT = new Set([
	'app_meta',
	'pending_deletions',
	'search_documents',
	// Çöp kutusu: written only by moveToTrash / the purge, inside the delete's or the purge's content write.
	'trash',
	// History of the admin, never shown on a public page: revisions (written beside the save they describe) and the audit log.
	'content_revisions',
	'audit_log',
	// Accounts and their secrets: invitations, reset links, second factor.
	'invitations',
	'password_resets',
	'two_factor',
	'recovery_codes',
	'trusted_devices',
	'users',
	'sessions',
	'accounts',
	'verifications',
	'rate_limits',
	'login_failures',
	// Bulletin text for the search: bookkeeping of which PDF was read (claims, failures), and each page's text, written like
	// search_documents beside the index by callers that pass their content write's transaction.
	'bulletin_texts',
	'bulletin_pages',
	// The contact form's messages: shown only in the admin's Mesajlar, never on a public page.
	'contact_messages',
])
/** Content writes that run before the site serves or into an empty database, where no page is cached and no admin writes. */
const OUTSIDE_THE_HELPER: Record<string, string> = {
	'app/features/settings/settings.server.ts#insertMissingSettings': 'start-up: adds missing defaults before serving',
	'app/features/site/seed/pages.ts#insertMissingPages': 'start-up: adds missing pages before serving',
	'app/features/site/seed/demo.ts#seedDemo': 'first start: demo content into an empty site',
	'app/lib/backup.server.ts#restoreBackup': 'restores into an empty database only',
	'db/migrations/2026-11-25T1130_board-literature.ts#up':
		'start-up: numbers books within their year and makes the award years, before serving',
	'db/migrations/2026-11-25T1130_board-literature.ts#moveJuryOutOfPage':
		'start-up: moves the seeded jury out of the page, before serving (bumps the version itself)',
	'db/migrations/2026-11-25T1140_hero-slides.ts#up': 'start-up: the default slides, into the table the migration creates',
	'db/migrations/2026-11-27T1040_contact-messages.ts#addKvkkParagraph':
		"start-up: adds the KVKK notice's new paragraphs before serving (bumps the version itself)",
}

function sourceFiles(dir: string): Array<string> {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full)
		return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
	})
}

/** The source with comments and the text of strings and templates blanked (same offsets), so brackets can be counted. */
function codeOnly(src: string) {
	const out = src.split('')
	const blank = (from: number, to: number) => {
		for (let k = from; k < to && k < out.length; k++) if (out[k] !== '\n') out[k] = ' '
	}
	const modes: Array<{ template: boolean; braces: number }> = [{ template: false, braces: 0 }]
	for (let i = 0; i < src.length; i++) {
		const c = src[i]
		const mode = modes[modes.length - 1] as { template: boolean; braces: number }
		if (mode.template) {
			if (c === '`') modes.pop()
			else if (c === '$' && src[i + 1] === '{') {
				modes.push({ template: false, braces: 0 })
				i++
			} else blank(i, c === '\\' ? ++i + 1 : i + 1)
			continue
		}
		if (c === '/' && (src[i + 1] === '/' || src[i + 1] === '*')) {
			const end = src[i + 1] === '/' ? src.indexOf('\n', i) : src.indexOf('*/', i) + 2
			blank(i, end < 2 ? src.length : end)
			i = (end < 2 ? src.length : end) - 1
		} else if (c === "'" || c === '"') {
			let j = i + 1
			while (j < src.length && src[j] !== c && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1
			blank(i + 1, j)
			i = j
		} else if (c === '`') modes.push({ template: true, braces: 0 })
		else if (c === '{') mode.braces++
		else if (c === '}') {
			if (mode.braces === 0 && modes.length > 1) modes.pop()
			else mode.braces--
		}
	}
	return out.join('')
}

function closingParen(code: string, open: number) {
	let depth = 0
	for (let i = open; i < code.length; i++) {
		if (code[i] === '(') depth++
		else if (code[i] === ')' && --depth === 0) return i
	}
	return code.length
}

const enclosingFunction = (src: string, offset: number) =>
	[...src.slice(0, offset).matchAll(/^(?:export )?(?:async )?(?:function\*? (\w+)|const (\w+) = (?:async )?(?:\(|function))/gm)]
		.at(-1)
		?.slice(1)
		.find(Boolean) ?? '<module>'

test('writes content only inside withContentWrite, through its transaction (a new write path elsewhere fails here)', () => {
	const typesSource = fs.readFileSync(path.join(ROOT, 'app/lib/db-types.ts'), 'utf8')
	const tables = [...(/export type Database = \{([^}]*)\}/.exec(typesSource)?.[1] ?? '').matchAll(/^\s*(\w+):/gm)].map(
		(m) => m[1] as string,
	)
	expect(tables).toEqual(expect.arrayContaining(['announcements', 'settings', 'pages', 'app_meta']))
	const content = new Set(tables.filter((table) => !NOT_CONTENT.has(table)))

	const files = [...['app', 'db', 'scripts', 'server'].flatMap((dir) => sourceFiles(path.join(ROOT, dir))), path.join(ROOT, 'server.ts')]
	const offenders: Array<string> = []
	const allowed = new Set<string>()
	let checked = 0
	for (const file of files) {
		const src = fs.readFileSync(file, 'utf8')
		const code = codeOnly(src)
		const rel = path.relative(ROOT, file).split(path.sep).join('/')
		const spans = [...code.matchAll(/\bwithContentWrite\s*\(/g)]
			.filter((m) => !/function\s+$/.test(code.slice(0, m.index)))
			.map((m) => ({ from: m.index, to: closingParen(code, m.index + m[0].length - 1) }))
		const inSpan = (offset: number) => spans.some((span) => offset > span.from && offset < span.to)
		for (const m of code.matchAll(/\.\s*transaction\s*\(/g))
			if (inSpan(m.index)) offenders.push(`${rel}: a transaction opened inside withContentWrite`)

		const writes = [
			...[...src.matchAll(/(\w+)\s*\.\s*(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*(?:['"](\w+)['"])?/g)].map((m) => ({
				at: m.index,
				receiver: m[1],
				table: m[2] ?? '(a computed table)',
			})),
			...[...src.matchAll(/sql`[^`]*?\b(?:insert\s+into|delete\s+from|update)\s+(?:"?(\w+)"?|\$\{)/gi)].map((m) => ({
				at: m.index,
				receiver: 'sql',
				table: m[1] ?? '(a computed table)',
			})),
		]
		for (const write of writes) {
			if (code[write.at] !== src[write.at]) continue
			if (!content.has(write.table) && write.table !== '(a computed table)') continue
			checked++
			const fn = enclosingFunction(src, write.at)
			if (write.receiver === 'trx' && inSpan(write.at)) continue
			if (OUTSIDE_THE_HELPER[`${rel}#${fn}`]) {
				allowed.add(`${rel}#${fn}`)
				continue
			}
			offenders.push(`${rel} (${fn}): ${write.receiver} writes ${write.table} outside withContentWrite`)
		}
	}
	expect(offenders).toEqual([])
	expect(checked).toBeGreaterThan(30)
	expect([...allowed].toSorted()).toEqual(Object.keys(OUTSIDE_THE_HELPER).toSorted())
})

test('a value kept per content version is kept per database too: another database at the same version reads its own (sqlite)', async () => {
	const count = memoByContentVersion(async () => (await db.selectFrom('calendar_entries').select('id').execute()).length)
	const first = await createTestDatabase('sqlite')
	const second = await createTestDatabase('sqlite')
	try {
		for (const [tdb, rows] of [
			[first, 1],
			[second, 3],
		] as const) {
			installDatabase(tdb.handle)
			await migrateToLatest(tdb.handle.db)
			await withContentWrite(tdb.handle.db, async (trx) => {
				for (let i = 0; i < rows; i++)
					await trx
						.insertInto('calendar_entries')
						.values({ title: `Gün ${i}`, date: '2026-05-19' })
						.execute()
			})
		}
		// Both databases are at version 1.
		installDatabase(first.handle)
		expect([await readContentVersion(), await count()]).toEqual(['1', 1])
		const state = await getCacheState()
		installDatabase(second.handle)
		expect([await readContentVersion(), await count()]).toEqual(['1', 3])
		expect(await getCacheState()).not.toBe(state)
		installDatabase(first.handle)
		expect(await count()).toBe(1)
	} finally {
		await first.cleanup()
		await second.cleanup()
	}
})
