import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { seedDemo } from '#app/features/site/seed/demo.ts'
import { seedBase } from '#app/features/site/seed/index.ts'
import { createTestDatabase, dialectsUnderTest, makeTempDir, type TestDatabase } from '#tests/setup/db.ts'
import { BackupError, checksumsOf, createBackup, restoreBackup } from '#app/lib/backup.server.ts'
import { installDatabase } from '#app/lib/db.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { setStorageForTests } from '#app/lib/storage.server.ts'

function activate(tdb: TestDatabase) {
	installDatabase(tdb.handle)
	setStorageForTests(tdb.storage)
}

/** Writes in pairs inside one transaction, so a consistent snapshot always has as many entries as the counter says. */
async function writeUnderLoad(tdb: TestDatabase, stop: { done: boolean }) {
	let written = 0
	while (!stop.done) {
		await tdb.handle.db.transaction().execute(async (trx) => {
			const stamp = new Date().toISOString()
			await trx
				.insertInto('calendar_entries')
				.values({ title: `Yük testi ${written}`, date: '2027-01-01', created_at: stamp, updated_at: stamp })
				.execute()
			await trx
				.insertInto('settings')
				.values({ key: 'load:count', value: '1', updated_at: stamp })
				.onConflict((oc) => oc.column('key').doUpdateSet({ value: sql<string>`cast(cast(settings.value as integer) + 1 as text)` }))
				.execute()
		})
		written++
		await new Promise((resolve) => setImmediate(resolve))
	}
	return written
}

async function expectExactRestore(file: string, summary: Awaited<ReturnType<typeof createBackup>>, target: TestDatabase) {
	activate(target)
	const restored = await restoreBackup(file, { handle: target.handle, storage: target.storage })
	expect(restored.tables).toBe(summary.tables)
	expect(restored.rows).toBe(summary.rows)
	expect(restored.files).toBe(summary.files)

	const live = await checksumsOf(target.handle, target.storage)
	for (const [name, checksum] of Object.entries(summary.checksums)) expect(live[name], name).toBe(checksum)

	const counter = await target.handle.db.selectFrom('settings').select('value').where('key', '=', 'load:count').executeTakeFirst()
	const entries = await target.handle.db
		.selectFrom('calendar_entries')
		.select(sql<number>`count(*)`.as('n'))
		.where('title', 'like', 'Yük testi %')
		.executeTakeFirstOrThrow()
	expect(Number(entries.n)).toBe(Number(counter?.value ?? 0))

	const covers = await target.handle.db.selectFrom('announcements').select('cover_url').where('cover_url', 'is not', null).execute()
	const missing: Array<string | null> = []
	for (const { cover_url } of covers) if (!(await target.storage.exists(cover_url as string))) missing.push(cover_url)
	expect(missing).toEqual([])

	const stamp = new Date().toISOString()
	const before = await target.handle.db
		.selectFrom('announcements')
		.select(sql<number>`max(id)`.as('max'))
		.executeTakeFirstOrThrow()
	const inserted = await target.handle.db
		.insertInto('announcements')
		.values({ title: 'Geri yüklemeden sonra', featured_home: false, created_at: stamp, updated_at: stamp })
		.returning('id')
		.executeTakeFirstOrThrow()
	expect(inserted.id).toBeGreaterThan(Number(before.max))
}

for (const from of dialectsUnderTest()) {
	const targets = from === 'sqlite' ? dialectsUnderTest() : (['postgres'] as const)
	test(`backs up ${from} while it is written to and restores it exactly into ${targets.join(' and ')}`, { timeout: 240_000 }, async () => {
		const source = await createTestDatabase(from)
		const dir = makeTempDir('site-backup-test-')
		const file = path.join(dir, 'yedek.bak')
		try {
			activate(source)
			await migrateToLatest(source.handle.db)
			await seedBase(source.handle.db)
			await seedDemo(source.handle.db, { storage: source.storage, now: new Date('2026-11-22T09:00:00Z') })

			const stop = { done: false }
			const writer = writeUnderLoad(source, stop)
			const summary = await createBackup(
				{ handle: source.handle, sqliteFile: from === 'sqlite' ? source.url.slice('file:'.length) : undefined },
				source.storage,
				file,
			)
			stop.done = true
			await writer
			expect(summary.files).toBeGreaterThan(100)
			expect(summary.rows).toBeGreaterThan(200)

			for (const to of targets) {
				const target = await createTestDatabase(to)
				try {
					await expectExactRestore(file, summary, target)
				} finally {
					await target.cleanup()
				}
			}
		} finally {
			await source.cleanup()
			fs.rmSync(dir, { recursive: true, force: true })
		}
	})
}

test('refuses to restore over content, or a damaged file', async () => {
	const source = await createTestDatabase('sqlite')
	const target = await createTestDatabase('sqlite')
	const dir = makeTempDir('site-backup-test-')
	try {
		activate(source)
		await migrateToLatest(source.handle.db)
		const stamp = new Date().toISOString()
		await source.handle.db
			.insertInto('calendar_entries')
			.values({ title: 'Toplantı', date: '2026-12-01', created_at: stamp, updated_at: stamp })
			.execute()
		await source.storage.put('events/1700-ab.jpg', Buffer.from('jpeg bytes'), { contentType: 'image/jpeg' })
		const file = path.join(dir, 'a.bak')
		await createBackup({ handle: source.handle, sqliteFile: source.url.slice('file:'.length) }, source.storage, file)

		await expect(restoreBackup(file, { handle: source.handle, storage: source.storage })).rejects.toThrow(/not empty/)
		const broken = path.join(dir, 'broken.bak')
		fs.writeFileSync(broken, fs.readFileSync(file).subarray(0, 200))
		activate(target)
		await expect(restoreBackup(broken, { handle: target.handle, storage: target.storage })).rejects.toThrow(/truncated|incomplete|damaged/i)
		await expect(restoreBackup(path.join(dir, 'a.bak'), { handle: target.handle, storage: target.storage })).resolves.toMatchObject({
			files: 1,
		})
		await expect(restoreBackup(file, { handle: target.handle, storage: target.storage })).rejects.toBeInstanceOf(BackupError)
	} finally {
		await source.cleanup()
		await target.cleanup()
		fs.rmSync(dir, { recursive: true, force: true })
	}
})
