import sharp from 'sharp'
import { expect, test } from 'vitest'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createTestDatabase } from '#tests/setup/db.ts'
import { imageFieldChange, withStoredFiles } from './form-media.server.ts'
import { collectDeletedMedia, deleteMediaLater, DELETION_GRACE_MS } from './media.server.ts'

const jpeg = async () =>
	new File(
		[
			await sharp({ create: { width: 700, height: 400, channels: 3, background: '#c9a227' } })
				.jpeg()
				.toBuffer(),
		],
		'foto.jpg',
		{ type: 'image/jpeg' },
	)

test('stores a new image, keeps or removes the current one, and never trusts a posted key', async () => {
	const tdb = await createTestDatabase('sqlite')
	try {
		await migrateToLatest(tdb.handle.db)
		const form = new FormData()
		form.set('cover_key', 'events/someone-elses-file-800x600.jpg')
		expect(
			await imageFieldChange(
				form,
				{ file: 'cover_file', remove: 'cover_key_remove' },
				{ folder: 'events', current: 'events/mine-800x600.jpg' },
			),
		).toEqual({
			key: 'events/mine-800x600.jpg',
			stored: [],
			replaced: [],
		})
		form.set('cover_key_remove', 'on')
		expect(
			await imageFieldChange(
				form,
				{ file: 'cover_file', remove: 'cover_key_remove' },
				{ folder: 'events', current: 'events/mine-800x600.jpg' },
			),
		).toEqual({
			key: null,
			stored: [],
			replaced: ['events/mine-800x600.jpg'],
		})
		form.set('cover_file', await jpeg())
		const change = await imageFieldChange(form, { file: 'cover_file' }, { folder: 'events', current: 'events/mine-800x600.jpg' })
		expect(change.key).toMatch(/^events\/\d+-[0-9a-f]{8}-700x400\.jpg$/)
		expect(change.stored).toEqual([change.key])
		expect(change.replaced).toEqual(['events/mine-800x600.jpg'])
		expect(await tdb.storage.exists(change.key!)).toBe(true)

		await expect(withStoredFiles([change], () => Promise.reject(new Error('db down')))).rejects.toThrow('db down')
		expect(await tdb.storage.list('events/')).toEqual([])
	} finally {
		await tdb.cleanup()
	}
})

test('deletes replaced files only after the grace period', async () => {
	const tdb = await createTestDatabase('sqlite')
	try {
		await migrateToLatest(tdb.handle.db)
		const form = new FormData()
		form.set('file', await jpeg())
		const { key } = await imageFieldChange(form, { file: 'file' }, { folder: 'perks', current: null })
		const now = Date.now()
		await deleteMediaLater(tdb.handle.db, [key, 'https://example.org/x.jpg', '/assets/x.webp'], now)
		expect(await collectDeletedMedia(now + DELETION_GRACE_MS - 1000)).toBe(0)
		expect(await tdb.storage.exists(key!)).toBe(true)
		expect(await collectDeletedMedia(now + DELETION_GRACE_MS + 1000)).toBe(1)
		expect(await tdb.storage.list('perks/')).toEqual([])
		expect(await tdb.handle.db.selectFrom('pending_deletions').selectAll().execute()).toEqual([])
	} finally {
		await tdb.cleanup()
	}
})
