import fs from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import fc from 'fast-check'
import PDFDocument from 'pdfkit'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { z } from 'zod'
import { makeBoxPdf } from '#tests/fixtures/bombs.ts'
import { expectTurkish } from '#tests/fixtures/turkish.ts'
import { makeTempDir } from '#tests/setup/db.ts'
import { startS3 } from '#tests/setup/s3.ts'
import { freePort } from '#tests/setup/server.ts'
import { msg } from './messages.ts'
import { renderFirstPage } from './pdf.server.ts'
import { createS3Storage } from './storage-s3.server.ts'
import { createDiskStorage } from './storage.server.ts'
import { toUserMessage, UserFacingError } from './user-message.server.ts'

const thrown = async (run: () => unknown) => {
	try {
		await run()
	} catch (error) {
		return error
	}
	throw new Error('expected a failure')
}

test('turns the real errors of sharp, mupdf, pdfkit, zod, SQLite and the storage drivers into Turkish', async () => {
	const s3 = await startS3()
	const s3Config = { endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
	const noBucket = await thrown(() =>
		createS3Storage({ ...s3Config, bucket: 'yok' }).put('events/a.jpg', Buffer.from('x'), { contentType: 'image/jpeg' }),
	)
	await s3.stop()
	const closed = `http://127.0.0.1:${await freePort()}`
	const refused = await thrown(() =>
		createS3Storage({ ...s3Config, endpoint: closed, bucket: 'media' }).put('events/a.jpg', Buffer.from('x'), {
			contentType: 'image/jpeg',
		}),
	)

	const root = makeTempDir('site-msg-')
	const disk = createDiskStorage(path.join(root, 'media'))
	await disk.put('events/a.jpg', Buffer.from('x'), { contentType: 'image/jpeg' })
	const exists = await thrown(() => disk.put('events/a.jpg', Buffer.from('y'), { contentType: 'image/jpeg' }))
	const badKey = await thrown(() => disk.put('../site.db', Buffer.from('y'), { contentType: 'image/jpeg' }))
	fs.writeFileSync(path.join(root, 'media', 'perks'), 'a file where a folder should be')
	const notDir = await thrown(() => disk.put('perks/logo.png', Buffer.from('y'), { contentType: 'image/png' }))

	const sqlite = path.join(root, 'busy.db')
	const first = new DatabaseSync(sqlite)
	first.exec('create table t (x integer primary key)')
	const second = new DatabaseSync(sqlite, { timeout: 0 })
	first.exec('begin exclusive')
	const busy = await thrown(() => second.exec('insert into t values (1)'))
	first.exec('rollback')
	first.exec('insert into t values (1)')
	const unique = await thrown(() => first.exec('insert into t values (1)'))
	first.close()
	second.close()

	const cases: Array<[string, unknown, string]> = [
		['S3 NoSuchBucket', noBucket, msg.errors.storageMissing],
		['S3 connection refused', refused, msg.errors.unreachable],
		['disk: name taken', exists, msg.errors.fileExists],
		['disk: unsafe key', badKey, msg.errors.fileName],
		['SQLite locked', busy, msg.errors.busy],
		['SQLite unique', unique, msg.errors.duplicate],
		['sharp: not an image', await thrown(() => sharp(Buffer.from('merhaba')).toBuffer()), msg.uploads.imageUnreadable],
		[
			'sharp: pixel limit',
			await thrown(() =>
				sharp({ create: { width: 100, height: 100, channels: 3, background: '#000' } })
					.png()
					.toBuffer()
					.then((b) => sharp(b, { limitInputPixels: 1000 }).toBuffer()),
			),
			msg.uploads.imageTooManyPixels(40),
		],
		[
			'mupdf worker: page too big',
			await thrown(() => renderFirstPage(makeBoxPdf({ mediaBox: [0, 0, 200, 200_000] }))),
			msg.uploads.pdfPageSize,
		],
		['pdfkit: not a font', await thrown(() => new PDFDocument().font(Buffer.from('yazı tipi değil'))), msg.errors.documentFailed],
		['zod: its own message', await thrown(() => z.object({ a: z.string() }).parse({ a: 1 })), msg.errors.invalidInput],
		['zod: a schema message', await thrown(() => z.string().min(1, msg.events.titleRequired).parse('')), msg.events.titleRequired],
		['app text', new Error('kayıt bulunamadı'), 'kayıt bulunamadı'],
		['user-facing', new UserFacingError('Bu dosya bir PDF değil.'), 'Bu dosya bir PDF değil.'],
		['wrapped', new Error('outer', { cause: exists }), msg.errors.fileExists],
	]
	for (const [label, error, expected] of cases) {
		expect(toUserMessage(error), label).toBe(expected)
		expectTurkish(toUserMessage(error), label)
	}
	expect(toUserMessage(notDir)).toBe(msg.errors.unexpected)
	expect(toUserMessage(new Error(`ENOENT: no such file or directory, open '${root}/x'`), { requestId: 'ab12-cd34' })).toBe(
		'Beklenmeyen bir hata oluştu (hata kodu: ab12-cd34).',
	)
})

test('never passes on a message it does not know, whatever the error’s name, code or text', () => {
	const known = new Set<string>()
	const walk = (value: unknown) => {
		if (typeof value === 'string') known.add(value)
		else if (value && typeof value === 'object') for (const inner of Object.values(value)) walk(inner)
	}
	walk(msg)
	fc.assert(
		fc.property(
			fc.record({
				message: fc.oneof(
					fc.string(),
					fc.constantFrom('Input buffer contains unsupported image format', 'connect ECONNREFUSED', 'fetch failed'),
				),
				name: fc.oneof(
					fc.string(),
					fc.constantFrom('Error', 'TypeError', 'NoSuchBucket', 'ZodError', 'StorageError', 'constructor', '__proto__'),
				),
				code: fc.option(
					fc.oneof(fc.string(), fc.constantFrom('ENOSPC', 'EACCES', '23505', '40P01', 'ERR_SQLITE_ERROR', 'toString', 'hasOwnProperty')),
					{
						nil: undefined,
					},
				),
				metadata: fc.boolean(),
				issues: fc.option(fc.array(fc.record({ message: fc.string() }), { maxLength: 2 }), { nil: undefined }),
			}),
			({ message, name, code, metadata, issues }) => {
				const error = Object.assign(new Error(message), { name, code, issues, ...(metadata ? { $metadata: {} } : {}) })
				const shown = toUserMessage(error, { requestId: 'f00d' })
				expect(
					known.has(shown) ||
						shown === 'kayıt bulunamadı' ||
						shown === 'sıralama güncel değil' ||
						shown === msg.errors.unexpectedWithId('f00d'),
				).toBe(true)
			},
		),
		{ numRuns: 300 },
	)
})
