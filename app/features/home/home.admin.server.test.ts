import { expect, test } from 'vitest'
import { getSettings } from '#app/features/settings/settings.server.ts'
import { readContentVersion } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { DEFAULT_HERO_IMAGES } from '#app/lib/default-images.ts'
import { adminContext, formData, hugeImageFile, jpegFile, pdfAsImage, savedId } from '#tests/factories/admin.ts'
import { createAnnouncement } from '#tests/factories/announcements.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { listHeroSlides } from './hero-slides.server.ts'
import { homeAdmin } from './home.admin.server.ts'

const ctx = adminContext('ana-sayfa')

const photo = () => jpegFile('kermes.jpg', { width: 1200, height: 600 })

const titles = async () => (await listHeroSlides()).map((slide) => slide.title)
const ids = async () => (await listHeroSlides()).map((slide) => slide.id)
const pendingKeys = async () => (await db.selectFrom('pending_deletions').select('key').execute()).map((row) => row.key).toSorted()

const DEFAULT_TITLES = ['IN SION FIRMATA SUM', 'Notre Dame de Sion Mezunları Derneği', 'Derneğimize üye olun']

for (const dialect of dialectsUnderTest()) {
	test(`starts with the three default slides of the old home page, with their built-in images, and every section shown, and counts the featured items that take their place (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const data = await homeAdmin.load(ctx)
			expect(data.loadError).toBeNull()
			expect(data.featuredCount).toBe(0)
			expect(data.sections).toEqual({ agenda: true, announcements: true, intro: true, events: true, publications: true })
			expect(data.slides.map((slide) => slide.title)).toEqual(DEFAULT_TITLES)
			expect(data.slides.map((slide) => [slide.text, slide.linkUrl, slide.imageKey, slide.imageAsset, slide.orderIndex])).toEqual([
				['1987’den beri mezunlarımızı bir araya getiriyoruz.', null, null, 'hero-1', 1],
				['Eski ve yeni kuşakları buluşturan, okul kimliğimizi yaşatan dernek.', null, null, 'hero-2', 2],
				['Burslara, etkinliklere ve dayanışmaya siz de katılın.', '/uyelik/nasil-uye-olunur', null, 'hero-3', 3],
			])
			expect(data.slides.map((slide) => slide.image)).toEqual(DEFAULT_HERO_IMAGES)
			expect(await readContentVersion()).toBe('0')
			await createAnnouncement({ title: 'Genel Kurul', featured_home: true })
			expect((await homeAdmin.load(ctx)).featuredCount).toBe(1)
		})
	})

	test(`adds a slide with an uploaded image at the end, edits, moves, reorders and deletes slides (${dialect})`, async () => {
		await withDatabase(dialect, async (tdb) => {
			const [motto, name, membership] = await ids()
			const id = savedId(
				await homeAdmin.act(
					'save',
					formData({
						title: '  Yılbaşı Kermesi  ',
						text: ' 20 Aralık’ta okulda buluşuyoruz. ',
						link_url: ' /duyurular/etkinlikler/yilbasi-kermesi ',
						link_label: ' Ayrıntılar ',
						image_asset: '',
						image_file: await photo(),
					}),
					ctx,
				),
			)
			const [added] = (await listHeroSlides()).filter((slide) => slide.id === id)
			expect(added).toMatchObject({
				title: 'Yılbaşı Kermesi',
				text: '20 Aralık’ta okulda buluşuyoruz.',
				linkUrl: '/duyurular/etkinlikler/yilbasi-kermesi',
				linkLabel: 'Ayrıntılar',
				imageAsset: null,
				orderIndex: 4,
			})
			expect(added?.imageKey).toMatch(/^home\/hero\/\d+-[0-9a-f]{8}-1200x600\.jpg$/)
			expect(await tdb.storage.exists(added!.imageKey!)).toBe(true)
			expect(added?.image?.srcSet).toContain('.webp')
			expect(await titles()).toEqual([...DEFAULT_TITLES, 'Yılbaşı Kermesi'])

			expect(
				await homeAdmin.act(
					'save',
					formData({
						id: String(id),
						title: 'Yeni Yıl Kermesi',
						text: '',
						link_url: 'https://bilet.ornek.org/kermes',
						link_label: '',
						image_asset: 'hero-2',
					}),
					ctx,
				),
			).toEqual({ ok: true, id })
			const edited = (await listHeroSlides()).find((slide) => slide.id === id)
			expect(edited).toMatchObject({ title: 'Yeni Yıl Kermesi', text: null, linkUrl: 'https://bilet.ornek.org/kermes', linkLabel: null })
			expect(edited?.imageKey).toBe(added?.imageKey)
			expect(edited?.imageAsset).toBe('hero-2')

			await homeAdmin.act(
				'save',
				formData({ id: String(id), title: 'Yeni Yıl Kermesi', image_asset: 'hero-2', image_key_remove: 'on' }),
				ctx,
			)
			const removed = (await listHeroSlides()).find((slide) => slide.id === id)
			expect(removed).toMatchObject({ imageKey: null, imageAsset: 'hero-2', image: DEFAULT_HERO_IMAGES[1] })
			expect(await pendingKeys()).toEqual([added?.imageKey])

			expect(await homeAdmin.act('move', formData({ id: String(id), direction: 'up' }), ctx)).toEqual({ ok: true })
			expect(await ids()).toEqual([motto, name, id, membership])
			expect(await homeAdmin.act('move', formData({ id: String(motto), direction: 'up' }), ctx)).toEqual({ ok: true })
			expect(await ids()).toEqual([motto, name, id, membership])
			expect(await homeAdmin.act('move', formData({ id: String(id), direction: 'top' }), ctx)).toEqual({ ok: true })
			expect(await ids()).toEqual([id, motto, name, membership])
			expect(await homeAdmin.act('move', formData({ id: String(id), direction: 'bottom' }), ctx)).toEqual({ ok: true })
			expect(await ids()).toEqual([motto, name, membership, id])
			expect(await homeAdmin.act('move', formData({ id: String(membership), direction: 'bottom' }), ctx)).toEqual({ ok: true })
			expect(await ids()).toEqual([motto, name, id, membership])
			expect(await homeAdmin.act('reorder', formData({ ids: [id, membership, motto, name].map(String) }), ctx)).toEqual({ ok: true })
			expect(await ids()).toEqual([id, membership, motto, name])
			expect((await listHeroSlides()).map((slide) => slide.orderIndex)).toEqual([1, 2, 3, 4])
			expect(await homeAdmin.act('reorder', formData({ ids: [id, membership, motto].map(String) }), ctx)).toMatchObject({
				ok: false,
				status: 409,
				message: 'Sıralama kaydedilemedi!',
			})
			expect(await homeAdmin.act('reorder', formData({ ids: ['1', 'iki'] }), ctx)).toMatchObject({ ok: false, status: 400 })

			const editing = await homeAdmin.load(adminContext('ana-sayfa', `?edit=${id}`))
			expect(editing.editing).toMatchObject({ id, title: 'Yeni Yıl Kermesi' })

			const version = Number(await readContentVersion())
			expect(await homeAdmin.act('delete', formData({ id: String(membership) }), ctx)).toEqual({ ok: true })
			expect(await ids()).toEqual([id, motto, name])
			expect(Number(await readContentVersion())).toBe(version + 1)
			expect(await homeAdmin.act('delete', formData({ id: String(membership) }), ctx)).toMatchObject({
				ok: false,
				message: 'Silinemedi: kayıt bulunamadı',
			})

			await homeAdmin.act('delete', formData({ id: String(id) }), ctx)
			await homeAdmin.act('delete', formData({ id: String(motto) }), ctx)
			expect(await homeAdmin.act('delete', formData({ id: String(name) }), ctx)).toEqual({
				ok: false,
				status: 400,
				message: 'Silinemedi: ana sayfada en az bir slayt kalmalı.',
			})
			expect(await titles()).toEqual(['Notre Dame de Sion Mezunları Derneği'])
		})
	})

	test(`refuses a slide without a title, with a bad link or a bad image, at the field, keeping what was typed (${dialect})`, async () => {
		await withDatabase(dialect, async (tdb) => {
			const typed = { title: '  ', text: 'Metin', link_url: '/uyelik', link_label: 'Üye olun', image_asset: 'hero-1' }
			expect(await homeAdmin.act('save', formData(typed), ctx)).toEqual({
				ok: false,
				status: 400,
				message: 'Başlık gerekli',
				fieldErrors: { title: 'Başlık gerekli' },
				values: typed,
			})
			const linkInvalid = 'Bağlantı / ile başlayan bir site adresi (örneğin /uyelik) ya da https:// ile başlayan bir adres olmalı.'
			for (const link of [
				'javascript:alert(1)',
				'http://ornek.org',
				'//kotu.example',
				'uyelik',
				'/a b',
				'https://',
				'mailto:a@b.c',
				'/\\kotu.example',
			]) {
				expect(await homeAdmin.act('save', formData({ ...typed, title: 'Slayt', link_url: link }), ctx)).toMatchObject({
					ok: false,
					status: 400,
					fieldErrors: { link_url: linkInvalid },
					values: { title: 'Slayt', link_url: link, link_label: 'Üye olun' },
				})
			}
			expect(await homeAdmin.act('save', formData({ title: 'Slayt', link_url: '', link_label: 'Üye olun' }), ctx)).toMatchObject({
				ok: false,
				fieldErrors: { link_url: 'Bağlantı metni için bir bağlantı adresi de yazın.' },
			})
			expect(await homeAdmin.act('save', formData({ title: 'Slayt', image_asset: '../../etc/passwd' }), ctx)).toMatchObject({
				ok: false,
				fieldErrors: { image_asset: 'Hazır görseli listeden seçin.' },
			})

			const pdf = await pdfAsImage('kapak.jpg')
			expect(await homeAdmin.act('save', formData({ ...typed, title: 'Kermes', image_file: pdf }), ctx)).toEqual({
				ok: false,
				status: 400,
				message: 'Slayt kaydedilemedi: Bu dosya bir görsel değil. JPEG, PNG, WebP, GIF veya AVIF yükleyebilirsiniz.',
				fieldErrors: { image_file: 'Bu dosya bir görsel değil. JPEG, PNG, WebP, GIF veya AVIF yükleyebilirsiniz.' },
				values: { ...typed, title: 'Kermes' },
			})
			expect(
				await homeAdmin.act('save', formData({ ...typed, title: 'Kermes', image_file: hugeImageFile('buyuk.png') }), ctx),
			).toMatchObject({
				ok: false,
				status: 400,
				fieldErrors: { image_file: 'Görsel en fazla 15 MB olabilir.' },
				values: { ...typed, title: 'Kermes' },
			})

			expect(await homeAdmin.act('save', formData({ id: '999', title: 'Yok' }), ctx)).toMatchObject({ ok: false, status: 404 })
			expect(await homeAdmin.act('move', formData({ id: '1', direction: 'yan' }), ctx)).toMatchObject({ ok: false, status: 400 })
			expect(await homeAdmin.act('bilinmeyen', formData({}), ctx)).toMatchObject({ ok: false, status: 400 })
			expect(await titles()).toEqual(DEFAULT_TITLES)
			expect(await tdb.storage.list('home/')).toEqual([])
			expect(await readContentVersion()).toBe('0')
		})
	})

	test(`stores which home sections show (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			expect(await homeAdmin.act('save-sections', formData({ agenda: 'on', intro: 'on', publications: 'on' }), ctx)).toEqual({
				ok: true,
				message: 'Ana sayfa bölümleri kaydedildi.',
			})
			expect((await getSettings()).homeSections).toEqual({
				agenda: true,
				announcements: false,
				intro: true,
				events: false,
				publications: true,
			})
			expect((await homeAdmin.load(ctx)).sections).toEqual({
				agenda: true,
				announcements: false,
				intro: true,
				events: false,
				publications: true,
			})
			expect(await readContentVersion()).toBe('1')
			await homeAdmin.act(
				'save-sections',
				formData({ agenda: 'on', announcements: 'on', intro: 'on', events: 'on', publications: 'on' }),
				ctx,
			)
			expect((await getSettings()).homeSections).toEqual({
				agenda: true,
				announcements: true,
				intro: true,
				events: true,
				publications: true,
			})
		})
	})

	test(`shows a failed read above the table (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await db.schema.dropTable('hero_slides').execute()
			const data = await homeAdmin.load(ctx)
			expect(data.slides).toEqual([])
			expect(data.loadError).toMatch(/^Slaytlar yüklenemedi: /)
		})
	})
}
