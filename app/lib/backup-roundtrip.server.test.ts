import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import fc from 'fast-check'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { migrations } from '#db/migrations/index.ts'
import { createTestDatabase, dialectsUnderTest, makeTempDir, type TestDatabase } from '#tests/setup/db.ts'
import {
	BACKUP_TABLES,
	BackupError,
	createBackup,
	readArchiveRecords,
	readBackedUpTables,
	restoreBackup,
	TABLE_POLICY,
	tableChecksum,
	verifyBackup,
	writeArchiveRecords,
	type ArchiveRecord,
	type KdfCost,
} from './backup.server.ts'
import type { Dialect } from './db.server.ts'
import { migrateToLatest, pendingMigrations } from './migrate.server.ts'
import type { StorageDriver } from './storage-driver.server.ts'

const FAST_KDF: KdfCost = { log2N: 10, r: 8, p: 1 }
const PASSPHRASE = 'Kış bahçesinde üç çınar'

type Kind =
	| 'id'
	| 'text'
	| 'text?'
	| 'bool'
	| 'int'
	| 'int?'
	| 'month'
	| 'ts'
	| 'ts?'
	| 'user'
	| 'user?'
	| 'credential'
	| 'metaKey'
	| 'bodyFormat'
	| 'role'
	| 'auditKind'

/** Every column of every backed-up table; a test below keeps it equal to the schema. */
const COLUMNS: Record<string, Record<string, Kind>> = {
	users: {
		id: 'text',
		email: 'text',
		full_name: 'text',
		email_verified: 'bool',
		image: 'text?',
		is_admin: 'bool',
		role: 'role',
		disabled_at: 'ts?',
		last_sign_in_at: 'ts?',
		created_at: 'ts',
		updated_at: 'ts',
	},
	trash: {
		id: 'id',
		item_kind: 'text',
		item_id: 'text',
		title: 'text',
		slug: 'text?',
		snapshot: 'text',
		media_keys: 'text',
		deleted_at: 'ts',
		deleted_by_user_id: 'text?',
		purge_after: 'ts',
	},
	two_factor: { user_id: 'user', secret: 'text', enabled_at: 'ts?', last_used_step: 'int?', created_at: 'ts' },
	contact_messages: {
		id: 'id',
		created_at: 'ts',
		name: 'text',
		email: 'text',
		subject: 'text',
		message: 'text',
		read_at: 'ts?',
		archived_at: 'ts?',
	},
	recovery_codes: { id: 'id', user_id: 'user', code_hash: 'text', used_at: 'ts?', created_at: 'ts' },
	audit_log: {
		id: 'id',
		created_at: 'ts',
		user_id: 'text?',
		user_email: 'text?',
		kind: 'auditKind',
		action: 'text',
		item_kind: 'text?',
		item_id: 'text?',
		item_title: 'text?',
		summary: 'text',
		ip_address: 'text?',
		user_agent: 'text?',
	},
	accounts: {
		id: 'text',
		account_id: 'text',
		provider_id: 'credential',
		user_id: 'user',
		access_token_expires_at: 'ts?',
		refresh_token_expires_at: 'ts?',
		scope: 'text?',
		password: 'text?',
		created_at: 'ts',
		updated_at: 'ts',
	},
	app_meta: { key: 'metaKey', value: 'text' },
	settings: { key: 'text', value: 'text', updated_at: 'ts', updated_by_user_id: 'user?' },
	settings_revisions: { id: 'id', key: 'text', value: 'text', saved_at: 'ts', saved_by_user_id: 'user?' },
	content_revisions: {
		id: 'id',
		item_kind: 'text',
		item_id: 'text',
		snapshot: 'text',
		summary: 'text',
		saved_at: 'ts',
		saved_by_user_id: 'user?',
	},
	pages: {
		slug: 'text',
		title: 'text',
		description: 'text?',
		body: 'text',
		body_format: 'bodyFormat',
		updated_at: 'ts',
		updated_by_user_id: 'user?',
	},
	page_revisions: {
		id: 'id',
		slug: 'text',
		title: 'text',
		description: 'text?',
		body: 'text',
		body_format: 'bodyFormat',
		saved_at: 'ts',
		saved_by_user_id: 'user?',
	},
	announcements: {
		id: 'id',
		slug: 'text?',
		title: 'text',
		lead: 'text?',
		excerpt: 'text?',
		body: 'text?',
		cover_url: 'text?',
		hero_bg_url: 'text?',
		href: 'text?',
		gallery: 'text?',
		published_at: 'ts?',
		featured_home: 'bool',
		featured_until: 'ts?',
		order_index: 'int?',
		created_by: 'user?',
		share_card_key: 'text?',
		share_card_fingerprint: 'text?',
		created_at: 'ts',
		updated_at: 'ts',
	},
	events: {
		id: 'id',
		slug: 'text',
		title: 'text',
		lead: 'text?',
		excerpt: 'text?',
		body: 'text?',
		starts_at: 'ts?',
		ends_at: 'ts?',
		location: 'text?',
		cover_url: 'text?',
		hero_bg_url: 'text?',
		gallery: 'text?',
		featured_home: 'bool',
		featured_until: 'ts?',
		share_card_key: 'text?',
		share_card_fingerprint: 'text?',
		created_at: 'ts',
		updated_at: 'ts',
		sequence: 'int',
	},
	calendar_entries: { id: 'id', title: 'text', date: 'text', created_at: 'ts', updated_at: 'ts', sequence: 'int' },
	bulletins: { id: 'id', year: 'int', month: 'month', pdf_url: 'text', cover_url: 'text?', created_at: 'ts', updated_at: 'ts' },
	bulletin_texts: {
		bulletin_id: 'int',
		pdf_url: 'text',
		status: 'text',
		pages: 'int',
		attempts: 'int',
		detail: 'text?',
		claim: 'text',
		claimed_until: 'ts?',
		updated_at: 'ts',
	},
	bulletin_pages: { bulletin_id: 'int', page: 'int', text: 'text' },
	alumni_news: {
		id: 'id',
		slug: 'text',
		title: 'text',
		link: 'text?',
		description: 'text?',
		image_url: 'text?',
		cover_url: 'text?',
		share_card_key: 'text?',
		share_card_fingerprint: 'text?',
		created_at: 'ts',
		updated_at: 'ts',
	},
	member_perks: {
		id: 'id',
		business_name: 'text',
		category: 'text?',
		discount: 'text?',
		discount_code: 'text?',
		contact_phone: 'text?',
		contact_email: 'text?',
		contact_web: 'text?',
		contact_address: 'text?',
		alumnus_name: 'text?',
		logo_url: 'text?',
		idx: 'int?',
		created_at: 'ts',
		updated_at: 'ts',
	},
	board_members: {
		id: 'id',
		name: 'text',
		role: 'text?',
		photo_url: 'text?',
		group: 'text',
		term: 'text?',
		order_index: 'int',
		created_at: 'ts',
		updated_at: 'ts',
	},
	awards: {
		id: 'id',
		first_name: 'text',
		last_name: 'text',
		nds_surname: 'text?',
		nds_year: 'int',
		title: 'text?',
		profession: 'text?',
		award_year: 'int?',
		created_at: 'ts',
	},
	literature_books: {
		id: 'id',
		year: 'int',
		title: 'text',
		author: 'text',
		caption: 'text',
		image_url: 'text?',
		honourable_mention: 'bool',
		order_index: 'int',
		created_at: 'ts',
	},
	literature_award_years: { id: 'id', year: 'int', jury: 'text?', announcement: 'text?', created_at: 'ts', updated_at: 'ts' },
	hero_slides: {
		id: 'id',
		title: 'text',
		text: 'text?',
		link_url: 'text?',
		link_label: 'text?',
		image_key: 'text?',
		image_asset: 'text?',
		order_index: 'int',
		created_at: 'ts',
		updated_at: 'ts',
	},
	search_documents: {
		id: 'id',
		kind: 'text',
		ref_id: 'text',
		title: 'text',
		body: 'text',
		url: 'text',
		title_folded: 'text',
		text_folded: 'text',
		sort_at: 'ts?',
		published_at: 'ts?',
	},
	pending_deletions: { key: 'text', delete_after: 'ts' },
}

/** Columns that are unique together, so generated rows never collide (each list is one unique key). */
const UNIQUE: Record<string, Array<string>> = {
	users: ['id'],
	two_factor: ['user_id'],
	accounts: ['id'],
	announcements: ['slug'],
	app_meta: ['key'],
	settings: ['key'],
	pages: ['slug'],
	events: ['slug'],
	alumni_news: ['slug'],
	bulletins: ['year', 'month'],
	bulletin_texts: ['bulletin_id'],
	bulletin_pages: ['bulletin_id', 'page'],
	literature_award_years: ['year'],
	search_documents: ['kind', 'ref_id'],
	pending_deletions: ['key'],
}

const SPECIALS = [
	'\u2028',
	'\u2029',
	'satır\u2028ayırıcı\u2029paragraf',
	'\r\n',
	'\n',
	'\r',
	'\t\u000b\u000c',
	'\u0001\u0002\u001b\u001f\u007f',
	'\u0085\u00a0',
	'\ufeff',
	'\u200b\u200d\u2060',
	'\u202eters\u202c',
	'👩‍👩‍👧‍👦',
	'🇹🇷',
	'👍🏽',
	'İıŞşĞğÇçÖöÜü',
	'I\u0307i\u0307',
	'e\u0301',
	'𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
	'\uffff\ufffe',
	'\u{10ffff}',
	'"\\\'`',
	'</script><!--',
	'{"type":"end"}',
	'',
	' ',
]

/** Any Unicode text either database stores: no NUL (PostgreSQL refuses it), no lone surrogates (neither database keeps them). */
const anyText = fc
	.oneof(
		fc.string({ unit: 'grapheme', maxLength: 24 }),
		fc.string({ unit: 'binary', maxLength: 24 }),
		fc.array(fc.constantFrom(...SPECIALS), { maxLength: 4 }).map((parts) => parts.join('')),
	)
	.map((text) => text.replaceAll('\u0000', ''))

const timestamp = fc
	.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T23:59:59Z'), noInvalidDate: true })
	.map((d) => d.toISOString())

type GeneratedRow = Record<string, unknown>

function valueArbitrary(kind: Kind, userIds: Array<string>): fc.Arbitrary<unknown> {
	switch (kind) {
		case 'text':
			return anyText
		case 'text?':
			return fc.option(anyText, { nil: null })
		case 'bool':
			return fc.boolean()
		case 'int':
			return fc.integer({ min: -100_000, max: 100_000 })
		case 'int?':
			return fc.option(fc.integer({ min: -100_000, max: 100_000 }), { nil: null })
		case 'month':
			return fc.integer({ min: 1, max: 12 })
		case 'ts':
			return timestamp
		case 'ts?':
			return fc.option(timestamp, { nil: null })
		case 'credential':
			return fc.constant('credential')
		case 'bodyFormat':
			return fc.constantFrom('markdown', 'html')
		case 'role':
			return fc.constantFrom('admin', 'editor')
		case 'auditKind':
			return fc.constantFrom('auth', 'account', 'content', 'settings')
		case 'metaKey':
			return fc.oneof(fc.constantFrom('content:version', 'seed:demo', 'search:version'), fc.stringMatching(/^search:[a-z_]{1,12}$/))
		case 'user':
			return fc.constantFrom(...userIds)
		case 'user?':
			return userIds.length > 0 ? fc.option(fc.constantFrom(...userIds), { nil: null }) : fc.constant(null)
		case 'id':
			return fc.constant(0)
	}
}

function rowsArbitrary(table: string, userIds: Array<string>, maxLength: number) {
	const columns = COLUMNS[table] as Record<string, Kind>
	if (Object.values(columns).includes('user') && userIds.length === 0) return fc.constant([] as Array<GeneratedRow>)
	const row = fc.record(Object.fromEntries(Object.entries(columns).map(([c, kind]) => [c, valueArbitrary(kind, userIds)])))
	const unique = UNIQUE[table]
	const rows = unique
		? fc.uniqueArray(row, { maxLength, selector: (r) => JSON.stringify(unique.map((c) => r[c])) })
		: fc.array(row, { maxLength })
	return rows.map((list) => withoutRepeated(table, list).map((r, i) => (columns.id === 'id' ? { ...r, id: i + 1 } : r)))
}

/** Further unique columns of their own (users.email besides users.id): a later row repeating one is left out. */
const ALSO_UNIQUE: Record<string, Array<string>> = { users: ['email'] }

function withoutRepeated(table: string, rows: Array<GeneratedRow>) {
	const seen = new Map<string, Set<unknown>>()
	return rows.filter((row) =>
		(ALSO_UNIQUE[table] ?? []).every((column) => {
			const values = seen.get(column) ?? new Set()
			seen.set(column, values)
			if (values.has(row[column])) return false
			values.add(row[column])
			return true
		}),
	)
}

const datasetArbitrary = rowsArbitrary('users', [], 2).chain((users) => {
	const ids = users.map((u) => u.id as string)
	const others = BACKUP_TABLES.filter((t) => t !== 'users')
	return fc
		.tuple(
			fc.tuple(...others.map((t) => rowsArbitrary(t, ids, 2))),
			fc.uniqueArray(
				fc.record({
					key: fc.stringMatching(/^[a-z0-9]{1,8}$/).map((name) => `announcements/${name}.jpg`),
					body: fc.uint8Array({ maxLength: 3000 }),
				}),
				{ maxLength: 2, selector: (f) => f.key },
			),
		)
		.map(([rows, files]) => ({
			tables: new Map<string, Array<GeneratedRow>>([['users', users], ...others.map((t, i) => [t, rows[i] ?? []] as const)]),
			files,
		}))
})

async function clearSite(tdb: TestDatabase) {
	for (const table of Object.keys(TABLE_POLICY).toReversed()) await sql`delete from ${sql.table(table)}`.execute(tdb.handle.db)
	for (const key of await tdb.storage.list()) await tdb.storage.remove(key)
}

async function fillSite(
	tdb: TestDatabase,
	dataset: { tables: Map<string, Array<GeneratedRow>>; files: Array<{ key: string; body: Uint8Array }> },
) {
	for (const [table, rows] of dataset.tables) {
		if (rows.length > 0)
			await tdb.handle.db
				.insertInto(table as 'users')
				.values(rows as never)
				.execute()
	}
	for (const { key, body } of dataset.files) await tdb.storage.put(key, body, { contentType: 'image/jpeg', durable: false })
}

async function siteState(tdb: TestDatabase, encrypted = true) {
	const tables = Object.fromEntries(
		Object.entries(await readBackedUpTables(tdb.handle, { encrypted })).map(([name, dump]) => [name, dump.rows]),
	)
	const files: Record<string, string> = {}
	for (const key of await tdb.storage.list()) files[key] = (await tdb.storage.get(key))?.body.toString('base64') ?? ''
	return { tables, files }
}

/** Row counts of every table in the database (classified or not) and the media keys. */
async function everything(tdb: TestDatabase) {
	const counts: Record<string, number> = {}
	for (const { name } of await tdb.handle.db.introspection.getTables()) {
		const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(tdb.handle.db)
		counts[name] = Number(row.rows[0]?.n)
	}
	return { counts, media: await tdb.storage.list() }
}

/** Rows a newly migrated database holds before any content: the default hero slides. */
const SEEDED_BY_MIGRATIONS: Record<string, number> = { hero_slides: 3 }

const nothing = (state: Awaited<ReturnType<typeof everything>>) => ({
	counts: Object.fromEntries(Object.keys(state.counts).map((name) => [name, SEEDED_BY_MIGRATIONS[name] ?? 0])),
	media: [],
})

async function openSite(dialect: Dialect) {
	const tdb = await createTestDatabase(dialect)
	await migrateToLatest(tdb.handle.db)
	return tdb
}

test('the generated rows cover every column of every backed-up table', async () => {
	const tdb = await openSite('sqlite')
	try {
		const tables = new Map((await tdb.handle.db.introspection.getTables()).map((t) => [t.name, t.columns.map((c) => c.name)]))
		for (const table of BACKUP_TABLES) {
			const policy = TABLE_POLICY[table]
			const omitted = policy?.backup ? (policy.omitColumns ?? []) : []
			expect(Object.keys(COLUMNS[table] ?? {}).toSorted(), table).toEqual(
				(tables.get(table) ?? []).filter((c) => !omitted.includes(c)).toSorted(),
			)
		}
	} finally {
		await tdb.cleanup()
	}
})

for (const from of dialectsUnderTest()) {
	const targets = from === 'sqlite' ? dialectsUnderTest() : (['postgres', 'sqlite'] as const)
	test(
		`restores any Unicode text in every column from ${from} into ${targets.join(' and ')}, row for row`,
		{ timeout: 240_000 },
		async () => {
			const source = await openSite(from)
			const sites = await Promise.all(targets.map((to) => openSite(to)))
			const dir = makeTempDir('site-backup-prop-')
			try {
				await fc.assert(
					fc.asyncProperty(datasetArbitrary, fc.boolean(), fc.integer({ min: 64, max: 70_000 }), async (dataset, encrypted, blockBytes) => {
						await clearSite(source)
						await fillSite(source, dataset)
						const file = path.join(dir, 'yedek.bak')
						const options = encrypted ? { passphrase: PASSPHRASE, kdf: FAST_KDF, blockBytes } : { blockBytes }
						const summary = await createBackup(
							{ handle: source.handle, sqliteFile: from === 'sqlite' ? source.url.slice('file:'.length) : undefined },
							source.storage,
							file,
							options,
						)
						// A plain backup holds no two-factor secrets or recovery codes (TABLE_POLICY onlyEncrypted).
						const expected = await siteState(source, encrypted)
						const texts = [...dataset.tables]
							.filter(([table]) => encrypted || !(TABLE_POLICY[table]?.backup && TABLE_POLICY[table].onlyEncrypted))
							.map(([, rows]) => rows)
							.flatMap((rows) => rows.flatMap((row) => Object.values(row).filter((v): v is string => typeof v === 'string')))
						const stored = JSON.stringify(expected.tables)
						for (const text of texts) expect(stored).toContain(JSON.stringify(text).slice(1, -1))
						for (const target of sites) {
							await clearSite(target)
							const restored = await restoreBackup(
								file,
								{ handle: target.handle, storage: target.storage },
								encrypted ? { passphrase: PASSPHRASE } : {},
							)
							expect(restored.rows).toBe(summary.rows)
							expect(await siteState(target)).toEqual(expected)
						}
					}),
					{ numRuns: from === 'sqlite' ? 12 : 6 },
				)
			} finally {
				await source.cleanup()
				for (const site of sites) await site.cleanup()
				fs.rmSync(dir, { recursive: true, force: true })
			}
		},
	)
}

test('restores an old-format backup whose text holds U+2028 and U+2029, leaving its sign-in data out', async () => {
	const target = await openSite('sqlite')
	const dir = makeTempDir('site-backup-legacy-')
	try {
		const title = 'Word\u2028yapıştırması\u2029İkinci paragraf'
		const stamp = '2026-11-20T10:00:00.000Z'
		const tables = [
			{ name: 'sessions', columns: ['id', 'token', 'user_id'], rows: [['s1', 'oturum-jetonu-eski', 'u1']] },
			{
				name: 'app_meta',
				columns: ['key', 'value'],
				rows: [
					['auth_secret', 'eski-gizli-anahtar'],
					['seed:demo', stamp],
				],
			},
			{
				name: 'calendar_entries',
				columns: ['id', 'title', 'date', 'created_at', 'updated_at'],
				rows: [[1, title, '2026-12-01', stamp, stamp]],
			},
		]
		const body = Buffer.from('legacy image bytes')
		const lines = [
			{
				type: 'header',
				format: 'nds-site-backup',
				version: 1,
				createdAt: stamp,
				dialect: 'sqlite',
				migrations: await appliedMigrations(target),
			},
			...tables.flatMap((t) => [
				{
					type: 'table',
					name: t.name,
					columns: t.columns,
					booleans: [],
					rowCount: t.rows.length,
					sha256: tableChecksum(t.columns, t.rows),
				},
				{ type: 'rows', table: t.name, rows: t.rows },
			]),
			{
				type: 'file',
				key: 'events/1700-ab.jpg',
				size: body.length,
				sha256: crypto.createHash('sha256').update(body).digest('hex'),
				data: body.toString('base64'),
			},
			{ type: 'end', tables: 3, rows: 4, files: 1 },
		]
		const file = path.join(dir, 'eski.ndjson.gz')
		fs.writeFileSync(file, zlib.gzipSync(lines.map((l) => `${JSON.stringify(l)}\n`).join('')))
		expect(fs.readFileSync(file).length).toBeGreaterThan(0)

		const report = await verifyBackup(file)
		expect(report).toMatchObject({ legacy: true, encrypted: false, tables: 3, files: 1, notRestored: ['sessions'] })
		const restored = await restoreBackup(file, { handle: target.handle, storage: target.storage })
		expect(restored.skipped).toEqual(['sessions'])
		expect(await target.handle.db.selectFrom('calendar_entries').select('title').execute()).toEqual([{ title }])
		expect(await target.handle.db.selectFrom('app_meta').select(['key', 'value']).execute()).toEqual([{ key: 'seed:demo', value: stamp }])
		expect((await target.storage.get('events/1700-ab.jpg'))?.body).toEqual(body)
	} finally {
		await target.cleanup()
		fs.rmSync(dir, { recursive: true, force: true })
	}
})

async function appliedMigrations(tdb: TestDatabase) {
	return (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(tdb.handle.db)).rows.map((r) => r.name)
}

/** A small site with rows in early and late tables and several media files. */
async function smallSite(tdb: TestDatabase) {
	const stamp = '2026-11-22T09:00:00.000Z'
	await tdb.handle.db
		.insertInto('announcements')
		.values([1, 2, 3].map((n) => ({ title: `Duyuru ${n}\u2028satır`, featured_home: false, created_at: stamp, updated_at: stamp })))
		.execute()
	await tdb.handle.db
		.insertInto('awards')
		.values([1, 2].map((n) => ({ first_name: `Ayşe ${n}`, last_name: 'Işık', nds_year: 1990 + n, created_at: stamp })))
		.execute()
	for (const n of [1, 2, 3, 4])
		await tdb.storage.put(`announcements/1700-${n}.jpg`, crypto.randomBytes(4000), { contentType: 'image/jpeg', durable: false })
}

for (const dialect of dialectsUnderTest()) {
	test(
		`a ${dialect} restore that fails midway leaves the target database and media store exactly as they were`,
		{ timeout: 60_000 },
		async () => {
			const source = await openSite(dialect)
			const target = await openSite(dialect)
			const dir = makeTempDir('site-backup-fail-')
			const staging = path.join(dir, 'staging')
			fs.mkdirSync(staging)
			try {
				await smallSite(source)
				const file = path.join(dir, 'yedek.bak')
				await createBackup({ handle: source.handle }, source.storage, file, { passphrase: PASSPHRASE, kdf: FAST_KDF, blockBytes: 1024 })
				const empty = await everything(target)
				expect(empty).toEqual(nothing(empty))

				const records: Array<ArchiveRecord> = []
				for await (const record of readArchiveRecords(file, { passphrase: PASSPHRASE })) records.push(record)
				const awardsTable = records.find((r) => r.line.type === 'table' && r.line.name === 'awards')?.line
				const awardsRows = records.find((r) => r.line.type === 'rows' && r.line.table === 'awards')?.line
				if (awardsTable?.type !== 'table' || awardsRows?.type !== 'rows') throw new Error('no awards in the backup')
				awardsRows.rows.push([...(awardsRows.rows[0] ?? [])])
				awardsTable.rowCount++
				awardsTable.sha256 = tableChecksum(awardsTable.columns, awardsRows.rows)
				const end = records.at(-1)?.line
				if (end?.type === 'end') end.rows++
				const duplicate = path.join(dir, 'tekrar.bak')
				await writeArchiveRecords(duplicate, records, { passphrase: PASSPHRASE, kdf: FAST_KDF })
				await expect(verifyBackup(duplicate, { passphrase: PASSPHRASE })).resolves.toMatchObject({ tables: expect.any(Number) })
				await expect(restoreBackup(duplicate, target, { passphrase: PASSPHRASE, stagingDir: staging })).rejects.toThrow(
					/Restoring table awards failed/,
				)
				expect(await everything(target)).toEqual(empty)
				expect(fs.readdirSync(staging)).toEqual([])

				let puts = 0
				const failingStore: StorageDriver = {
					...target.storage,
					async put(key, body, options) {
						if (++puts === 3) throw new Error('disk full')
						await target.storage.put(key, body, options)
					},
				}
				await expect(
					restoreBackup(file, { handle: target.handle, storage: failingStore }, { passphrase: PASSPHRASE, stagingDir: staging }),
				).rejects.toThrow(/disk full/)
				expect(puts).toBe(3)
				expect(await everything(target)).toEqual(empty)
				expect(fs.readdirSync(staging)).toEqual([])

				await expect(restoreBackup(file, target, { passphrase: PASSPHRASE, stagingDir: staging })).resolves.toMatchObject({ files: 4 })
				expect(await siteState(target)).toEqual(await siteState(source))
			} finally {
				await source.cleanup()
				await target.cleanup()
				fs.rmSync(dir, { recursive: true, force: true })
			}
		},
	)
}

test('a damaged or cut backup changes nothing in the target, not even its schema', async () => {
	const source = await openSite('sqlite')
	const target = await createTestDatabase('sqlite')
	const dir = makeTempDir('site-backup-damage-')
	try {
		await smallSite(source)
		const file = path.join(dir, 'yedek.bak')
		await createBackup({ handle: source.handle }, source.storage, file, { blockBytes: 1024 })
		const bytes = fs.readFileSync(file)
		const flipped = Buffer.from(bytes)
		flipped[bytes.length - 40] = (flipped[bytes.length - 40] ?? 0) ^ 0x01
		const damaged = path.join(dir, 'bozuk.bak')
		fs.writeFileSync(damaged, flipped)
		const cut = path.join(dir, 'kesik.bak')
		fs.writeFileSync(cut, bytes.subarray(0, bytes.length - 1500))
		for (const broken of [damaged, cut]) {
			await expect(restoreBackup(broken, target)).rejects.toBeInstanceOf(BackupError)
			expect(await pendingMigrations(target.handle.db)).toEqual(Object.keys(migrations))
			expect(await target.storage.list()).toEqual([])
		}
	} finally {
		await source.cleanup()
		await target.cleanup()
		fs.rmSync(dir, { recursive: true, force: true })
	}
})

for (const encrypted of [false, true]) {
	test(
		`verify catches every flipped byte, every truncation and appended bytes in ${encrypted ? 'an encrypted' : 'a plain'} backup`,
		{ timeout: 120_000 },
		async () => {
			const source = await openSite('sqlite')
			const dir = makeTempDir('site-backup-verify-')
			try {
				await smallSite(source)
				const file = path.join(dir, 'yedek.bak')
				const options = encrypted ? { passphrase: PASSPHRASE, kdf: FAST_KDF, blockBytes: 512 } : { blockBytes: 512 }
				await createBackup({ handle: source.handle }, source.storage, file, options)
				const read = encrypted ? { passphrase: PASSPHRASE } : {}
				await expect(verifyBackup(file, read)).resolves.toMatchObject({ encrypted, files: 4, tables: BACKUP_TABLES.length })
				const bytes = fs.readFileSync(file)
				const probe = path.join(dir, 'probe.bak')
				const rejects = async (content: Buffer) => {
					fs.writeFileSync(probe, content)
					const error = await verifyBackup(probe, read).then(
						() => null,
						(e: unknown) => e,
					)
					expect(error).toBeInstanceOf(BackupError)
					return error as BackupError
				}
				await fc.assert(
					fc.asyncProperty(fc.nat({ max: bytes.length - 1 }), fc.integer({ min: 1, max: 255 }), async (at, mask) => {
						const copy = Buffer.from(bytes)
						copy[at] = (copy[at] ?? 0) ^ mask
						const error = await rejects(copy)
						expect(error.message).toMatch(/damaged|truncated|not a backup|passphrase|newer version/)
					}),
					{ numRuns: 80 },
				)
				await fc.assert(
					fc.asyncProperty(fc.nat({ max: bytes.length - 1 }), async (length) => {
						const error = await rejects(bytes.subarray(0, length))
						expect(error.message).toMatch(/truncated|not a backup|damaged/)
					}),
					{ numRuns: 40 },
				)
				expect((await rejects(Buffer.concat([bytes, Buffer.from([0])]))).message).toMatch(/after its last block/)
				const withPassphrase = await verifyBackup(file, { passphrase: PASSPHRASE }).then(
					(report) => report.encrypted,
					(e: unknown) => (e as BackupError).code,
				)
				expect(withPassphrase).toBe(encrypted ? true : 'not-encrypted')
			} finally {
				await source.cleanup()
				fs.rmSync(dir, { recursive: true, force: true })
			}
		},
	)
}

test(
	'verify names a wrong or missing passphrase, and accepts the same words typed in another normal form',
	{ timeout: 60_000 },
	async () => {
		const source = await openSite('sqlite')
		const dir = makeTempDir('site-backup-passphrase-')
		try {
			const file = path.join(dir, 'yedek.bak')
			await createBackup({ handle: source.handle }, source.storage, file, { passphrase: PASSPHRASE, kdf: FAST_KDF })
			await fc.assert(
				fc.asyncProperty(
					anyText.filter((p) => p.normalize('NFC') !== PASSPHRASE),
					async (wrong) => {
						await expect(verifyBackup(file, { passphrase: wrong })).rejects.toMatchObject({ code: 'wrong-passphrase' })
					},
				),
				{ numRuns: 20 },
			)
			await expect(verifyBackup(file)).rejects.toMatchObject({ code: 'passphrase-required' })
			expect(PASSPHRASE.normalize('NFD')).not.toBe(PASSPHRASE)
			await expect(verifyBackup(file, { passphrase: PASSPHRASE.normalize('NFD') })).resolves.toMatchObject({ encrypted: true })
		} finally {
			await source.cleanup()
			fs.rmSync(dir, { recursive: true, force: true })
		}
	},
)

async function backupWithNul(dir: string) {
	const source = await openSite('sqlite')
	const stamp = '2026-11-22T09:00:00.000Z'
	await source.handle.db
		.insertInto('calendar_entries')
		.values({ title: 'Toplantı', date: '2026-12-01', created_at: stamp, updated_at: stamp })
		.execute()
	await source.handle.db
		.insertInto('awards')
		.values({ first_name: 'Ayşe\u0000Nur', last_name: 'Işık', nds_year: 1991, created_at: stamp })
		.execute()
	const file = path.join(dir, 'yedek.bak')
	await createBackup({ handle: source.handle }, source.storage, file)
	await source.cleanup()
	return file
}

test('a NUL character in SQLite text restores into SQLite', async () => {
	const target = await openSite('sqlite')
	const dir = makeTempDir('site-backup-nul-')
	try {
		await restoreBackup(await backupWithNul(dir), target)
		expect(await target.handle.db.selectFrom('awards').select('first_name').execute()).toEqual([{ first_name: 'Ayşe\u0000Nur' }])
	} finally {
		await target.cleanup()
		fs.rmSync(dir, { recursive: true, force: true })
	}
})

test.skipIf(!dialectsUnderTest().includes('postgres'))(
	'a NUL character restored into PostgreSQL fails with a clear message and changes nothing',
	{ timeout: 60_000 },
	async () => {
		const target = await openSite('postgres')
		const dir = makeTempDir('site-backup-nul-')
		try {
			const before = await everything(target)
			await expect(restoreBackup(await backupWithNul(dir), target)).rejects.toThrow(
				/Restoring table awards failed \(PostgreSQL cannot store the character U\+0000 in text\)/,
			)
			expect(await everything(target)).toEqual(before)
			expect(before).toEqual(nothing(before))
		} finally {
			await target.cleanup()
			fs.rmSync(dir, { recursive: true, force: true })
		}
	},
)
