import { expect, test } from 'vitest'
import { safeRead } from './safe-read.server.ts'

test('returns the data of a read that works and the Turkish message of one that fails', async () => {
	expect(await safeRead(async () => [1, 2], 'Okunamadı.', 'test')).toEqual({ ok: true, data: [1, 2] })
	expect(
		await safeRead(
			async () => {
				throw new Error('SQLITE_BUSY: database is locked')
			},
			'Duyurular şu anda yüklenemedi.',
			'test',
		),
	).toEqual({ ok: false, error: 'Duyurular şu anda yüklenemedi.' })
})
