import crypto from 'node:crypto'
import path from 'node:path'
import { expect, test } from 'vitest'
import { makeTempDir } from '#tests/setup/db.ts'
import { startS3 } from '#tests/setup/s3.ts'
import { createS3Storage } from './storage-s3.server.ts'
import { assertSafeKey, StorageError, type StorageDriver } from './storage-driver.server.ts'
import { createDiskStorage } from './storage.server.ts'

async function exerciseDriver(storage: StorageDriver) {
	await storage.check()
	const bytes = crypto.randomBytes(300_000)
	await storage.put('events/1700000000-ab12cd-800x600.jpg', bytes, { contentType: 'image/jpeg' })
	const read = await storage.get('events/1700000000-ab12cd-800x600.jpg')
	expect(read?.contentType).toBe('image/jpeg')
	expect(read?.size).toBe(bytes.length)
	expect(crypto.createHash('sha256').update(read!.body).digest('hex')).toBe(crypto.createHash('sha256').update(bytes).digest('hex'))
	expect(await storage.exists('events/1700000000-ab12cd-800x600.jpg')).toBe(true)
	expect(await storage.exists('events/nothing.jpg')).toBe(false)
	expect(await storage.get('events/nothing.jpg')).toBeNull()

	await expect(storage.put('events/1700000000-ab12cd-800x600.jpg', Buffer.from('x'), { contentType: 'image/jpeg' })).rejects.toBeInstanceOf(
		StorageError,
	)
	await storage.put('alumni_news/1700-baslik.png', Buffer.from('one'), { contentType: 'image/png', overwrite: true })
	await storage.put('alumni_news/1700-baslik.png', Buffer.from('two'), { contentType: 'image/png', overwrite: true })
	expect((await storage.get('alumni_news/1700-baslik.png'))?.body.toString()).toBe('two')

	await storage.put('bulletins/2024-05-1700.pdf', Buffer.from('%PDF-1.4\n'), { contentType: 'application/pdf' })
	expect(await storage.list()).toEqual([
		'alumni_news/1700-baslik.png',
		'bulletins/2024-05-1700.pdf',
		'events/1700000000-ab12cd-800x600.jpg',
	])
	expect(await storage.list('bulletins/')).toEqual(['bulletins/2024-05-1700.pdf'])

	await storage.remove('bulletins/2024-05-1700.pdf')
	await storage.remove('bulletins/never-there.pdf')
	expect(await storage.exists('bulletins/2024-05-1700.pdf')).toBe(false)
	await expect(storage.put('../escape.jpg', Buffer.from('x'), { contentType: 'image/jpeg' })).rejects.toThrow(/Invalid media key/)
}

test('stores, reads, lists and removes media on the local disk', async () => {
	const root = path.join(makeTempDir('site-media-'), 'media')
	const storage = createDiskStorage(root)
	await exerciseDriver(storage)
	expect(storage.url('events/a.jpg')).toBe('/media/events/a.jpg')
	expect(createDiskStorage(root, 'https://cdn.example.org/media/').url('events/a.jpg')).toBe('https://cdn.example.org/media/events/a.jpg')
})

test('stores, reads, lists and removes media in an S3-compatible bucket, byte for byte', async () => {
	const s3 = await startS3()
	try {
		const storage = createS3Storage({
			endpoint: s3.endpoint,
			bucket: s3.bucket,
			region: 'us-east-1',
			accessKeyId: 'S3RVER',
			secretAccessKey: 'S3RVER',
		})
		await exerciseDriver(storage)
		expect(storage.url('events/a.jpg')).toBe(`${s3.endpoint}/media/events/a.jpg`)
		const viaCdn = createS3Storage({ bucket: 'media', region: 'eu-central-1', publicUrl: 'https://media.example.org' })
		expect(viaCdn.url('events/a.jpg')).toBe('https://media.example.org/events/a.jpg')
	} finally {
		await s3.stop()
	}
})

test('accepts only the keys the app generates', () => {
	for (const good of ['events/1700-ab.jpg', 'announcements/hero_bg/1700-ab-1600x900.w640.webp', 'bulletins/2024-05-1700.pdf']) {
		expect(() => assertSafeKey(good)).not.toThrow()
	}
	for (const bad of [
		'../x.jpg',
		'events/../x.jpg',
		'/events/x.jpg',
		'events/.hidden',
		'Events/x.jpg',
		'events/x y.jpg',
		'events/x\u0000.jpg',
		'x.jpg',
		'events//x.jpg',
	]) {
		expect(() => assertSafeKey(bad), bad).toThrow(StorageError)
	}
})
