import { expect, test } from 'vitest'
import { readContentVersion } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { toIso } from '#app/lib/db-utils.server.ts'
import { makeBulletinPdf } from '#app/features/site/seed/bulletin-pdf.ts'
import { adminContext, formData, pngFile, savedId } from '#tests/factories/admin.ts'
import { createAlumniNews } from '#tests/factories/alumni-news.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { alumniNewsAdmin } from './alumni-news.admin.server.ts'
import { purgeExpiredTrash, TRASH_DAYS } from '#app/features/admin/trash.server.ts'

/** A moment after an item deleted now has been purged from the trash. */
const AFTER_TRASH_DAYS = () => new Date(Date.now() + (TRASH_DAYS + 1) * 24 * 60 * 60 * 1000)

const ctx = adminContext('mezun-haberleri')

const rowById = (id: number) => db.selectFrom('alumni_news').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

const pendingKeys = async () => (await db.selectFrom('pending_deletions').select('key').execute()).map((row) => row.key).toSorted()

for (const dialect of dialectsUnderTest()) {
	test(`refuses news without a title or with a link that is not a web address, in Turkish (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			expect(await alumniNewsAdmin.act('save', formData({ title: '   ', link: '', description: 'Metin' }), ctx)).toMatchObject({
				ok: false,
				status: 400,
				message: 'Başlık zorunlu.',
				fieldErrors: { title: 'Başlık zorunlu.' },
				values: { title: '   ', description: 'Metin' },
			})
			for (const link of ['ftp://ornek.org/dosya', 'javascript:alert(1)', 'www.ornek.org', 'https://']) {
				expect(await alumniNewsAdmin.act('save', formData({ title: 'Haber', link }), ctx)).toMatchObject({
					ok: false,
					message: 'Bağlantı http:// ya da https:// ile başlayan bir adres olmalı.',
					fieldErrors: { link: 'Bağlantı http:// ya da https:// ile başlayan bir adres olmalı.' },
				})
			}
			expect(await alumniNewsAdmin.act('save', formData({ title: 'x'.repeat(301) }), ctx)).toMatchObject({
				ok: false,
				fieldErrors: { title: 'Başlık en fazla 300 karakter olabilir.' },
			})
			expect(await db.selectFrom('alumni_news').selectAll().execute()).toEqual([])
			expect(await readContentVersion()).toBe('0')
		})
	})

	test(`makes slugs from Turkish titles, capped at 140, 'haber' by default, with a suffix when taken (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const turkish = savedId(
				await alumniNewsAdmin.act(
					'save',
					formData({ title: '  Şırnak’ta İĞNE Oyası Çalıştayı  ', link: '  https://ornek.org/haber  ', description: '  Açıklama.  ' }),
					ctx,
				),
			)
			expect(await rowById(turkish)).toMatchObject({
				title: 'Şırnak’ta İĞNE Oyası Çalıştayı',
				slug: 'sirnak-ta-igne-oyasi-calistayi',
				link: 'https://ornek.org/haber',
				description: 'Açıklama.',
				image_url: null,
			})

			const fallback = savedId(await alumniNewsAdmin.act('save', formData({ title: '!!! ?', link: '   ', description: '   ' }), ctx))
			expect(await rowById(fallback)).toMatchObject({ slug: 'haber', link: null, description: null })

			const long = savedId(await alumniNewsAdmin.act('save', formData({ title: `${'çok uzun başlık '.repeat(15)}son` }), ctx))
			const longSlug = (await rowById(long)).slug
			expect(longSlug.length).toBeLessThanOrEqual(140)
			expect(longSlug).toMatch(/^cok-uzun-baslik-cok-uzun-baslik-.*[a-z]$/)

			const again = savedId(await alumniNewsAdmin.act('save', formData({ title: 'Şırnak’ta iğne oyası çalıştayı' }), ctx))
			expect((await rowById(again)).slug).toMatch(/^sirnak-ta-igne-oyasi-calistayi-[0-9a-z]{4}$/)
			const longAgain = savedId(await alumniNewsAdmin.act('save', formData({ title: `${'çok uzun başlık '.repeat(15)}son` }), ctx))
			const longAgainSlug = (await rowById(longAgain)).slug
			expect(longAgainSlug).toMatch(/-[0-9a-z]{4}$/)
			expect(longAgainSlug.length).toBeLessThanOrEqual(140)
			expect(longAgainSlug).not.toBe(longSlug)

			expect(await readContentVersion()).toBe('5')
		})
	})

	test(`gives news items saved at once with one title distinct slugs (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const results = await Promise.all(
				Array.from({ length: 4 }, () => alumniNewsAdmin.act('save', formData({ title: 'Mezunlar Buluşması' }), ctx)),
			)
			const slugs = await Promise.all(results.map(async (result) => (await rowById(savedId(result))).slug))
			expect(new Set(slugs).size).toBe(4)
			expect(slugs.filter((slug) => slug === 'mezunlar-bulusmasi')).toHaveLength(1)
			for (const slug of slugs) expect(slug).toMatch(/^mezunlar-bulusmasi(-[0-9a-z]{4})?$/)
		})
	})

	test(`edits news keeping the address unless the title changes, and updates the search index (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const item = await createAlumniNews({ title: 'Eski Başlık', slug: 'eski-baslik', updated_at: '2026-01-01T09:00:00.000Z' })
			const other = await createAlumniNews({ title: 'Yeni Başlık', slug: 'yeni-baslik' })
			expect(
				await alumniNewsAdmin.act('save', formData({ id: String(item.id), title: 'Eski Başlık', description: 'Yeni metin' }), ctx),
			).toEqual({ ok: true, id: item.id })
			let row = await rowById(item.id)
			expect(row).toMatchObject({ slug: 'eski-baslik', description: 'Yeni metin', link: null })
			expect(toIso(row.updated_at)).not.toBe('2026-01-01T09:00:00.000Z')

			await alumniNewsAdmin.act('save', formData({ id: String(item.id), title: 'Yeni Başlık' }), ctx)
			row = await rowById(item.id)
			expect(row.slug).toMatch(/^yeni-baslik-[0-9a-z]{4}$/)
			expect((await rowById(other.id)).slug).toBe('yeni-baslik')
			const doc = await db
				.selectFrom('search_documents')
				.select(['title', 'url'])
				.where('kind', '=', 'alumni_news')
				.where('ref_id', '=', String(item.id))
				.executeTakeFirstOrThrow()
			expect(doc).toEqual({ title: 'Yeni Başlık', url: `/mezunlarimiz/mezunlardan-haberler/${row.slug}` })

			expect(await alumniNewsAdmin.act('save', formData({ id: '999', title: 'Yok' }), ctx)).toMatchObject({
				ok: false,
				status: 500,
				message: 'Haber kaydedilemedi: kayıt bulunamadı',
			})
		})
	})

	test(`stores, replaces and removes a news image, refusing a PDF sent as an image (${dialect})`, async () => {
		await withDatabase(dialect, async (tdb) => {
			const pdf = new File([new Uint8Array(await makeBulletinPdf(2024, 3, 'NDS'))], 'foto.png', { type: 'image/png' })
			expect(await alumniNewsAdmin.act('save', formData({ title: 'Görselli Haber', image_file: pdf }), ctx)).toMatchObject({
				ok: false,
				status: 400,
				fieldErrors: { image_file: 'Bu dosya bir görsel değil. JPEG, PNG, WebP, GIF veya AVIF yükleyebilirsiniz.' },
				values: { title: 'Görselli Haber' },
			})
			expect(await tdb.storage.list('alumni_news/')).toEqual([])

			const id = savedId(
				await alumniNewsAdmin.act(
					'save',
					formData({ title: 'Görselli Haber', image_file: await pngFile('haber.png', { width: 480, height: 320 }) }),
					ctx,
				),
			)
			const first = (await rowById(id)).image_url
			expect(first).toMatch(/^alumni_news\/\d+-gorselli-haber-480x320\.jpg$/)
			expect(await tdb.storage.exists(first!)).toBe(true)
			expect((await alumniNewsAdmin.load(ctx)).rows[0]?.image).toMatchObject({ src: `/media/${first}`, width: 480 })

			await alumniNewsAdmin.act(
				'save',
				formData({ id: String(id), title: 'Görselli Haber', image_file: await pngFile('haber.png', { width: 480, height: 320 }) }),
				ctx,
			)
			const second = (await rowById(id)).image_url
			expect(second).not.toBe(first)
			expect(await pendingKeys()).toEqual([first])

			await alumniNewsAdmin.act('save', formData({ id: String(id), title: 'Görselli Haber', image_key: 'alumni_news/baskasi.jpg' }), ctx)
			expect((await rowById(id)).image_url).toBe(second)
			await alumniNewsAdmin.act('save', formData({ id: String(id), title: 'Görselli Haber', image_key_remove: 'on' }), ctx)
			expect((await rowById(id)).image_url).toBeNull()
			expect(await pendingKeys()).toEqual([first, second].toSorted())

			const imported = await createAlumniNews({
				title: 'Eski',
				image_url: 'alumni_news/eski-800x600.jpg',
				cover_url: 'alumni_news/kapak-800x600.jpg',
			})
			await alumniNewsAdmin.act(
				'save',
				formData({ id: String(imported.id), title: 'Eski', image_file: await pngFile('haber.png', { width: 480, height: 320 }) }),
				ctx,
			)
			expect(await rowById(imported.id)).toMatchObject({ cover_url: null, image_url: expect.stringMatching(/^alumni_news\/\d+-eski-/) })
			expect(await pendingKeys()).toEqual(expect.arrayContaining(['alumni_news/eski-800x600.jpg', 'alumni_news/kapak-800x600.jpg']))

			const files = await tdb.storage.list('alumni_news/')
			await db.schema.dropTable('search_documents').execute()
			expect(
				await alumniNewsAdmin.act(
					'save',
					formData({ title: 'Kaydedilemeyen Haber', image_file: await pngFile('haber.png', { width: 480, height: 320 }) }),
					ctx,
				),
			).toMatchObject({
				ok: false,
				status: 500,
				message: expect.stringMatching(/^Haber kaydedilemedi: /),
			})
			expect(await tdb.storage.list('alumni_news/')).toEqual(files)
		})
	})

	test(`lists news newest first, deletes with the files and search entry, and reports failures (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const old = await createAlumniNews({
				title: 'Eski',
				created_at: '2025-01-01T09:00:00.000Z',
				image_url: 'alumni_news/1-eski-640x480.jpg',
			})
			await createAlumniNews({ title: 'Yeni', created_at: '2026-02-01T09:00:00.000Z' })
			let data = await alumniNewsAdmin.load(adminContext('mezun-haberleri', `?edit=${old.id}`))
			expect(data.rows.map((row) => row.title)).toEqual(['Yeni', 'Eski'])
			expect(data.editing).toMatchObject({ id: old.id, imageKey: 'alumni_news/1-eski-640x480.jpg' })
			expect(data.loadError).toBeNull()

			expect(await alumniNewsAdmin.act('delete', formData({ id: String(old.id) }), ctx)).toEqual({ ok: true })
			expect(await pendingKeys()).toEqual([])
			expect(await purgeExpiredTrash(AFTER_TRASH_DAYS())).toBe(1)
			expect(await pendingKeys()).toEqual(['alumni_news/1-eski-640x480.jpg'])
			expect(
				await db
					.selectFrom('search_documents')
					.select('ref_id')
					.where('kind', '=', 'alumni_news')
					.where('ref_id', '=', String(old.id))
					.execute(),
			).toEqual([])
			expect(await readContentVersion()).toBe('1')
			expect(await alumniNewsAdmin.act('delete', formData({ id: String(old.id) }), ctx)).toMatchObject({
				ok: false,
				status: 500,
				message: 'Silinemedi: kayıt bulunamadı',
			})

			await db.schema.dropTable('alumni_news').execute()
			data = await alumniNewsAdmin.load(ctx)
			expect(data.rows).toEqual([])
			expect(data.loadError).toMatch(/^Haberler yüklenemedi: /)
		})
	})
}
