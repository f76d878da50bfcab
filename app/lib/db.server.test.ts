import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { Kysely, SqliteDialect } from 'kysely'
import { afterEach, expect, test } from 'vitest'
import { makeTempDir } from '#tests/setup/db.ts'
import { createDatabase, openSqlite } from './db.server.ts'

const dirs: Array<string> = []
afterEach(() => {
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function open() {
	const dir = makeTempDir('site-sqlite-rows-')
	dirs.push(dir)
	const file = path.join(dir, 'site.db')
	const sqlite = openSqlite(file)
	sqlite.raw.exec(`create table items (id integer primary key, title text, body text, n integer, price real, data blob, at text)`)
	return { sqlite, file, db: new Kysely<{ items: Record<string, unknown> }>({ dialect: new SqliteDialect({ database: sqlite }) }) }
}

test('rows read through the SQLite driver are the objects node:sqlite makes, value for value, in column order', async () => {
	const { sqlite, file, db } = open()
	const rows = [
		{ id: 1, title: 'İğdır’da buluşma', body: null, n: 3, price: 12.5, data: new Uint8Array([0, 255]), at: '2027-01-15T16:30:00.000Z' },
		{ id: 2, title: 'ıslak "tırnak" \\ ve \n satır', body: 'x'.repeat(5000), n: 0, price: null, data: null, at: null },
	]
	await db.insertInto('items').values(rows).execute()
	const through = await db.selectFrom('items').selectAll().orderBy('id').execute()
	const plain = new DatabaseSync(file, { readOnly: true })
	const expected = plain.prepare('select * from items order by id').all()
	expect(through).toEqual(expected)
	expect(through.map((row) => Object.keys(row))).toEqual(expected.map((row) => Object.keys(row)))
	// Columns named like object internals or with quotes stay plain data.
	const odd = await db
		.selectFrom('items')
		.select((eb) => [eb.ref('title').as('__proto__'), eb.ref('n').as('a"b'), eb.ref('id').as('constructor')])
		.where('id', '=', 1)
		.executeTakeFirstOrThrow()
	expect(Object.getPrototypeOf(odd)).toBe(Object.prototype)
	expect(Object.keys(odd)).toEqual(['__proto__', 'a"b', 'constructor'])
	expect(
		Object.keys(plain.prepare(`select title as "__proto__", n as "a""b", id as "constructor" from items where id = 1`).get() ?? {}),
	).toEqual(Object.keys(odd))
	expect(odd).toMatchObject({ 'a"b': 3, constructor: 1 })
	expect(Object.getOwnPropertyDescriptor(odd, '__proto__')?.value).toBe('İğdır’da buluşma')
	// A name given twice: its first place, its last value, as node:sqlite does.
	const twice = sqlite.prepare('select id as k, title as k, n from items where id = ?').all([2])
	expect(twice).toEqual(plain.prepare('select id as k, title as k, n from items where id = 2').all())
	// Streamed rows are the same objects; a write returns no rows and still runs.
	const streamed: Array<unknown> = []
	for await (const row of db.selectFrom('items').select(['id', 'title']).orderBy('id').stream()) streamed.push(row)
	expect(streamed).toEqual(expected.map(({ id, title }) => ({ id, title })))
	expect(sqlite.prepare('update items set n = n + 1').all([])).toEqual([])
	expect(plain.prepare('select sum(n) as total from items').get()).toEqual({ total: 5 })
	// Returning clauses come back as rows.
	const inserted = await db.insertInto('items').values({ id: 3, title: 'üç' }).returning(['id', 'title']).executeTakeFirst()
	expect(inserted).toEqual({ id: 3, title: 'üç' })
	plain.close()
	await db.destroy()
})

/** The packages (under node_modules) a fresh Node process loads to open this database and run one query. */
function packagesLoadedFor(config: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string }) {
	const script = `
		import module from 'node:module'
		const loaded = new Set()
		module.registerHooks({ resolve(specifier, context, next) {
			const result = next(specifier, context)
			const name = /\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(result.url)?.[1]
			if (name) loaded.add(name)
			return result
		} })
		const { createDatabase } = await import('#app/lib/db.server.ts')
		const { sql } = await import('kysely')
		const handle = createDatabase(${JSON.stringify(config)})
		await sql\`select 1\`.execute(handle.db)
		await handle.close()
		console.log(JSON.stringify([...loaded]))
	`
	const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: process.cwd(), encoding: 'utf8' })
	expect(result.stderr).toBe('')
	return JSON.parse(result.stdout) as Array<string>
}

test('a site on SQLite never loads the PostgreSQL driver', () => {
	const dir = makeTempDir('site-sqlite-driver-')
	dirs.push(dir)
	const loaded = packagesLoadedFor({ dialect: 'sqlite', file: path.join(dir, 'site.db') })
	expect(loaded).toContain('kysely')
	expect(loaded).not.toContain('pg')
})

test.skipIf(!process.env.TEST_POSTGRES_URL)('a site on PostgreSQL loads the driver for its first query', () => {
	expect(packagesLoadedFor({ dialect: 'postgres', url: process.env.TEST_POSTGRES_URL as string })).toContain('pg')
})

test('the site database on SQLite writes a whole-number LIMIT into the SQL and binds anything else', async () => {
	const dir = makeTempDir('site-sqlite-limit-')
	dirs.push(dir)
	const handle = createDatabase({ dialect: 'sqlite', file: path.join(dir, 'site.db') })
	const db = handle.db as unknown as Kysely<{ items: { id: number; title: string } }>
	try {
		await db.schema
			.createTable('items')
			.addColumn('id', 'integer', (c) => c.primaryKey())
			.addColumn('title', 'text')
			.execute()
		await db
			.insertInto('items')
			.values([1, 2, 3, 4, 5].map((id) => ({ id, title: `Duyuru ${id}` })))
			.execute()
		const query = db.selectFrom('items').select('id').where('id', '>', 1).orderBy('id').limit(2).offset(1)
		const compiled = query.compile()
		expect(compiled.sql).toMatch(/ limit 2 offset \?$/)
		expect(compiled.parameters).toEqual([1, 1])
		expect(await query.execute()).toEqual([{ id: 3 }, { id: 4 }])
		// The same query with another limit is a statement of its own, with its own rows.
		expect(await db.selectFrom('items').select('id').orderBy('id').limit(3).execute()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }])
		// Not a safe integer: bound, as Kysely does (SQLite refuses a fraction either way).
		const fraction = db.selectFrom('items').select('id').limit(1.5).compile()
		expect(fraction.sql).toMatch(/ limit \?$/)
		expect(fraction.parameters).toEqual([1.5])
		// A limit inside a subquery is left as it is.
		const inner = db
			.selectFrom((eb) => eb.selectFrom('items').select('id').limit(4).as('first'))
			.select('id')
			.compile()
		expect(inner.sql).toMatch(/limit \?\) as "first"$/)
	} finally {
		await handle.close()
	}
})
