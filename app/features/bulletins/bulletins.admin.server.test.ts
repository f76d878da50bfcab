import { expect, test } from 'vitest'
import { readContentVersion } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { toIso } from '#app/lib/db-utils.server.ts'
import { istanbulParts } from '#app/lib/tr.ts'
import { makeBulletinPdf } from '#app/features/site/seed/bulletin-pdf.ts'
import { adminContext, formData, pngFile } from '#tests/factories/admin.ts'
import { createBulletin } from '#tests/factories/bulletins.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { bulletinsAdmin } from './bulletins.admin.server.ts'
import { purgeExpiredTrash, TRASH_DAYS } from '#app/features/admin/trash.server.ts'

/** A moment after an item deleted now has been purged from the trash. */
const AFTER_TRASH_DAYS = () => new Date(Date.now() + (TRASH_DAYS + 1) * 24 * 60 * 60 * 1000)

const ctx = adminContext('bultenler')

const pdfFile = async (year: number, month: number) =>
	new File([new Uint8Array(await makeBulletinPdf(year, month, 'NDS Mezunları Derneği'))], 'bulten.pdf', { type: 'application/pdf' })

const rowsFor = (year: number, month: number) =>
	db.selectFrom('bulletins').selectAll().where('year', '=', year).where('month', '=', month).execute()

const pendingKeys = async () => (await db.selectFrom('pending_deletions').select('key').execute()).map((row) => row.key).toSorted()

const searchTitles = async () =>
	(await db.selectFrom('search_documents').select(['ref_id', 'title']).where('kind', '=', 'bulletin').orderBy('ref_id').execute()).map(
		(row) => [Number(row.ref_id), row.title],
	)

for (const dialect of dialectsUnderTest()) {
	test(`refuses a bulletin without a PDF or with a wrong year or month, in Turkish (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			expect(await bulletinsAdmin.act('save', formData({ year: '2024', month: '3' }), ctx)).toMatchObject({
				ok: false,
				status: 400,
				message: 'PDF seçmelisiniz.',
				fieldErrors: { pdf_file: 'PDF seçmelisiniz.' },
				values: { year: '2024', month: '3' },
			})
			const pdf = await pdfFile(2024, 3)
			expect(await bulletinsAdmin.act('save', formData({ year: 'yirmi', month: '3', pdf_file: pdf }), ctx)).toMatchObject({
				ok: false,
				message: 'Yılı dört haneli bir sayı olarak yazın (örneğin 2025).',
				fieldErrors: { year: 'Yılı dört haneli bir sayı olarak yazın (örneğin 2025).' },
			})
			expect(await bulletinsAdmin.act('save', formData({ year: '1900', month: '3', pdf_file: pdf }), ctx)).toMatchObject({
				ok: false,
				fieldErrors: { year: 'Yıl 1987 ile 2100 arasında olmalı.' },
			})
			expect(await bulletinsAdmin.act('save', formData({ year: '2024', month: '13', pdf_file: pdf }), ctx)).toMatchObject({
				ok: false,
				fieldErrors: { month: 'Ayı listeden seçin.' },
			})
			expect(await bulletinsAdmin.act('save', formData({ year: '', month: '' }), ctx)).toMatchObject({
				ok: false,
				message: 'PDF seçmelisiniz.',
				fieldErrors: {
					pdf_file: 'PDF seçmelisiniz.',
					year: 'Yılı dört haneli bir sayı olarak yazın (örneğin 2025).',
					month: 'Ayı listeden seçin.',
				},
			})
			expect(await db.selectFrom('bulletins').selectAll().execute()).toEqual([])
			expect(await readContentVersion()).toBe('0')
		})
	})

	test(`refuses a PNG renamed .pdf by its content and leaves no file behind (${dialect})`, async () => {
		await withDatabase(dialect, async (tdb) => {
			expect(
				await bulletinsAdmin.act(
					'save',
					formData({
						year: '2024',
						month: '3',
						pdf_file: await pngFile('bulten.pdf', { width: 40, height: 40 }, { type: 'application/pdf' }),
					}),
					ctx,
				),
			).toMatchObject({
				ok: false,
				status: 400,
				message: 'Bu dosya bir PDF değil.',
				fieldErrors: { pdf_file: 'Bu dosya bir PDF değil.' },
			})
			expect(await tdb.storage.list('bulletins/')).toEqual([])
			expect(await db.selectFrom('bulletins').selectAll().execute()).toEqual([])
		})
	})

	test(`stores a bulletin with its cover, and a second upload for the same month replaces the first (${dialect})`, async () => {
		await withDatabase(dialect, async (tdb) => {
			const created = await bulletinsAdmin.act('save', formData({ year: '2024', month: '3', pdf_file: await pdfFile(2024, 3) }), ctx)
			expect(created).toMatchObject({ ok: true })
			const id = (created as { id: number }).id
			const [first] = await rowsFor(2024, 3)
			expect(first?.pdf_url).toMatch(/^bulletins\/2024-03-\d+\.pdf$/)
			expect(first?.cover_url).toMatch(/^bulletins\/2024-03-\d+-kapak-330x\d+\.jpg$/)
			expect(await tdb.storage.exists(first!.pdf_url)).toBe(true)
			expect(await tdb.storage.exists(first!.cover_url!)).toBe(true)
			expect(await readContentVersion()).toBe('1')
			expect(await searchTitles()).toEqual([[id, 'Mart 2024 Bülteni']])

			const replaced = await bulletinsAdmin.act('save', formData({ year: '2024', month: '3', pdf_file: await pdfFile(2024, 3) }), ctx)
			expect(replaced).toEqual({ ok: true, id })
			const rows = await rowsFor(2024, 3)
			expect(rows).toHaveLength(1)
			expect(rows[0]?.pdf_url).not.toBe(first?.pdf_url)
			expect(rows[0]?.cover_url).not.toBe(first?.cover_url)
			expect(await tdb.storage.exists(rows[0]!.pdf_url)).toBe(true)
			expect(await pendingKeys()).toEqual([first!.pdf_url, first!.cover_url!].toSorted())
			expect(await readContentVersion()).toBe('2')
			expect(await searchTitles()).toEqual([[id, 'Mart 2024 Bülteni']])
		})
	})

	test(`edits a bulletin keeping or replacing its PDF, and a move onto a taken month replaces that bulletin (${dialect})`, async () => {
		await withDatabase(dialect, async (tdb) => {
			const march = await createBulletin({ year: 2024, month: 3, updated_at: '2024-03-01T09:00:00.000Z' })
			const april = await createBulletin({ year: 2024, month: 4 })
			await createBulletin({ year: 2023, month: 12 })

			expect(await bulletinsAdmin.act('save', formData({ id: String(march.id), year: '2024', month: '5' }), ctx)).toEqual({
				ok: true,
				id: march.id,
			})
			let [may] = await rowsFor(2024, 5)
			expect(may).toMatchObject({ id: march.id, pdf_url: march.pdf_url, cover_url: march.cover_url })
			expect(toIso(may?.updated_at)).not.toBe('2024-03-01T09:00:00.000Z')
			expect(await pendingKeys()).toEqual([])

			await bulletinsAdmin.act('save', formData({ id: String(march.id), year: '2024', month: '5', pdf_file: await pdfFile(2024, 5) }), ctx)
			;[may] = await rowsFor(2024, 5)
			expect(may?.pdf_url).toMatch(/^bulletins\/2024-05-\d+\.pdf$/)
			expect(may?.cover_url).toMatch(/^bulletins\/2024-05-\d+-kapak-/)
			expect(await pendingKeys()).toEqual([march.pdf_url, march.cover_url!].toSorted())

			expect(await bulletinsAdmin.act('save', formData({ id: String(march.id), year: '2024', month: '4' }), ctx)).toEqual({
				ok: true,
				id: march.id,
			})
			expect(await rowsFor(2024, 4)).toEqual([expect.objectContaining({ id: march.id, pdf_url: may?.pdf_url })])
			expect(await db.selectFrom('bulletins').select('id').where('id', '=', april.id).execute()).toEqual([])
			expect(await pendingKeys()).toEqual([march.pdf_url, march.cover_url!, april.pdf_url, april.cover_url!].toSorted())
			expect((await searchTitles()).map(([refId]) => refId)).not.toContain(april.id)
			expect(await searchTitles()).toContainEqual([march.id, 'Nisan 2024 Bülteni'])

			const data = await bulletinsAdmin.load(adminContext('bultenler', `?edit=${march.id}`))
			expect(data.rows.map((row) => [row.year, row.month])).toEqual([
				[2024, 4],
				[2023, 12],
			])
			expect(data.editing).toMatchObject({ id: march.id, year: 2024, month: 4, pdfHref: `/media/${may?.pdf_url}` })
			const { year, month } = istanbulParts()
			expect(data.defaults).toEqual({ year, month })
			expect(data.loadError).toBeNull()

			expect(await bulletinsAdmin.act('save', formData({ id: '999', year: '2024', month: '6' }), ctx)).toMatchObject({
				ok: false,
				status: 500,
				message: 'Bülten kaydedilemedi: kayıt bulunamadı',
			})
			const files = await tdb.storage.list('bulletins/')
			await db.schema.dropTable('search_documents').execute()
			expect(await bulletinsAdmin.act('save', formData({ year: '2024', month: '7', pdf_file: await pdfFile(2024, 7) }), ctx)).toMatchObject(
				{
					ok: false,
					status: 500,
					message: expect.stringMatching(/^Bülten kaydedilemedi: /),
				},
			)
			expect(await tdb.storage.list('bulletins/')).toEqual(files)
			expect(await rowsFor(2024, 7)).toEqual([])
		})
	})

	test(`keeps one bulletin when two uploads for a new month race (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const [a, b] = await Promise.all([
				pdfFile(2025, 2).then((pdf) => bulletinsAdmin.act('save', formData({ year: '2025', month: '2', pdf_file: pdf }), ctx)),
				pdfFile(2025, 2).then((pdf) => bulletinsAdmin.act('save', formData({ year: '2025', month: '2', pdf_file: pdf }), ctx)),
			])
			expect(a).toMatchObject({ ok: true })
			expect(b).toEqual(a)
			const rows = await rowsFor(2025, 2)
			expect(rows).toHaveLength(1)
			expect((await pendingKeys()).filter((key) => key.endsWith('.pdf'))).toHaveLength(1)
			expect(await pendingKeys()).not.toContain(rows[0]?.pdf_url)
		})
	})

	test(`deletes a bulletin with its files and search entry, and reports a missing one (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const row = await createBulletin({ year: 2022, month: 10 })
			const created = await bulletinsAdmin.act('save', formData({ year: '2022', month: '11', pdf_file: await pdfFile(2022, 11) }), ctx)
			const id = (created as { id: number }).id
			expect(await bulletinsAdmin.act('delete', formData({ id: String(row.id) }), ctx)).toEqual({ ok: true })
			expect(await bulletinsAdmin.act('delete', formData({ id: String(id) }), ctx)).toEqual({ ok: true })
			expect(await db.selectFrom('bulletins').selectAll().execute()).toEqual([])
			expect(await pendingKeys()).toEqual([])
			expect(await purgeExpiredTrash(AFTER_TRASH_DAYS())).toBe(2)
			expect(await pendingKeys()).toEqual(expect.arrayContaining([row.pdf_url, row.cover_url]))
			expect(await pendingKeys()).toHaveLength(4)
			expect(await searchTitles()).toEqual([])
			expect(await readContentVersion()).toBe('3')
			expect(await bulletinsAdmin.act('delete', formData({ id: String(id) }), ctx)).toMatchObject({
				ok: false,
				status: 500,
				message: 'Silinemedi: kayıt bulunamadı',
			})
			expect(await bulletinsAdmin.act('delete', formData({ id: 'x' }), ctx)).toMatchObject({ ok: false, status: 400 })
			expect(await bulletinsAdmin.act('explode', formData({}), ctx)).toMatchObject({ ok: false, status: 400 })
		})
	})

	test(`reports a failed list load instead of an empty list (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			expect(await bulletinsAdmin.load(ctx)).toMatchObject({ rows: [], loadError: null })
			await db.schema.dropTable('bulletins').execute()
			const data = await bulletinsAdmin.load(ctx)
			expect(data.rows).toEqual([])
			expect(data.loadError).toMatch(/^Bültenler yüklenemedi: /)
		})
	})
}
