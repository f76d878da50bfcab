import { expect, test } from 'vitest'
import { readContentVersion } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { adminContext, formData, hugeImageFile, jpegFile, pdfAsImage, savedId } from '#tests/factories/admin.ts'
import { createBoardMember } from '#tests/factories/board.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { boardAdmin } from './board.admin.server.ts'
import { normaliseTerm } from './board.schema.ts'
import { purgeExpiredTrash, TRASH_DAYS } from '#app/features/admin/trash.server.ts'

/** A moment after an item deleted now has been purged from the trash. */
const AFTER_TRASH_DAYS = () => new Date(Date.now() + (TRASH_DAYS + 1) * 24 * 60 * 60 * 1000)

const ctx = adminContext('yonetim-kurulu')

const photo = () => jpegFile('portre.jpg')

const names = async () =>
	(await boardAdmin.load(ctx)).groups.map((group) => [group.id, group.rows.map((row) => `${row.orderIndex}:${row.name}`)])

const pendingKeys = async () => (await db.selectFrom('pending_deletions').select('key').execute()).map((row) => row.key).toSorted()

test('writes terms in one shape and refuses impossible ones', () => {
	const now = new Date('2026-11-25T09:00:00Z')
	expect(normaliseTerm('2024-2026', now)).toEqual({ term: '2024–2026' })
	expect(normaliseTerm('2024 — 2026', now)).toEqual({ term: '2024–2026' })
	expect(normaliseTerm('2024', now)).toEqual({ term: '2024' })
	expect(normaliseTerm('2024–2024', now)).toEqual({ term: '2024' })
	expect(normaliseTerm('2026–2024', now)).toEqual({ error: 'Dönemin bitiş yılı başlangıç yılından önce olamaz.' })
	expect(normaliseTerm('1950–1960', now)).toEqual({ error: 'Dönem yılları 1987 ile 2031 arasında olmalı.' })
	expect(normaliseTerm('24-26', now)).toEqual({ error: 'Dönemi 2024–2026 biçiminde ya da tek bir yıl olarak (2024) yazın.' })
	expect(normaliseTerm('2024 ve 2026', now)).toMatchObject({ error: expect.stringContaining('biçiminde') })
})

for (const dialect of dialectsUnderTest()) {
	test(`refuses a person without a name, with a wrong term or group, in Turkish, keeping what was typed (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			expect(await boardAdmin.act('save', formData({ name: '  ', role: 'Sayman', term: '2025–2027', group: 'board' }), ctx)).toEqual({
				ok: false,
				status: 400,
				message: 'Ad soyad gerekli.',
				fieldErrors: { name: 'Ad soyad gerekli.' },
				values: { name: '  ', role: 'Sayman', term: '2025–2027', group: 'board' },
			})
			expect(await boardAdmin.act('save', formData({ name: 'Ayşe', term: '25-27', group: 'board' }), ctx)).toMatchObject({
				ok: false,
				fieldErrors: { term: 'Dönemi 2024–2026 biçiminde ya da tek bir yıl olarak (2024) yazın.' },
				values: { name: 'Ayşe', term: '25-27' },
			})
			expect(await boardAdmin.act('save', formData({ name: 'Ayşe', term: '2027-2025', group: 'board' }), ctx)).toMatchObject({
				fieldErrors: { term: 'Dönemin bitiş yılı başlangıç yılından önce olamaz.' },
			})
			expect(await boardAdmin.act('save', formData({ name: 'Ayşe', group: 'yedek' }), ctx)).toMatchObject({
				fieldErrors: { group: 'Grubu listeden seçin.' },
			})
			expect(await boardAdmin.act('save', formData({ name: 'x'.repeat(201), group: 'board' }), ctx)).toMatchObject({
				fieldErrors: { name: 'Ad soyad en fazla 200 karakter olabilir.' },
			})
			expect(await db.selectFrom('board_members').selectAll().execute()).toEqual([])
			expect(await readContentVersion()).toBe('0')
		})
	})

	test(`adds people to the three groups, each at the end of its group, and edits, moves and deletes them (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const president = savedId(
				await boardAdmin.act('save', formData({ name: ' Ayşe Nur Karaca ', role: ' Başkan ', term: '2025-2027', group: 'board' }), ctx),
			)
			const treasurer = savedId(await boardAdmin.act('save', formData({ name: 'Canan Yavuz', role: 'Sayman', group: 'board' }), ctx))
			const auditor = savedId(await boardAdmin.act('save', formData({ name: 'Nevin Başaran', role: '', term: '', group: 'audit' }), ctx))
			const past = savedId(
				await boardAdmin.act('save', formData({ name: 'Gülten Arıkan', term: '1987 – 1993', group: 'past_president' }), ctx),
			)
			expect(await db.selectFrom('board_members').selectAll().where('id', '=', president).executeTakeFirstOrThrow()).toMatchObject({
				name: 'Ayşe Nur Karaca',
				role: 'Başkan',
				term: '2025–2027',
				group: 'board',
				order_index: 1,
				photo_url: null,
			})
			expect(await db.selectFrom('board_members').selectAll().where('id', '=', auditor).executeTakeFirstOrThrow()).toMatchObject({
				role: null,
				term: null,
				order_index: 1,
			})
			expect(await names()).toEqual([
				['board', ['1:Ayşe Nur Karaca', '2:Canan Yavuz']],
				['audit', ['1:Nevin Başaran']],
				['past_president', ['1:Gülten Arıkan']],
			])
			expect(await readContentVersion()).toBe('4')

			const editing = await boardAdmin.load(adminContext('yonetim-kurulu', `?edit=${past}`))
			expect(editing.editing).toMatchObject({ id: past, name: 'Gülten Arıkan', term: '1987–1993', group: 'past_president' })

			expect(
				await boardAdmin.act(
					'save',
					formData({ id: String(president), name: 'Ayşe Nur Karaca', role: 'Başkan', term: '2019–2025', group: 'past_president' }),
					ctx,
				),
			).toEqual({
				ok: true,
				id: president,
			})
			expect(await names()).toEqual([
				['board', ['1:Canan Yavuz']],
				['audit', ['1:Nevin Başaran']],
				['past_president', ['1:Gülten Arıkan', '2:Ayşe Nur Karaca']],
			])

			expect(await boardAdmin.act('delete', formData({ id: String(treasurer) }), ctx)).toEqual({ ok: true })
			expect(await boardAdmin.act('delete', formData({ id: String(treasurer) }), ctx)).toMatchObject({
				ok: false,
				message: 'Silinemedi: kayıt bulunamadı',
			})
			expect(await boardAdmin.act('save', formData({ id: '999', name: 'Yok', group: 'board' }), ctx)).toMatchObject({
				ok: false,
				status: 404,
				message: 'Kişi kaydedilemedi: kayıt bulunamadı',
				values: { name: 'Yok' },
			})
			expect((await boardAdmin.load(ctx)).groups[0]!.rows).toEqual([])
			expect(await boardAdmin.act('publish', formData({}), ctx)).toMatchObject({ ok: false, status: 400 })
		})
	})

	test(`reorders within a group by steps and as a whole, and refuses an order that is not the group's (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const a = await createBoardMember({ name: 'A', group: 'audit', order_index: 1 })
			const b = await createBoardMember({ name: 'B', group: 'audit', order_index: 2 })
			const c = await createBoardMember({ name: 'C', group: 'audit', order_index: 3 })
			const x = await createBoardMember({ name: 'X', group: 'board', order_index: 1 })
			const y = await createBoardMember({ name: 'Y', group: 'board', order_index: 2 })

			expect(await boardAdmin.act('move', formData({ id: String(c.id), direction: 'up' }), ctx)).toEqual({ ok: true })
			expect(await boardAdmin.act('move', formData({ id: String(a.id), direction: 'up' }), ctx)).toEqual({ ok: true })
			expect(await boardAdmin.act('move', formData({ id: String(y.id), direction: 'down' }), ctx)).toEqual({ ok: true })
			expect(await names()).toEqual([
				['board', ['1:X', '2:Y']],
				['audit', ['1:A', '2:C', '3:B']],
				['past_president', []],
			])
			// To the top or the bottom of the person's own group only.
			expect(await boardAdmin.act('move', formData({ id: String(b.id), direction: 'top' }), ctx)).toEqual({ ok: true })
			expect(await boardAdmin.act('move', formData({ id: String(x.id), direction: 'bottom' }), ctx)).toEqual({ ok: true })
			expect(await names()).toEqual([
				['board', ['1:Y', '2:X']],
				['audit', ['1:B', '2:A', '3:C']],
				['past_president', []],
			])
			expect(await boardAdmin.act('move', formData({ id: String(b.id), direction: 'bottom' }), ctx)).toEqual({ ok: true })
			expect(await boardAdmin.act('move', formData({ id: String(x.id), direction: 'top' }), ctx)).toEqual({ ok: true })
			expect(await names()).toEqual([
				['board', ['1:X', '2:Y']],
				['audit', ['1:A', '2:C', '3:B']],
				['past_president', []],
			])

			const ids = (list: Array<{ id: number }>) => list.map((row) => String(row.id))
			expect(await boardAdmin.act('reorder', formData({ group: 'audit', ids: ids([b, a, c]) }), ctx)).toEqual({ ok: true })
			expect(await boardAdmin.act('reorder', formData({ ids: ids([y, x]) }), ctx)).toEqual({ ok: true })
			expect(await names()).toEqual([
				['board', ['1:Y', '2:X']],
				['audit', ['1:B', '2:A', '3:C']],
				['past_president', []],
			])

			const version = await readContentVersion()
			for (const fields of [
				{ group: 'audit', ids: ids([b, a]) },
				{ group: 'audit', ids: ids([b, a, c, x]) },
				{ group: 'audit', ids: ids([b, b, a]) },
				{ group: 'board', ids: ids([b, a, c]) },
			]) {
				expect(await boardAdmin.act('reorder', formData(fields), ctx)).toEqual({
					ok: false,
					status: 409,
					message: 'Sıralama kaydedilemedi!',
				})
			}
			expect(await boardAdmin.act('reorder', formData({ group: 'yedek', ids: ids([b, a, c]) }), ctx)).toMatchObject({
				ok: false,
				status: 400,
			})
			expect(await boardAdmin.act('reorder', formData({ group: 'audit', ids: ['1', 'iki'] }), ctx)).toMatchObject({
				ok: false,
				status: 400,
			})
			expect(await boardAdmin.act('move', formData({ id: String(a.id), direction: 'sideways' }), ctx)).toMatchObject({
				ok: false,
				status: 400,
			})
			expect(await boardAdmin.act('move', formData({ id: '999', direction: 'up' }), ctx)).toMatchObject({ ok: false, status: 409 })
			expect(await readContentVersion()).toBe(version)
			expect(await names()).toEqual([
				['board', ['1:Y', '2:X']],
				['audit', ['1:B', '2:A', '3:C']],
				['past_president', []],
			])

			await boardAdmin.act('delete', formData({ id: String(b.id) }), ctx)
			expect((await names())[1]).toEqual(['audit', ['1:A', '2:C']])
		})
	})

	test(`stores, replaces and removes a photo, and refuses a huge image or a PDF named .jpg at the photo field, keeping the form (${dialect})`, async () => {
		await withDatabase(dialect, async (tdb) => {
			const fields = { name: 'Leyla Ertürk', role: 'Başkan Yardımcısı', term: '2025–2027', group: 'board' }
			expect(await boardAdmin.act('save', formData({ ...fields, photo_file: await pdfAsImage('portre.jpg') }), ctx)).toEqual({
				ok: false,
				status: 400,
				message: 'Kişi kaydedilemedi: Bu dosya bir görsel değil. JPEG, PNG, WebP, GIF veya AVIF yükleyebilirsiniz.',
				fieldErrors: { photo_file: 'Bu dosya bir görsel değil. JPEG, PNG, WebP, GIF veya AVIF yükleyebilirsiniz.' },
				values: fields,
			})
			expect(await boardAdmin.act('save', formData({ ...fields, photo_file: hugeImageFile() }), ctx)).toEqual({
				ok: false,
				status: 400,
				message: 'Kişi kaydedilemedi: Görsel en fazla 15 MB olabilir.',
				fieldErrors: { photo_file: 'Görsel en fazla 15 MB olabilir.' },
				values: fields,
			})
			expect(await db.selectFrom('board_members').selectAll().execute()).toEqual([])
			expect(await tdb.storage.list('board/')).toEqual([])

			const id = savedId(await boardAdmin.act('save', formData({ ...fields, photo_file: await photo() }), ctx))
			const first = (await db.selectFrom('board_members').select('photo_url').where('id', '=', id).executeTakeFirstOrThrow()).photo_url!
			expect(first).toMatch(/^board\/\d+-[0-9a-f]{8}-600x600\.jpg$/)
			expect(await tdb.storage.exists(first)).toBe(true)
			const row = (await boardAdmin.load(ctx)).groups[0]!.rows[0]!
			expect(row.photo?.srcSet).toContain('.w320.webp 320w')

			const refused = await boardAdmin.act(
				'save',
				formData({ ...fields, id: String(id), name: 'Leyla Ertürk Aksoy', photo_file: await pdfAsImage('portre.jpg') }),
				ctx,
			)
			expect(refused).toMatchObject({
				ok: false,
				fieldErrors: { photo_file: expect.stringContaining('görsel değil') },
				values: { name: 'Leyla Ertürk Aksoy' },
			})
			expect(await db.selectFrom('board_members').select(['name', 'photo_url']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
				name: 'Leyla Ertürk',
				photo_url: first,
			})

			await boardAdmin.act('save', formData({ ...fields, id: String(id), photo_file: await photo(), photo_key: 'events/baskasi.jpg' }), ctx)
			const second = (await db.selectFrom('board_members').select('photo_url').where('id', '=', id).executeTakeFirstOrThrow()).photo_url!
			expect(second).not.toBe(first)
			expect(await pendingKeys()).toEqual([first])

			await boardAdmin.act('save', formData({ ...fields, id: String(id), photo_key_remove: 'on' }), ctx)
			expect((await db.selectFrom('board_members').select('photo_url').where('id', '=', id).executeTakeFirstOrThrow()).photo_url).toBeNull()
			expect(await pendingKeys()).toEqual([first, second].toSorted())

			const other = savedId(
				await boardAdmin.act('save', formData({ name: 'Nevin Başaran', group: 'audit', photo_file: await photo() }), ctx),
			)
			const third = (await db.selectFrom('board_members').select('photo_url').where('id', '=', other).executeTakeFirstOrThrow()).photo_url!
			await boardAdmin.act('delete', formData({ id: String(other) }), ctx)
			expect(await pendingKeys()).toEqual([first, second].toSorted())
			expect(await purgeExpiredTrash(AFTER_TRASH_DAYS())).toBe(1)
			expect(await pendingKeys()).toEqual([first, second, third].toSorted())
		})
	})
}
