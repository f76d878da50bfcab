import { expect, test } from 'vitest'
import { readContentVersion } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { toIso } from '#app/lib/db-utils.server.ts'
import { adminContext, formData, pdfAsImage, pngFile, savedId } from '#tests/factories/admin.ts'
import { createMemberPerk } from '#tests/factories/member-perks.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { listMemberPerks } from './member-perks.server.ts'
import { memberPerksAdmin } from './member-perks.admin.server.ts'
import { purgeExpiredTrash, TRASH_DAYS } from '#app/features/admin/trash.server.ts'

/** A moment after an item deleted now has been purged from the trash. */
const AFTER_TRASH_DAYS = () => new Date(Date.now() + (TRASH_DAYS + 1) * 24 * 60 * 60 * 1000)

const ctx = adminContext('uye-avantajlari')

const logoFile = () => pngFile('logo.png', { width: 300, height: 200 }, { transparent: true })

const rowById = (id: number) => db.selectFrom('member_perks').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

const pendingKeys = async () => (await db.selectFrom('pending_deletions').select('key').execute()).map((row) => row.key).toSorted()

for (const dialect of dialectsUnderTest()) {
	test(`refuses a perk without a firm name, with a wrong e-mail or sort index, in Turkish (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			expect(await memberPerksAdmin.act('save', formData({ business_name: '  ', discount: '%10' }), ctx)).toMatchObject({
				ok: false,
				status: 400,
				message: 'Firma adı gerekli',
				fieldErrors: { business_name: 'Firma adı gerekli' },
				values: { business_name: '  ', discount: '%10' },
			})
			expect(await memberPerksAdmin.act('save', formData({ business_name: 'Kafe', contact_email: 'kafe@' }), ctx)).toMatchObject({
				ok: false,
				message: 'Geçerli bir e-posta adresi yazın (örneğin ad@ornek.com).',
				fieldErrors: { contact_email: 'Geçerli bir e-posta adresi yazın (örneğin ad@ornek.com).' },
			})
			for (const idx of ['1.5', 'ilk', '12345678901']) {
				expect(await memberPerksAdmin.act('save', formData({ business_name: 'Kafe', idx }), ctx)).toMatchObject({
					ok: false,
					fieldErrors: { idx: 'Sıra numarası bir tam sayı olmalı.' },
				})
			}
			expect(await db.selectFrom('member_perks').selectAll().execute()).toEqual([])
			expect(await readContentVersion()).toBe('0')
		})
	})

	test(`refuses a wrong web address and a new category without a name, in Turkish, and keeps web/address (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			for (const web of ['ornek', 'javascript:alert(1)', 'ftp://ornek.com', 'www.ornek .com', 'https://']) {
				expect(await memberPerksAdmin.act('save', formData({ business_name: 'Kafe', contact_web: web }), ctx)).toMatchObject({
					ok: false,
					status: 400,
					message: 'Geçerli bir web adresi yazın (örneğin www.ornek.com).',
					fieldErrors: { contact_web: 'Geçerli bir web adresi yazın (örneğin www.ornek.com).' },
					values: { contact_web: web },
				})
			}
			expect(
				await memberPerksAdmin.act('save', formData({ business_name: 'Kafe', category: '__yeni__', new_category: '  ' }), ctx),
			).toMatchObject({
				ok: false,
				fieldErrors: { new_category: 'Yeni kategorinin adını yazın ya da listeden bir kategori seçin.' },
			})
			expect(await db.selectFrom('member_perks').selectAll().execute()).toEqual([])

			const saved = async (fields: Record<string, string>) => rowById(savedId(await memberPerksAdmin.act('save', formData(fields), ctx)))
			expect(
				await saved({ business_name: 'Kafe', contact_web: ' www.ornek-kafe.com.tr/menu ', contact_address: '  Moda Cad. 1, Kadıköy  ' }),
			).toMatchObject({ contact_web: 'https://www.ornek-kafe.com.tr/menu', contact_address: 'Moda Cad. 1, Kadıköy', category: 'Diğer' })
			expect(await saved({ business_name: 'Kafe 2', contact_web: 'http://ornek.com' })).toMatchObject({ contact_web: 'http://ornek.com' })
			expect(await saved({ business_name: 'Kafe 3', contact_web: '', contact_address: ' ' })).toMatchObject({
				contact_web: null,
				contact_address: null,
			})
		})
	})

	test(`offers the categories in use and adds a new one, matching one in use whatever its case (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await createMemberPerk({ category: 'Sağlık' })
			await createMemberPerk({ category: 'Çiçek' })
			await createMemberPerk({ category: null })
			expect((await memberPerksAdmin.load(ctx)).categories).toEqual(['Çiçek', 'Sağlık', 'Diğer'])

			const categoryOf = async (fields: Record<string, string>) =>
				(await rowById(savedId(await memberPerksAdmin.act('save', formData({ business_name: 'Firma', ...fields }), ctx)))).category
			expect(await categoryOf({ category: 'Sağlık' })).toBe('Sağlık')
			expect(await categoryOf({ category: '__yeni__', new_category: ' Yeme-İçme ' })).toBe('Yeme-İçme')
			// A new name wins over the chosen one; one that only differs in case joins the category in use.
			expect(await categoryOf({ category: 'Sağlık', new_category: 'Eğitim' })).toBe('Eğitim')
			expect(await categoryOf({ category: '__yeni__', new_category: 'SAĞLIK' })).toBe('Sağlık')
			expect(await categoryOf({ category: '__yeni__', new_category: 'yeme-içme' })).toBe('Yeme-İçme')
			expect((await memberPerksAdmin.load(ctx)).categories).toEqual(['Çiçek', 'Eğitim', 'Sağlık', 'Yeme-İçme', 'Diğer'])
		})
	})

	test(`saves a perk with the spec's defaults: category Diğer, sort index 999999, blanks as null (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const id = savedId(
				await memberPerksAdmin.act(
					'save',
					formData({
						business_name: '  Şirin Kafe  ',
						category: '  ',
						discount: '   ',
						discount_code: '',
						contact_phone: ' ',
						contact_email: '',
						alumnus_name: '',
						idx: '',
					}),
					ctx,
				),
			)
			expect(await rowById(id)).toMatchObject({
				business_name: 'Şirin Kafe',
				category: 'Diğer',
				discount: null,
				discount_code: null,
				contact_phone: null,
				contact_email: null,
				alumnus_name: null,
				logo_url: null,
				idx: 999999,
			})
			const full = savedId(
				await memberPerksAdmin.act(
					'save',
					formData({
						business_name: 'Kalem Kitabevi',
						category: ' Kültür-Sanat ',
						discount: ' %15 indirim ',
						discount_code: ' NDS15 ',
						contact_phone: ' 0212 000 01 01 ',
						contact_email: ' merhaba@ornek.com.tr ',
						alumnus_name: ' Ayşe Yılmaz (1998) ',
						idx: ' 1000000 ',
					}),
					ctx,
				),
			)
			expect(await rowById(full)).toMatchObject({
				category: 'Kültür-Sanat',
				discount: '%15 indirim',
				discount_code: 'NDS15',
				contact_phone: '0212 000 01 01',
				contact_email: 'merhaba@ornek.com.tr',
				alumnus_name: 'Ayşe Yılmaz (1998)',
				idx: 1_000_000,
			})
			expect((await listMemberPerks()).map((perk) => perk.businessName)).toEqual(['Şirin Kafe', 'Kalem Kitabevi'])
			const data = await memberPerksAdmin.load(ctx)
			expect(data.rows.map((row) => row.businessName)).toEqual(['Kalem Kitabevi', 'Şirin Kafe'])
			expect(data.rows.find((row) => row.id === full)).toMatchObject({ mailto: 'mailto:merhaba@ornek.com.tr' })
			expect(await readContentVersion()).toBe('2')
			expect(await db.selectFrom('search_documents').select('title').where('kind', '=', 'member_perk').orderBy('title').execute()).toEqual([
				{ title: 'Kalem Kitabevi' },
				{ title: 'Şirin Kafe' },
			])
		})
	})

	test(`edits a perk, stores, keeps and removes its logo, and refuses a PDF sent as a logo (${dialect})`, async () => {
		await withDatabase(dialect, async (tdb) => {
			const perk = await createMemberPerk({ business_name: 'Bahar Optik', updated_at: '2026-01-01T09:00:00.000Z' })
			const pdf = await pdfAsImage('logo.png')
			expect(
				await memberPerksAdmin.act('save', formData({ id: String(perk.id), business_name: 'Bahar Optik', logo_file: pdf }), ctx),
			).toMatchObject({
				ok: false,
				status: 400,
				fieldErrors: { logo_file: 'Bu dosya bir görsel değil. JPEG, PNG, WebP, GIF veya AVIF yükleyebilirsiniz.' },
			})
			expect(await tdb.storage.list('perks/')).toEqual([])

			expect(
				await memberPerksAdmin.act(
					'save',
					formData({ id: String(perk.id), business_name: 'Bahar Optik Merkezi', category: 'Sağlık', logo_file: await logoFile() }),
					ctx,
				),
			).toEqual({ ok: true, id: perk.id })
			const row = await rowById(perk.id)
			expect(row).toMatchObject({ business_name: 'Bahar Optik Merkezi', discount: null })
			expect(row.logo_url).toMatch(/^perks\/\d+-[0-9a-f]{8}-300x200\.png$/)
			expect(await tdb.storage.exists(row.logo_url!)).toBe(true)
			expect(toIso(row.updated_at)).not.toBe('2026-01-01T09:00:00.000Z')
			expect(
				await db
					.selectFrom('search_documents')
					.select('title')
					.where('kind', '=', 'member_perk')
					.where('ref_id', '=', String(perk.id))
					.execute(),
			).toEqual([{ title: 'Bahar Optik Merkezi' }])

			await memberPerksAdmin.act(
				'save',
				formData({ id: String(perk.id), business_name: 'Bahar Optik', logo_key: 'perks/baskasi.png' }),
				ctx,
			)
			expect((await rowById(perk.id)).logo_url).toBe(row.logo_url)
			await memberPerksAdmin.act('save', formData({ id: String(perk.id), business_name: 'Bahar Optik', logo_key_remove: 'on' }), ctx)
			expect((await rowById(perk.id)).logo_url).toBeNull()
			expect(await pendingKeys()).toEqual([row.logo_url])

			const files = await tdb.storage.list('perks/')
			await db.schema.dropTable('search_documents').execute()
			expect(await memberPerksAdmin.act('save', formData({ business_name: 'Yeni Firma', logo_file: await logoFile() }), ctx)).toMatchObject(
				{
					ok: false,
					status: 500,
					message: expect.stringMatching(/^Avantaj kaydedilemedi: /),
				},
			)
			expect(await tdb.storage.list('perks/')).toEqual(files)
			expect(await memberPerksAdmin.act('save', formData({ id: '999', business_name: 'Yok' }), ctx)).toMatchObject({
				ok: false,
				message: 'Avantaj kaydedilemedi: kayıt bulunamadı',
			})
		})
	})

	test(`deletes a perk with its logo and search entry, and shows a failed list load (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const perk = await createMemberPerk({ business_name: 'Şirin Kafe', logo_url: 'perks/1-abc-200x200.png' })
			const data = await memberPerksAdmin.load(adminContext('uye-avantajlari', `?edit=${perk.id}`))
			expect(data.editing).toMatchObject({ id: perk.id, businessName: 'Şirin Kafe', logoKey: 'perks/1-abc-200x200.png' })
			expect(await memberPerksAdmin.act('delete', formData({ id: String(perk.id) }), ctx)).toEqual({ ok: true })
			expect(await pendingKeys()).toEqual([])
			expect(await purgeExpiredTrash(AFTER_TRASH_DAYS())).toBe(1)
			expect(await pendingKeys()).toEqual(['perks/1-abc-200x200.png'])
			expect(await db.selectFrom('member_perks').selectAll().execute()).toEqual([])
			expect(await readContentVersion()).toBe('1')
			expect(await memberPerksAdmin.act('delete', formData({ id: String(perk.id) }), ctx)).toMatchObject({
				ok: false,
				status: 500,
				message: 'Silinemedi: kayıt bulunamadı',
			})
			await db.schema.dropTable('member_perks').execute()
			const failed = await memberPerksAdmin.load(ctx)
			expect(failed.rows).toEqual([])
			expect(failed.loadError).toMatch(/^Avantajlar yüklenemedi: /)
		})
	})
}
