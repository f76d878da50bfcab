import { expect, test } from 'vitest'
import {
	bumpContentVersion,
	getCacheState,
	nextTimedChange,
	readContentVersion,
	resetCacheStateForTests,
} from './content-version.server.ts'
import { migrateToLatest } from './migrate.server.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'

for (const dialect of dialectsUnderTest()) {
	test(`bumps the content version in the writing transaction (${dialect})`, async () => {
		const tdb = await createTestDatabase(dialect)
		try {
			const { db } = tdb.handle
			await migrateToLatest(db)
			expect(await readContentVersion()).toBe('0')
			await bumpContentVersion()
			await bumpContentVersion()
			expect(await readContentVersion()).toBe('2')
			await db
				.transaction()
				.execute(async (trx) => {
					await bumpContentVersion(trx)
					throw new Error('rolled back')
				})
				.catch(() => {})
			expect(await readContentVersion()).toBe('2')
			await Promise.all(Array.from({ length: 8 }, () => db.transaction().execute((trx) => bumpContentVersion(trx))))
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
			await bumpContentVersion()
			expect((await getCacheState(now)).version).toBe('1')
		} finally {
			await tdb.cleanup()
		}
	})
}
