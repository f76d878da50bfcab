import { expect, test } from 'vitest'
import { readContentVersion } from '#app/lib/content-version.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { adminContext, formData } from '#tests/factories/admin.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'
import { calendarAdmin } from './calendar.admin.server.ts'

const ctx = adminContext('takvim')
for (const dialect of dialectsUnderTest()) {
	test(`adds, edits and deletes calendar entries with the spec's messages (${dialect})`, async () => {
		const tdb = await createTestDatabase(dialect)
		try {
			await migrateToLatest(tdb.handle.db)
			expect(await calendarAdmin.act('save', formData({ title: '', date: '' }), ctx)).toMatchObject({
				ok: false,
				status: 400,
				message: 'Lütfen tüm alanları doldurun.',
				fieldErrors: { title: 'Lütfen tüm alanları doldurun.', date: 'Lütfen tüm alanları doldurun.' },
			})
			expect(await calendarAdmin.act('save', formData({ title: 'Toplantı', date: '' }), ctx)).toMatchObject({
				ok: false,
				message: 'Lütfen tüm alanları doldurun.',
				values: { title: 'Toplantı' },
			})
			expect(await calendarAdmin.act('save', formData({ title: 'Toplantı', date: '2026-02-30' }), ctx)).toMatchObject({
				ok: false,
				fieldErrors: { date: 'Böyle bir tarih yok.' },
			})

			const created = await calendarAdmin.act('save', formData({ title: '  Yönetim Kurulu Toplantısı ', date: '2026-12-03' }), ctx)
			expect(created).toMatchObject({ ok: true })
			await calendarAdmin.act('save', formData({ title: 'Kermes', date: '2026-12-01' }), ctx)
			const id = (created as { id: number }).id
			expect(await readContentVersion()).toBe('2')

			let data = await calendarAdmin.load(ctx)
			expect(data.rows.map((r) => [r.title, r.date])).toEqual([
				['Kermes', '2026-12-01'],
				['Yönetim Kurulu Toplantısı', '2026-12-03'],
			])
			expect(
				await calendarAdmin.act('save', formData({ id: String(id), title: 'Olağanüstü Toplantı', date: '2026-12-04' }), ctx),
			).toMatchObject({ ok: true, id })
			data = await calendarAdmin.load(adminContext('takvim', `?edit=${id}`))
			expect(data.editing).toEqual({ id, title: 'Olağanüstü Toplantı', date: '2026-12-04' })

			expect(await calendarAdmin.act('delete', formData({ id: String(id) }), ctx)).toEqual({ ok: true })
			expect(await calendarAdmin.act('delete', formData({ id: String(id) }), ctx)).toMatchObject({
				ok: false,
				status: 500,
				message: 'Silinemedi: kayıt bulunamadı',
			})
			expect(await calendarAdmin.act('save', formData({ id: '999', title: 'Yok', date: '2026-12-04' }), ctx)).toMatchObject({
				ok: false,
				message: 'Kayıt eklenemedi: kayıt bulunamadı',
			})
			expect((await calendarAdmin.load(ctx)).rows).toHaveLength(1)
			expect(await calendarAdmin.act('explode', formData({}), ctx)).toMatchObject({ ok: false, status: 400 })
		} finally {
			await tdb.cleanup()
		}
	})
}
