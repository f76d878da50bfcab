import { expect, test } from 'vitest'
import { readContentVersion } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { toBool } from '#app/lib/db-utils.server.ts'
import { istanbulParts } from '#app/lib/tr.ts'
import { adminContext, formData, hugeImageFile, pdfAsImage, pngFile, savedId } from '#tests/factories/admin.ts'
import { createLiteratureBook, createLiteratureYear } from '#tests/factories/literature.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { literatureAdmin } from './literature.admin.server.ts'
import { purgeExpiredTrash, TRASH_DAYS } from '#app/features/admin/trash.server.ts'

/** A moment after an item deleted now has been purged from the trash. */
const AFTER_TRASH_DAYS = () => new Date(Date.now() + (TRASH_DAYS + 1) * 24 * 60 * 60 * 1000)

const ctx = adminContext('edebiyat-odulu')

const cover = () => pngFile('kapak.png', { width: 400, height: 600 })

const overview = async () =>
	(await literatureAdmin.load(ctx)).years.map((year) => [year.year, year.books.map((book) => `${book.orderIndex}:${book.title}`)])

const pendingKeys = async () => (await db.selectFrom('pending_deletions').select('key').execute()).map((row) => row.key).toSorted()

const maxYear = istanbulParts().year + 1

for (const dialect of dialectsUnderTest()) {
	test(`refuses a wrong year, an over-long jury or announcement and a book without title or author, in Turkish, keeping what was typed (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			for (const year of ['25', '20255', 'iki bin', '']) {
				expect(await literatureAdmin.act('save-year', formData({ year, jury: 'Sevim Aktan' }), ctx)).toEqual({
					ok: false,
					status: 400,
					message: 'Yılı dört haneli bir sayı olarak yazın (örneğin 2025).',
					fieldErrors: { year: 'Yılı dört haneli bir sayı olarak yazın (örneğin 2025).' },
					values: { year, jury: 'Sevim Aktan' },
				})
			}
			for (const year of ['2008', String(maxYear + 1)]) {
				expect(await literatureAdmin.act('save-year', formData({ year }), ctx)).toMatchObject({
					fieldErrors: { year: `Yıl 2009 ile ${maxYear} arasında olmalı.` },
				})
			}
			expect(
				await literatureAdmin.act(
					'save-year',
					formData({ year: '2025', jury: Array.from({ length: 31 }, (_, i) => `Üye ${i}`).join('\n') }),
					ctx,
				),
			).toMatchObject({ fieldErrors: { jury: 'Seçici kurul en fazla 30 satır olabilir.' } })
			expect(await literatureAdmin.act('save-year', formData({ year: '2025', jury: 'x'.repeat(201) }), ctx)).toMatchObject({
				fieldErrors: { jury: 'Seçici kurulda her satır en fazla 200 karakter olabilir.' },
			})
			expect(await literatureAdmin.act('save-year', formData({ year: '2025', announcement: 'y'.repeat(5001) }), ctx)).toMatchObject({
				fieldErrors: { announcement: 'Duyuru metni en fazla 5000 karakter olabilir.' },
			})
			expect(await literatureAdmin.act('save', formData({ year: '2025', title: ' ', author: 'Hande Sever', caption: 'Not' }), ctx)).toEqual(
				{
					ok: false,
					status: 400,
					message: 'Kitap adı gerekli.',
					fieldErrors: { title: 'Kitap adı gerekli.' },
					values: { year: '2025', title: ' ', author: 'Hande Sever', caption: 'Not' },
				},
			)
			expect(await literatureAdmin.act('save', formData({ year: '2025', title: 'Işığın Ardından', author: '' }), ctx)).toMatchObject({
				fieldErrors: { author: 'Yazar adı gerekli.' },
			})
			expect(
				await literatureAdmin.act('save', formData({ year: '1999', title: 'Işığın Ardından', author: 'Hande Sever' }), ctx),
			).toMatchObject({
				fieldErrors: { year: `Yıl 2009 ile ${maxYear} arasında olmalı.` },
			})
			expect(await db.selectFrom('literature_award_years').selectAll().execute()).toEqual([])
			expect(await db.selectFrom('literature_books').selectAll().execute()).toEqual([])
			expect(await readContentVersion()).toBe('0')
		})
	})

	test(`adds, edits and deletes award years; a taken year is refused and a renumbered year takes its books along (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const id = savedId(
				await literatureAdmin.act(
					'save-year',
					formData({ year: ' 2025 ', jury: ' Sevim Aktan \r\n\r\n Kerem Alpay\n', announcement: '\n Kazanan: Işığın Ardından \n' }),
					ctx,
				),
			)
			expect(
				await db
					.selectFrom('literature_award_years')
					.select(['year', 'jury', 'announcement'])
					.where('id', '=', id)
					.executeTakeFirstOrThrow(),
			).toEqual({
				year: 2025,
				jury: 'Sevim Aktan\nKerem Alpay',
				announcement: 'Kazanan: Işığın Ardından',
			})
			const other = savedId(await literatureAdmin.act('save-year', formData({ year: '2024', jury: '', announcement: '   ' }), ctx))
			expect(
				await db.selectFrom('literature_award_years').select(['jury', 'announcement']).where('id', '=', other).executeTakeFirstOrThrow(),
			).toEqual({
				jury: null,
				announcement: null,
			})
			expect(await literatureAdmin.act('save-year', formData({ year: '2025', jury: 'Başka' }), ctx)).toEqual({
				ok: false,
				status: 409,
				message: '2025 yılı zaten var; o yılı düzenleyin.',
				fieldErrors: { year: '2025 yılı zaten var; o yılı düzenleyin.' },
				values: { year: '2025', jury: 'Başka' },
			})
			expect(await literatureAdmin.act('save-year', formData({ id: String(other), year: '2025' }), ctx)).toMatchObject({ status: 409 })

			const data = await literatureAdmin.load(adminContext('edebiyat-odulu', `?editYear=${id}`))
			expect(data.editingYear).toMatchObject({ id, year: 2025, jury: 'Sevim Aktan\nKerem Alpay' })
			expect(data.years.map((year) => year.year)).toEqual([2025, 2024])
			expect(data.nextYear).toBe(Math.min(2026, maxYear))

			await createLiteratureBook({ year: 2024, title: 'Kayıp Harita', order_index: 1 })
			await createLiteratureBook({ year: 2024, title: 'Mavi Kapılar', order_index: 2 })
			expect(await literatureAdmin.act('save-year', formData({ id: String(other), year: '2023', jury: 'Hakan Durmaz' }), ctx)).toEqual({
				ok: true,
				id: other,
			})
			expect(await overview()).toEqual([
				[2025, []],
				[2023, ['1:Kayıp Harita', '2:Mavi Kapılar']],
			])

			expect(await literatureAdmin.act('delete-year', formData({ id: String(other) }), ctx)).toEqual({
				ok: false,
				status: 400,
				message:
					'Silinemedi: 2023 yılında 2 kitap var. Kitaplar yanlışlıkla silinmesin diye yıl kitaplarıyla birlikte silinmez: önce bu yılın kitaplarını silin ya da başka bir yıla taşıyın, sonra yılı silin.',
			})
			expect(await literatureAdmin.act('delete-year', formData({ id: String(id) }), ctx)).toEqual({ ok: true })
			expect(await literatureAdmin.act('delete-year', formData({ id: String(id) }), ctx)).toMatchObject({
				message: 'Silinemedi: kayıt bulunamadı',
			})
			expect((await overview()).map(([year]) => year)).toEqual([2023])
		})
	})

	test(`adds books at the end of their year (making the year when missing), edits, moves them between years and deletes them (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const winner = savedId(
				await literatureAdmin.act(
					'save',
					formData({ year: '2025', title: ' Işığın Ardından ', author: ' Hande Sever ', caption: '  ' }),
					ctx,
				),
			)
			const mention = savedId(
				await literatureAdmin.act(
					'save',
					formData({ year: '2025', title: 'Gece Treni', author: 'Pelin Ekşi', honourable_mention: 'on' }),
					ctx,
				),
			)
			const row = await db.selectFrom('literature_books').selectAll().where('id', '=', mention).executeTakeFirstOrThrow()
			expect({ ...row, honourable_mention: toBool(row.honourable_mention) }).toMatchObject({
				year: 2025,
				title: 'Gece Treni',
				author: 'Pelin Ekşi',
				caption: '',
				image_url: null,
				honourable_mention: true,
				order_index: 2,
			})
			expect(await db.selectFrom('literature_award_years').select(['year', 'jury']).execute()).toEqual([{ year: 2025, jury: null }])
			const data = await literatureAdmin.load(adminContext('edebiyat-odulu', `?edit=${winner}`))
			expect(data.editingBook).toMatchObject({
				id: winner,
				title: 'Işığın Ardından',
				caption: '',
				shownCaption: '2025 – Işığın Ardından, Hande Sever',
				honourableMention: false,
			})

			savedId(await literatureAdmin.act('save', formData({ year: '2024', title: 'Kayıp Harita', author: 'Tarık Ozan' }), ctx))
			expect(
				await literatureAdmin.act(
					'save',
					formData({ id: String(winner), year: '2024', title: 'Işığın Ardından', author: 'Hande Sever', caption: 'Yılın romanı' }),
					ctx,
				),
			).toEqual({ ok: true, id: winner })
			expect(await overview()).toEqual([
				[2025, ['1:Gece Treni']],
				[2024, ['1:Kayıp Harita', '2:Işığın Ardından']],
			])
			expect(await db.selectFrom('literature_books').select('caption').where('id', '=', winner).executeTakeFirstOrThrow()).toEqual({
				caption: 'Yılın romanı',
			})

			expect(await literatureAdmin.act('delete', formData({ id: String(mention) }), ctx)).toEqual({ ok: true })
			expect(await literatureAdmin.act('save', formData({ id: '999', year: '2024', title: 'Yok', author: 'Yok' }), ctx)).toMatchObject({
				ok: false,
				status: 404,
				message: 'Kitap kaydedilemedi: kayıt bulunamadı',
			})
			expect(await overview()).toEqual([
				[2025, []],
				[2024, ['1:Kayıp Harita', '2:Işığın Ardından']],
			])
			expect(
				await literatureAdmin.act('delete-year', formData({ id: String((await literatureAdmin.load(ctx)).years[0]!.id) }), ctx),
			).toEqual({
				ok: true,
			})
			expect(await literatureAdmin.act('yayinla', formData({}), ctx)).toMatchObject({ ok: false, status: 400 })
		})
	})

	test(`reorders books within their year by steps and as a whole, and refuses an order that is not the year's (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await createLiteratureYear({ year: 2020 })
			await createLiteratureYear({ year: 2021 })
			const a = await createLiteratureBook({ year: 2020, title: 'A', order_index: 1 })
			const b = await createLiteratureBook({ year: 2020, title: 'B', order_index: 2 })
			const c = await createLiteratureBook({ year: 2020, title: 'C', order_index: 3 })
			const x = await createLiteratureBook({ year: 2021, title: 'X', order_index: 1 })
			const ids = (list: Array<{ id: number }>) => list.map((row) => String(row.id))

			expect(await literatureAdmin.act('move', formData({ id: String(c.id), direction: 'up' }), ctx)).toEqual({ ok: true })
			expect(await literatureAdmin.act('move', formData({ id: String(x.id), direction: 'down' }), ctx)).toEqual({ ok: true })
			expect(await overview()).toEqual([
				[2021, ['1:X']],
				[2020, ['1:A', '2:C', '3:B']],
			])
			expect(await literatureAdmin.act('reorder', formData({ year: '2020', ids: ids([b, c, a]) }), ctx)).toEqual({ ok: true })
			expect(await literatureAdmin.act('reorder', formData({ ids: ids([c, b, a]) }), ctx)).toEqual({ ok: true })
			expect(await overview()).toEqual([
				[2021, ['1:X']],
				[2020, ['1:C', '2:B', '3:A']],
			])
			const version = await readContentVersion()
			for (const fields of [
				{ year: '2020', ids: ids([a, b]) },
				{ year: '2020', ids: ids([a, b, c, x]) },
				{ year: '2021', ids: ids([a, b, c]) },
				{ year: '2020', ids: ids([a, a, b]) },
			]) {
				expect(await literatureAdmin.act('reorder', formData(fields), ctx)).toEqual({
					ok: false,
					status: 409,
					message: 'Sıralama kaydedilemedi!',
				})
			}
			expect(await literatureAdmin.act('reorder', formData({ year: 'son', ids: ids([a, b, c]) }), ctx)).toMatchObject({
				ok: false,
				status: 400,
			})
			expect(await literatureAdmin.act('move', formData({ id: String(a.id) }), ctx)).toMatchObject({ ok: false, status: 400 })
			expect(await readContentVersion()).toBe(version)
		})
	})

	test(`stores, replaces and removes a cover, and refuses a huge image or a PDF named .jpg at the cover field, keeping the form (${dialect})`, async () => {
		await withDatabase(dialect, async (tdb) => {
			const fields = { year: '2025', title: 'Işığın Ardından', author: 'Hande Sever', caption: 'Ödül alan roman', honourable_mention: 'on' }
			expect(await literatureAdmin.act('save', formData({ ...fields, cover_file: await pdfAsImage('kapak.jpg') }), ctx)).toEqual({
				ok: false,
				status: 400,
				message: 'Kitap kaydedilemedi: Bu dosya bir görsel değil. JPEG, PNG, WebP, GIF veya AVIF yükleyebilirsiniz.',
				fieldErrors: { cover_file: 'Bu dosya bir görsel değil. JPEG, PNG, WebP, GIF veya AVIF yükleyebilirsiniz.' },
				values: fields,
			})
			expect(await literatureAdmin.act('save', formData({ ...fields, cover_file: hugeImageFile('kapak.png') }), ctx)).toEqual({
				ok: false,
				status: 400,
				message: 'Kitap kaydedilemedi: Görsel en fazla 15 MB olabilir.',
				fieldErrors: { cover_file: 'Görsel en fazla 15 MB olabilir.' },
				values: fields,
			})
			expect(await db.selectFrom('literature_books').selectAll().execute()).toEqual([])
			expect(await tdb.storage.list('books/')).toEqual([])

			const id = savedId(await literatureAdmin.act('save', formData({ ...fields, cover_file: await cover() }), ctx))
			const key = async () =>
				(await db.selectFrom('literature_books').select('image_url').where('id', '=', id).executeTakeFirstOrThrow()).image_url
			const first = (await key())!
			expect(first).toMatch(/^books\/\d+-[0-9a-f]{8}-400x600\.jpg$/)
			expect(await tdb.storage.exists(first)).toBe(true)

			expect(
				await literatureAdmin.act(
					'save',
					formData({ ...fields, id: String(id), title: 'Yeni Ad', cover_file: await pdfAsImage('kapak.jpg') }),
					ctx,
				),
			).toMatchObject({
				ok: false,
				fieldErrors: { cover_file: expect.stringContaining('görsel değil') },
				values: { title: 'Yeni Ad' },
			})
			expect(await key()).toBe(first)

			await literatureAdmin.act(
				'save',
				formData({ ...fields, id: String(id), cover_file: await cover(), cover_key: 'events/baskasi.jpg' }),
				ctx,
			)
			const second = (await key())!
			expect(second).not.toBe(first)
			expect(await pendingKeys()).toEqual([first])
			await literatureAdmin.act('save', formData({ ...fields, id: String(id), cover_key_remove: 'on' }), ctx)
			expect(await key()).toBeNull()
			expect(await pendingKeys()).toEqual([first, second].toSorted())

			const other = savedId(await literatureAdmin.act('save', formData({ ...fields, title: 'Gece Treni', cover_file: await cover() }), ctx))
			const third = (await db.selectFrom('literature_books').select('image_url').where('id', '=', other).executeTakeFirstOrThrow())
				.image_url!
			await literatureAdmin.act('delete', formData({ id: String(other) }), ctx)
			expect(await pendingKeys()).toEqual([first, second].toSorted())
			expect(await purgeExpiredTrash(AFTER_TRASH_DAYS())).toBe(1)
			expect(await pendingKeys()).toEqual([first, second, third].toSorted())
		})
	})
}
