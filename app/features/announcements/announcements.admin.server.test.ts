import { expect, test } from 'vitest'
import type { AdminContext } from '#app/features/admin/admin-tab.server.ts'
import { listFeaturedSlides } from '#app/features/home/featured.server.ts'
import { searchSite } from '#app/features/search/search.server.ts'
import { updateSetting } from '#app/features/settings/settings.server.ts'
import { readContentVersion } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { istanbulToday } from '#app/lib/tr.ts'
import { adminContext, formData, pdfAsImage, pngFile, signedInAdmin as signedInAdminOf } from '#tests/factories/admin.ts'
import { createAnnouncement } from '#tests/factories/announcements.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { getPublishedAnnouncement, listPublishedAnnouncements } from './announcements.server.ts'
import { announcementsAdmin } from './announcements.admin.server.ts'
import { purgeExpiredTrash, TRASH_DAYS } from '#app/features/admin/trash.server.ts'

/** A moment after an item deleted now has been purged from the trash. */
const AFTER_TRASH_DAYS = () => new Date(Date.now() + (TRASH_DAYS + 1) * 24 * 60 * 60 * 1000)

const signedInAdmin = () => signedInAdminOf('duyurular')

const png = () => pngFile('kapak.png', { width: 640, height: 360 })

const orderOf = async () =>
	(await db.selectFrom('announcements').select(['title', 'order_index']).orderBy('order_index').execute()).map((r) => [
		r.title,
		r.order_index,
	])

for (const dialect of dialectsUnderTest()) {
	test(`refuses invalid announcement forms with the spec's messages and keeps what was typed (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const ctx = await signedInAdmin()
			expect(await announcementsAdmin.act('save', formData({ title: '   ', lead: 'Kısa' }), ctx)).toEqual({
				ok: false,
				status: 400,
				message: 'Başlık gerekli',
				fieldErrors: { title: 'Başlık gerekli' },
				values: { title: '   ', lead: 'Kısa' },
			})
			expect(await announcementsAdmin.act('save', formData({ title: 'Genel Kurul', date: '2026-02-30' }), ctx)).toMatchObject({
				ok: false,
				fieldErrors: { date: 'Böyle bir tarih yok.' },
			})
			expect(await announcementsAdmin.act('save', formData({ title: 'Genel Kurul', status: 'archived' }), ctx)).toMatchObject({
				ok: false,
				fieldErrors: { status: 'Durumu listeden seçin.' },
			})
			expect(await announcementsAdmin.act('save', formData({ title: 'Genel Kurul', featured_until: 'yarın' }), ctx)).toMatchObject({
				ok: false,
				fieldErrors: { featured_until: 'Öne çıkma bitişi için geçerli bir tarih ve saat seçin.' },
			})
			expect(
				await announcementsAdmin.act('save', formData({ title: 'Genel Kurul' }), {
					...ctx,
					user: undefined as unknown as AdminContext['user'],
				}),
			).toMatchObject({ ok: false, status: 401, message: 'Oturum bulunamadı. Lütfen giriş yapın.' })
			expect(await announcementsAdmin.act('save', formData({ id: '999', title: 'Yok' }), ctx)).toMatchObject({
				ok: false,
				status: 404,
				message: 'Kayıt eklenemedi: kayıt bulunamadı',
			})
			expect(await announcementsAdmin.act('delete', formData({ id: '999' }), ctx)).toMatchObject({
				ok: false,
				status: 500,
				message: 'Silinemedi: kayıt bulunamadı',
			})
			expect(await announcementsAdmin.act('explode', formData({}), ctx)).toMatchObject({ ok: false, status: 400 })
			expect(await db.selectFrom('announcements').select('id').execute()).toEqual([])
		})
	})

	test(`creates a draft dated today by default, at the top of the list, by the signed-in admin (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const ctx = await signedInAdmin()
			const versionBefore = await readContentVersion()
			const first = await announcementsAdmin.act(
				'save',
				formData({ title: '  Burs Başvuruları  ', body: '<p>Başvurular açıldı.</p>' }),
				ctx,
			)
			expect(first).toMatchObject({ ok: true })
			const second = await announcementsAdmin.act('save', formData({ title: 'Bahar Gezisi' }), ctx)
			const firstId = (first as { id: number }).id
			const secondId = (second as { id: number }).id
			expect(Number(await readContentVersion())).toBe(Number(versionBefore) + 2)

			const row = await db.selectFrom('announcements').selectAll().where('id', '=', firstId).executeTakeFirstOrThrow()
			expect(row).toMatchObject({
				title: 'Burs Başvuruları',
				published_at: null,
				order_index: 2,
				created_by: ctx.user.id,
				featured_until: null,
			})
			expect(Boolean(row.featured_home)).toBe(false)
			// New announcements go first (Ayarlar › Sıralama); the earlier ones move one place down.
			expect(await orderOf()).toEqual([
				['Bahar Gezisi', 1],
				['Burs Başvuruları', 2],
			])

			const data = await announcementsAdmin.load(adminContext('duyurular', `?edit=${secondId}`, ctx.user))
			expect(data.rows.map((r) => [r.title, r.status, r.date])).toEqual([
				['Bahar Gezisi', 'draft', istanbulToday()],
				['Burs Başvuruları', 'draft', istanbulToday()],
			])
			expect(data.editing).toMatchObject({ id: secondId, status: 'draft', date: istanbulToday(), featuredHome: false, featuredUntil: '' })
			expect(data.today).toBe(istanbulToday())

			expect((await listPublishedAnnouncements()).items).toEqual([])
			expect(await getPublishedAnnouncement({ id: firstId })).toBeNull()
			expect((await searchSite({ query: 'burs' })).total).toBe(0)
		})
	})

	test(`publishes on the chosen Istanbul day, back to draft and again by editing, as the public pages see it (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const ctx = await signedInAdmin()
			const created = await announcementsAdmin.act(
				'save',
				formData({
					title: 'Olağan Genel Kurul',
					lead: '  Tüm üyelerimiz davetlidir. ',
					body: '<p onclick="x()">Gündem <strong>ekte</strong>.<script>alert(1)</script></p>',
					date: '2026-03-10',
					status: 'published',
				}),
				ctx,
			)
			const id = (created as { id: number }).id
			let row = await db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
			expect(new Date(row.published_at!).toISOString()).toBe('2026-03-09T21:00:00.000Z')
			expect(row.lead).toBe('Tüm üyelerimiz davetlidir.')
			expect(row.body).toBe('<p>Gündem <strong>ekte</strong>.</p>')
			const detail = await getPublishedAnnouncement({ id })
			expect(detail).toMatchObject({
				title: 'Olağan Genel Kurul',
				lead: 'Tüm üyelerimiz davetlidir.',
				publishedAt: '2026-03-09T21:00:00.000Z',
			})
			expect((await searchSite({ query: 'genel kurul' })).hits.map((h) => h.url)).toEqual([`/duyurular/${id}`])

			await announcementsAdmin.act(
				'save',
				formData({ id: String(id), title: 'Olağan Genel Kurul', date: '2026-03-10', status: 'draft' }),
				ctx,
			)
			row = await db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
			expect(row.published_at).toBeNull()
			expect(await getPublishedAnnouncement({ id })).toBeNull()
			expect((await searchSite({ query: 'genel kurul' })).total).toBe(0)

			await announcementsAdmin.act(
				'save',
				formData({ id: String(id), title: 'Olağan Genel Kurul', date: '2026-03-12', status: 'published' }),
				ctx,
			)
			expect((await listPublishedAnnouncements()).items.map((a) => [a.id, a.publishedAt])).toEqual([[id, '2026-03-11T21:00:00.000Z']])

			const seeded = await createAnnouncement({ title: 'Saatli duyuru', published_at: '2026-01-05T07:00:00.000Z' })
			await announcementsAdmin.act(
				'save',
				formData({ id: String(seeded.id), title: 'Saatli duyuru', date: '2026-01-05', status: 'published' }),
				ctx,
			)
			const kept = await db.selectFrom('announcements').selectAll().where('id', '=', seeded.id).executeTakeFirstOrThrow()
			expect(new Date(kept.published_at!).toISOString()).toBe('2026-01-05T07:00:00.000Z')
			expect(new Date(kept.created_at).toISOString()).toBe('2026-01-01T09:00:00.000Z')
			expect(new Date(kept.updated_at).getTime()).toBeGreaterThan(Date.parse('2026-01-01T09:00:00.000Z'))
			expect(kept.created_by).toBeNull()
		})
	})

	test(`features an announcement on the home page until its Istanbul end time (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const ctx = await signedInAdmin()
			const created = await announcementsAdmin.act(
				'save',
				formData({
					title: 'Mezunlar Günü',
					date: '2026-06-01',
					status: 'published',
					featured_home: 'on',
					featured_until: '2026-07-01T18:30',
				}),
				ctx,
			)
			const id = (created as { id: number }).id
			const row = await db.selectFrom('announcements').select(['featured_until']).where('id', '=', id).executeTakeFirstOrThrow()
			expect(new Date(row.featured_until!).toISOString()).toBe('2026-07-01T15:30:00.000Z')
			expect((await listFeaturedSlides({ now: new Date('2026-07-01T15:29:00.000Z') })).map((s) => s.href)).toEqual([`/duyurular/${id}`])
			expect(await listFeaturedSlides({ now: new Date('2026-07-01T15:30:00.000Z') })).toEqual([])
			const editing = (await announcementsAdmin.load(adminContext('duyurular', `?edit=${id}`, ctx.user))).editing
			expect(editing).toMatchObject({ featuredHome: true, featuredUntil: '2026-07-01T18:30', status: 'published', date: '2026-06-01' })

			await announcementsAdmin.act(
				'save',
				formData({ id: String(id), title: 'Mezunlar Günü', date: '2026-06-01', status: 'draft', featured_home: 'on' }),
				ctx,
			)
			expect(await listFeaturedSlides({ now: new Date('2026-06-15T00:00:00.000Z') })).toEqual([])
			await announcementsAdmin.act(
				'save',
				formData({ id: String(id), title: 'Mezunlar Günü', date: '2026-06-01', status: 'published', featured_home: 'on' }),
				ctx,
			)
			expect((await listFeaturedSlides({ now: new Date('2030-01-01T00:00:00.000Z') })).map((s) => s.title)).toEqual(['Mezunlar Günü'])
			await announcementsAdmin.act(
				'save',
				formData({ id: String(id), title: 'Mezunlar Günü', date: '2026-06-01', status: 'published' }),
				ctx,
			)
			expect(await listFeaturedSlides({ now: new Date('2026-06-15T00:00:00.000Z') })).toEqual([])
		})
	})

	test(`renumbers every announcement 1..n in the posted order and refuses an order that is not the current set (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const ctx = await signedInAdmin()
			// The spec's order: each new announcement after the others (the highest order_index plus one).
			await updateSetting('ordering', { newAnnouncementsFirst: false })
			const ids: Array<number> = []
			for (const title of ['Birinci', 'İkinci', 'Üçüncü']) {
				const result = await announcementsAdmin.act('save', formData({ title, date: '2026-02-01', status: 'published' }), ctx)
				ids.push((result as { id: number }).id)
			}
			const [a, b, c] = ids as [number, number, number]
			const unordered = await createAnnouncement({ title: 'Sırasız', order_index: null })
			expect((await announcementsAdmin.load(ctx)).rows.map((r) => r.title)).toEqual(['Birinci', 'İkinci', 'Üçüncü', 'Sırasız'])

			const reorder = (order: Array<number>) => {
				const data = formData({})
				for (const id of order) data.append('ids', String(id))
				return announcementsAdmin.act('reorder', data, ctx)
			}
			const version = await readContentVersion()
			expect(await reorder([unordered.id, c, a, b])).toEqual({ ok: true })
			expect(Number(await readContentVersion())).toBe(Number(version) + 1)
			expect(await orderOf()).toEqual([
				['Sırasız', 1],
				['Üçüncü', 2],
				['Birinci', 3],
				['İkinci', 4],
			])
			expect((await listPublishedAnnouncements()).items.map((item) => item.title)).toEqual(['Sırasız', 'Üçüncü', 'Birinci', 'İkinci'])

			for (const wrong of [[c, a, b], [unordered.id, c, a, b, 999], [unordered.id, c, a, a], []]) {
				expect(await reorder(wrong)).toEqual({ ok: false, status: wrong.length ? 409 : 400, message: 'Sıralama kaydedilemedi!' })
			}
			expect((await announcementsAdmin.load(ctx)).rows.map((r) => r.orderIndex)).toEqual([1, 2, 3, 4])

			expect(await announcementsAdmin.act('move', formData({ id: String(a), direction: 'up' }), ctx)).toEqual({ ok: true })
			expect(await announcementsAdmin.act('move', formData({ id: String(unordered.id), direction: 'up' }), ctx)).toEqual({ ok: true })
			expect(await announcementsAdmin.act('move', formData({ id: String(unordered.id), direction: 'down' }), ctx)).toEqual({ ok: true })
			expect(await orderOf()).toEqual([
				['Birinci', 1],
				['Sırasız', 2],
				['Üçüncü', 3],
				['İkinci', 4],
			])
			expect(await announcementsAdmin.act('move', formData({ id: String(a), direction: 'sideways' }), ctx)).toMatchObject({ ok: false })

			const next = await announcementsAdmin.act('save', formData({ title: 'Yeni gelen' }), ctx)
			const row = await db
				.selectFrom('announcements')
				.select('order_index')
				.where('id', '=', (next as { id: number }).id)
				.executeTakeFirstOrThrow()
			expect(row.order_index).toBe(5)
		})
	})

	test(`moves an announcement to the top or the bottom, and puts new ones first unless Ayarlar says otherwise (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const ctx = await signedInAdmin()
			const save = async (title: string) =>
				((await announcementsAdmin.act('save', formData({ title, date: '2026-02-01', status: 'published' }), ctx)) as { id: number }).id
			const c = await save('Üçüncü')
			const b = await save('İkinci')
			const a = await save('Birinci')
			expect(await orderOf()).toEqual([
				['Birinci', 1],
				['İkinci', 2],
				['Üçüncü', 3],
			])

			const move = (id: number, direction: string) => announcementsAdmin.act('move', formData({ id: String(id), direction }), ctx)
			const version = await readContentVersion()
			expect(await move(c, 'top')).toEqual({ ok: true })
			expect(Number(await readContentVersion())).toBe(Number(version) + 1)
			expect(await orderOf()).toEqual([
				['Üçüncü', 1],
				['Birinci', 2],
				['İkinci', 3],
			])
			expect(await move(c, 'bottom')).toEqual({ ok: true })
			expect(await move(a, 'bottom')).toEqual({ ok: true })
			expect(await move(b, 'top')).toEqual({ ok: true })
			expect(await orderOf()).toEqual([
				['İkinci', 1],
				['Üçüncü', 2],
				['Birinci', 3],
			])
			expect((await listPublishedAnnouncements()).items.map((item) => item.title)).toEqual(['İkinci', 'Üçüncü', 'Birinci'])
			expect(await move(999, 'top')).toMatchObject({ ok: false, status: 409 })

			await updateSetting('ordering', { newAnnouncementsFirst: false })
			await save('Sonuncu')
			expect((await orderOf()).at(-1)).toEqual(['Sonuncu', 4])
		})
	})

	test(`stores cover and hero images in their folders, replaces and deletes them later, and leaves no file of a refused upload (${dialect})`, async () => {
		await withDatabase(dialect, async (tdb) => {
			const ctx = await signedInAdmin()
			const refused = await announcementsAdmin.act('save', formData({ title: 'Kapaklı', cover_file: await pdfAsImage('kapak.png') }), ctx)
			expect(refused).toMatchObject({
				ok: false,
				status: 400,
				// Reads like the other sections' refusals: no technical prefix.
				message: 'Kayıt eklenemedi: Bu dosya bir görsel değil. JPEG, PNG, WebP, GIF veya AVIF yükleyebilirsiniz.',
				fieldErrors: { cover_file: 'Bu dosya bir görsel değil. JPEG, PNG, WebP, GIF veya AVIF yükleyebilirsiniz.' },
				values: { title: 'Kapaklı' },
			})
			const halfRefused = await announcementsAdmin.act(
				'save',
				formData({ title: 'Kapaklı', cover_file: await png(), hero_file: await pdfAsImage('kapak.png') }),
				ctx,
			)
			expect(halfRefused).toMatchObject({ ok: false, fieldErrors: { hero_file: expect.stringContaining('görsel değil') } })
			expect(await tdb.storage.list('announcements/')).toEqual([])
			expect(await db.selectFrom('announcements').select('id').execute()).toEqual([])

			const created = await announcementsAdmin.act(
				'save',
				formData({ title: 'Kapaklı', cover_file: await png(), hero_file: await png() }),
				ctx,
			)
			const id = (created as { id: number }).id
			const row = await db.selectFrom('announcements').select(['cover_url', 'hero_bg_url']).where('id', '=', id).executeTakeFirstOrThrow()
			expect(row.cover_url).toMatch(/^announcements\/\d+-[0-9a-f]{8}-640x360\.jpg$/)
			expect(row.hero_bg_url).toMatch(/^announcements\/hero_bg\/\d+-[0-9a-f]{8}-640x360\.jpg$/)
			expect(await tdb.storage.exists(row.cover_url!)).toBe(true)
			const listed = (await announcementsAdmin.load(ctx)).rows[0]
			expect(listed?.cover?.src).toContain(row.cover_url!)

			await announcementsAdmin.act(
				'save',
				formData({
					id: String(id),
					title: 'Kapaklı',
					cover_file: await png(),
					cover_key: 'events/someone-elses.jpg',
					hero_key_remove: 'on',
				}),
				ctx,
			)
			const edited = await db
				.selectFrom('announcements')
				.select(['cover_url', 'hero_bg_url'])
				.where('id', '=', id)
				.executeTakeFirstOrThrow()
			expect(edited.cover_url).not.toBe(row.cover_url)
			expect(edited.cover_url).toMatch(/^announcements\//)
			expect(edited.hero_bg_url).toBeNull()
			const pending = async () => (await db.selectFrom('pending_deletions').select('key').execute()).map((r) => r.key).toSorted()
			expect(await pending()).toEqual([row.cover_url, row.hero_bg_url].toSorted())

			expect(await announcementsAdmin.act('delete', formData({ id: String(id) }), ctx)).toEqual({ ok: true })
			expect(await pending()).toEqual([row.cover_url, row.hero_bg_url].toSorted())
			expect(await purgeExpiredTrash(AFTER_TRASH_DAYS())).toBe(1)
			expect(await pending()).toEqual([row.cover_url, row.hero_bg_url, edited.cover_url].toSorted())
			expect(await db.selectFrom('search_documents').select('id').where('kind', '=', 'announcement').execute()).toEqual([])
		})
	})
}
