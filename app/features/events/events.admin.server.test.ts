import { expect, test } from 'vitest'
import { listFeaturedSlides } from '#app/features/home/featured.server.ts'
import { searchSite } from '#app/features/search/search.server.ts'
import { readContentVersion } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { adminContext, formData, jpegFile, pdfAsImage } from '#tests/factories/admin.ts'
import { createEvent } from '#tests/factories/events.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { eventsAdmin } from './events.admin.server.ts'
import { eventSlug } from './events.schema.ts'
import { getEventBySlug, listEvents } from './events.server.ts'
import { purgeExpiredTrash, TRASH_DAYS } from '#app/features/admin/trash.server.ts'

/** A moment after an item deleted now has been purged from the trash. */
const AFTER_TRASH_DAYS = () => new Date(Date.now() + (TRASH_DAYS + 1) * 24 * 60 * 60 * 1000)

const ctx = adminContext('etkinlikler')
const save = async (fields: Record<string, string | File>) => {
	const result = await eventsAdmin.act('save', formData({ starts_at: '2026-12-13T11:00', ...fields }), ctx)
	if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`)
	return db
		.selectFrom('events')
		.selectAll()
		.where('id', '=', result.id as number)
		.executeTakeFirstOrThrow()
}

test('makes event slugs from Turkish titles, within 80 characters, with the default for nothing', () => {
	expect(eventSlug('', 'Çağdaş Şölen: IŞIK & Gölge — Öğrenci Günü!')).toBe('cagdas-solen-isik-golge-ogrenci-gunu')
	expect(eventSlug('', 'İstanbul’da Büyük Buluşma')).toBe('istanbul-da-buyuk-bulusma')
	expect(eventSlug('', '!!! ???')).toBe('etkinlik')
	expect(eventSlug('  Özel Adres  ', 'Başka başlık')).toBe('ozel-adres')
	expect(eventSlug('!!!', 'Başlık')).toBe('')
	const long = eventSlug('', `${'Mezunlar '.repeat(8)}Yıllık Buluşması ve Gala Yemeği`)
	expect(long.length).toBeLessThanOrEqual(80)
	expect(long).toMatch(/^mezunlar-mezunlar-.*[a-z0-9]$/)
})

for (const dialect of dialectsUnderTest()) {
	test(`refuses invalid event forms with the spec's messages and keeps what was typed (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			expect(
				await eventsAdmin.act('save', formData({ title: '', slug: '', starts_at: '2026-12-13T11:00', location: 'Harbiye' }), ctx),
			).toEqual({
				ok: false,
				status: 400,
				message: 'Başlık gerekli',
				fieldErrors: { title: 'Başlık gerekli' },
				values: { title: '', slug: '', starts_at: '2026-12-13T11:00', location: 'Harbiye' },
			})
			expect(await eventsAdmin.act('save', formData({ title: 'Kermes', slug: '!!!', starts_at: '2026-12-13T11:00' }), ctx)).toMatchObject({
				ok: false,
				message: 'Başlık gerekli.',
				fieldErrors: { slug: 'Başlık gerekli.' },
			})
			expect(await eventsAdmin.act('save', formData({ title: 'Kermes' }), ctx)).toMatchObject({
				ok: false,
				fieldErrors: { starts_at: 'Başlangıç tarihi ve saati gerekli.' },
			})
			expect(await eventsAdmin.act('save', formData({ title: 'Kermes', starts_at: '13.12.2026 11:00' }), ctx)).toMatchObject({
				ok: false,
				fieldErrors: { starts_at: 'Başlangıç için geçerli bir tarih ve saat seçin.' },
			})
			expect(
				await eventsAdmin.act('save', formData({ title: 'Kermes', starts_at: '2026-12-13T11:00', ends_at: '2026-12-13T10:00' }), ctx),
			).toMatchObject({ ok: false, fieldErrors: { ends_at: 'Bitiş, başlangıçtan sonra olmalı.' } })
			expect(
				await eventsAdmin.act(
					'save',
					formData({ title: 'Kermes', starts_at: '2026-12-13T11:00', featured_until: '2026-13-01T00:00' }),
					ctx,
				),
			).toMatchObject({ ok: false, fieldErrors: { featured_until: 'Öne çıkma bitişi için geçerli bir tarih ve saat seçin.' } })
			expect(await eventsAdmin.act('save', formData({ id: '999', title: 'Yok', starts_at: '2026-12-13T11:00' }), ctx)).toMatchObject({
				ok: false,
				status: 404,
				message: 'Kayıt eklenemedi: kayıt bulunamadı',
			})
			expect(await eventsAdmin.act('delete', formData({ id: '999' }), ctx)).toMatchObject({
				ok: false,
				message: 'Silinemedi: kayıt bulunamadı',
			})
			expect(await eventsAdmin.act('explode', formData({}), ctx)).toMatchObject({ ok: false, status: 400 })
			expect(await db.selectFrom('events').select('id').execute()).toEqual([])
		})
	})

	test(`saves an event in Istanbul time with optional fields trimmed or null, and the public pages and search follow (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const version = Number(await readContentVersion())
			const row = await save({
				title: '  Yılbaşı Kermesi ',
				lead: '  ',
				body: '<p>Herkes davetli.<img src="x" onerror="alert(1)"></p>',
				starts_at: '2026-12-13T11:00',
				ends_at: '2026-12-13T18:00',
				location: '  Okul Spor Salonu, Harbiye  ',
			})
			expect(row).toMatchObject({
				slug: 'yilbasi-kermesi',
				title: 'Yılbaşı Kermesi',
				lead: null,
				body: '<p>Herkes davetli.</p>',
				location: 'Okul Spor Salonu, Harbiye',
				featured_until: null,
			})
			expect(new Date(row.starts_at!).toISOString()).toBe('2026-12-13T08:00:00.000Z')
			expect(new Date(row.ends_at!).toISOString()).toBe('2026-12-13T15:00:00.000Z')
			expect(Number(await readContentVersion())).toBe(version + 1)
			expect(await getEventBySlug('yilbasi-kermesi')).toMatchObject({ title: 'Yılbaşı Kermesi', location: 'Okul Spor Salonu, Harbiye' })
			expect((await searchSite({ query: 'kermes' })).hits.map((h) => h.url)).toEqual(['/duyurular/etkinlikler/yilbasi-kermesi'])

			const edited = await save({
				id: String(row.id),
				title: 'Yılbaşı Kermesi',
				slug: 'yilbasi-kermesi',
				body: '',
				ends_at: '',
				location: ' ',
			})
			expect(edited).toMatchObject({ body: null, ends_at: null, location: null })
			const data = await eventsAdmin.load(adminContext('etkinlikler', `?edit=${row.id}`))
			expect(data.editing).toMatchObject({
				slug: 'yilbasi-kermesi',
				startsAt: '2026-12-13T11:00',
				endsAt: '',
				location: '',
				featuredHome: false,
			})

			expect(await eventsAdmin.act('delete', formData({ id: String(row.id) }), ctx)).toEqual({ ok: true })
			expect(await getEventBySlug('yilbasi-kermesi')).toBeNull()
			expect((await searchSite({ query: 'kermes' })).total).toBe(0)
			expect(Number(await readContentVersion())).toBe(version + 3)
		})
	})

	test(`gives a new event whose slug exists a random suffix, and two racing saves of one title distinct slugs (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const first = await save({ title: 'Bahar Konseri' })
			const second = await save({ title: 'Bahar Konseri' })
			const typed = await save({ title: 'Başka', slug: 'Bahar Konseri' })
			expect(first.slug).toBe('bahar-konseri')
			expect(second.slug).toMatch(/^bahar-konseri-[0-9a-z]{4}$/)
			expect(typed.slug).toMatch(/^bahar-konseri-[0-9a-z]{4}$/)
			expect(new Set([second.slug, typed.slug]).size).toBe(2)

			const long = `${'Uzun '.repeat(20)}Başlık`
			const longFirst = await save({ title: long })
			const longSecond = await save({ title: long })
			expect(longFirst.slug.length).toBeLessThanOrEqual(80)
			expect(longSecond.slug.length).toBeLessThanOrEqual(80)
			expect(longSecond.slug).toMatch(/^uzun-.*-[0-9a-z]{4}$/)

			await Promise.all([1, 2, 3].map(() => db.selectFrom('events').select('id').limit(1).execute()))
			const racing = await Promise.all([
				eventsAdmin.act('save', formData({ title: 'Güz Şenliği', starts_at: '2026-10-01T12:00' }), ctx),
				eventsAdmin.act('save', formData({ title: 'Güz Şenliği', starts_at: '2026-10-01T12:00' }), ctx),
			])
			expect(racing.map((r) => r.ok)).toEqual([true, true])
			const slugs = (await db.selectFrom('events').select('slug').where('title', '=', 'Güz Şenliği').execute())
				.map((r) => r.slug)
				.toSorted()
			expect(slugs).toHaveLength(2)
			expect(slugs[0]).toBe('guz-senligi')
			expect(slugs[1]).toMatch(/^guz-senligi-[0-9a-z]{4}$/)
		})
	})

	test(`refuses to edit an event onto a slug another event uses (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const taken = await save({ title: 'Kermes' })
			const other = await save({ title: 'Konser' })
			expect(
				await eventsAdmin.act(
					'save',
					formData({ id: String(other.id), title: 'Konser', slug: taken.slug, starts_at: '2026-12-13T11:00' }),
					ctx,
				),
			).toEqual({
				ok: false,
				status: 409,
				message: 'Bu adres başka bir etkinlikte kullanılıyor; başka bir adres yazın.',
				fieldErrors: { slug: 'Bu adres başka bir etkinlikte kullanılıyor; başka bir adres yazın.' },
				values: { id: String(other.id), title: 'Konser', slug: taken.slug, starts_at: '2026-12-13T11:00' },
			})
			expect((await save({ id: String(other.id), title: 'Konser', slug: 'konser-2027' })).slug).toBe('konser-2027')
			expect((await save({ id: String(taken.id), title: 'Kermes 2026' })).slug).toBe('kermes-2026')
			expect(await getEventBySlug('konser')).toBeNull()
			expect(await getEventBySlug('konser-2027')).toMatchObject({ title: 'Konser' })

			const seeded = await createEvent({ title: 'Eski kayıt', slug: 'eski-kayit' })
			const touched = await save({ id: String(seeded.id), title: 'Eski kayıt', slug: 'eski-kayit' })
			expect(new Date(touched.created_at).toISOString()).toBe('2026-01-01T09:00:00.000Z')
			expect(new Date(touched.updated_at).getTime()).toBeGreaterThan(Date.parse('2026-01-01T09:00:00.000Z'))
		})
	})

	test(`lists events by start descending with undated ones last, and features them until their end time (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await createEvent({ title: 'Tarihsiz', starts_at: null })
			await save({ title: 'Eski', starts_at: '2025-01-10T19:00' })
			const featured = await save({
				title: 'Gala',
				starts_at: '2026-05-20T20:00',
				featured_home: 'on',
				featured_until: '2026-05-21T00:00',
			})
			const data = await eventsAdmin.load(ctx)
			expect(data.loadError).toBeNull()
			expect(data.rows.map((r) => [r.title, r.featuredHome])).toEqual([
				['Gala', true],
				['Eski', false],
				['Tarihsiz', false],
			])
			expect(data.rows[0]).toMatchObject({ slug: 'gala', startsAt: '2026-05-20T17:00:00.000Z' })
			expect((await listEvents()).items.map((e) => e.title)).toEqual(['Gala', 'Eski', 'Tarihsiz'])
			expect(new Date(featured.featured_until!).toISOString()).toBe('2026-05-20T21:00:00.000Z')
			expect((await listFeaturedSlides({ now: new Date('2026-05-20T20:59:00.000Z') })).map((s) => s.href)).toEqual([
				'/duyurular/etkinlikler/gala',
			])
			expect(await listFeaturedSlides({ now: new Date('2026-05-20T21:00:00.000Z') })).toEqual([])
			await save({ id: String(featured.id), title: 'Gala', slug: 'gala', starts_at: '2026-05-20T20:00' })
			expect(await listFeaturedSlides({ now: new Date('2026-05-01T00:00:00.000Z') })).toEqual([])
		})
	})

	test(`stores event images in their folders and leaves no file of a refused upload (${dialect})`, async () => {
		await withDatabase(dialect, async (tdb) => {
			const jpeg = await jpegFile('foto.jpg', { width: 800, height: 500 })
			const refused = await eventsAdmin.act(
				'save',
				formData({ title: 'Sergi', starts_at: '2026-12-13T11:00', cover_file: jpeg, hero_file: await pdfAsImage('kapak.jpg') }),
				ctx,
			)
			expect(refused).toMatchObject({
				ok: false,
				status: 400,
				message: 'Kayıt eklenemedi: Bu dosya bir görsel değil. JPEG, PNG, WebP, GIF veya AVIF yükleyebilirsiniz.',
				fieldErrors: { hero_file: 'Bu dosya bir görsel değil. JPEG, PNG, WebP, GIF veya AVIF yükleyebilirsiniz.' },
				values: { title: 'Sergi' },
			})
			expect(await tdb.storage.list('events/')).toEqual([])

			const row = await save({ title: 'Sergi', cover_file: jpeg, hero_file: jpeg })
			expect(row.cover_url).toMatch(/^events\/\d+-[0-9a-f]{8}-800x500\.jpg$/)
			expect(row.hero_bg_url).toMatch(/^events\/hero_bg\/\d+-[0-9a-f]{8}-800x500\.jpg$/)
			const detail = await getEventBySlug('sergi')
			expect(detail?.hero?.src).toContain(row.hero_bg_url!)
			expect(detail?.cover?.srcSet).toContain('.w640.webp')

			const removed = await save({ id: String(row.id), title: 'Sergi', slug: 'sergi', cover_key_remove: 'on' })
			expect(removed.cover_url).toBeNull()
			expect(removed.hero_bg_url).toBe(row.hero_bg_url)
			await eventsAdmin.act('delete', formData({ id: String(row.id) }), ctx)
			expect(await purgeExpiredTrash(AFTER_TRASH_DAYS())).toBe(1)
			const pending = (await db.selectFrom('pending_deletions').select('key').execute()).map((r) => r.key).toSorted()
			expect(pending).toEqual([row.cover_url, row.hero_bg_url].toSorted())
		})
	})

	test(`shows a failed events list load as an error (${dialect})`, async () => {
		await withDatabase(dialect, async (tdb) => {
			await tdb.handle.db.schema.dropTable('events').execute()
			const data = await eventsAdmin.load(ctx)
			expect(data.rows).toEqual([])
			expect(data.loadError).toMatch(/^Etkinlikler yüklenemedi: /)
		})
	})
}
