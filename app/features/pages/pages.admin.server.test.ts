import { expect, test } from 'vitest'
import type { AdminContext } from '#app/features/admin/admin-tab.server.ts'
import { rebuildSearchIndex, searchSite } from '#app/features/search/search.server.ts'
import { DEFAULT_SETTINGS } from '#app/features/settings/settings.defaults.ts'
import { updateSetting } from '#app/features/settings/settings.server.ts'
import { readContentVersion } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { extractPdfText } from '#app/lib/pdf.server.ts'
import { insertMissingPages } from '#app/features/site/seed/pages.ts'
import { adminContext, formData, pngFile, signedInAdmin as signedInAdminOf } from '#tests/factories/admin.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { getKvkkPdf } from './page-pdf.server.ts'
import { pagesAdmin, type PagesAdminData } from './pages.admin.server.ts'
import { getPage, getSectionedPage } from './pages.server.ts'
import type { PagePreview } from './pages.shared.ts'
import { PAGE_REVISIONS_KEPT } from './pages.write.server.ts'

const signedInAdmin = (fullName = 'Ayşe Yılmaz') => signedInAdminOf('sayfalar', fullName)

const load = (ctx: AdminContext, query = '') => pagesAdmin.load(adminContext('sayfalar', query, ctx.user)) as Promise<PagesAdminData>

const stored = (slug: string) =>
	db
		.selectFrom('pages')
		.select(['title', 'description', 'body', 'body_format', 'updated_by_user_id'])
		.where('slug', '=', slug)
		.executeTakeFirstOrThrow()

const revisionCount = async (slug: string) => (await db.selectFrom('page_revisions').select('id').where('slug', '=', slug).execute()).length

for (const dialect of dialectsUnderTest()) {
	test(`lists every page with its public address, and opens a Markdown page as HTML with its placeholders (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await insertMissingPages(db)
			const ctx = await signedInAdmin()
			const { rows, editing, missing } = await load(ctx)
			expect(editing).toBeNull()
			expect(missing).toBe(false)
			expect(rows.length).toBeGreaterThanOrEqual(17)
			expect(rows[0]).toMatchObject({ slug: 'hakkimizda', title: 'Hakkımızda', path: '/kurumsal/hakkimizda', updatedBy: null })
			expect(rows.find((row) => row.slug === 'uyelik-aidati')).toMatchObject({ path: '/uyelik/uyelik-aidati' })
			expect(rows.every((row) => row.updatedLabel !== null)).toBe(true)

			const opened = (await load(ctx, '?edit=uyelik-aidati')).editing!
			expect(opened.title).toBe('Üyelik Aidatı')
			expect(opened.body).toContain('<h2>Aidat Tutarları</h2>')
			expect(opened.body).toContain('yıllık aidat <strong>{{dues.annualDues}}</strong>')
			expect(opened.body).not.toContain('##')
			expect(opened.revisions).toEqual([])
			expect(opened.placeholders).toContainEqual({ key: 'dues.annualDues', value: '450 TL' })

			const form2 = (await load(ctx, '?edit=nasil-uye-olunur')).editing!
			expect(form2.body).toContain('href="{{links.membershipForm}}"')
			expect(form2.body).toContain('<a href="mailto:{{contact.email}}">{{contact.email}}</a>')

			expect(await load(ctx, '?edit=olmayan')).toMatchObject({ editing: null, missing: true })
			expect(await load(ctx, '?edit=__proto__')).toMatchObject({ editing: null, missing: true })
		})
	})

	test(`saves a Markdown page as sanitised HTML whose placeholders still follow the settings (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await insertMissingPages(db)
			await rebuildSearchIndex()
			const ctx = await signedInAdmin()
			const before = await stored('uyelik-aidati')
			const { body } = (await load(ctx, '?edit=uyelik-aidati')).editing!
			const version = Number(await readContentVersion())

			const edited = body.replace('Aidatlar derneğimizin temel gelir kaynağıdır.', 'Aidatlar derneğimizin en önemli gelir kaynağıdır.')
			const result = await pagesAdmin.act(
				'save',
				formData({ slug: 'uyelik-aidati', title: ' Üyelik Aidatı ', description: 'Aidat tutarları ve ödeme yolları.', body: edited }),
				ctx,
			)
			expect(result).toMatchObject({
				ok: true,
				id: 'uyelik-aidati',
				message: 'Sayfa kaydedildi.',
				location: '/admin/sayfalar?edit=uyelik-aidati&durum=kaydedildi',
			})
			expect(Number(await readContentVersion())).toBe(version + 1)

			const after = await stored('uyelik-aidati')
			expect(after).toMatchObject({
				title: 'Üyelik Aidatı',
				description: 'Aidat tutarları ve ödeme yolları.',
				body_format: 'html',
				updated_by_user_id: ctx.user.id,
			})
			expect(after.body).toContain('{{dues.annualDues}}')
			expect(after.body).toContain('en önemli gelir kaynağıdır')

			const page = (await getPage('uyelik-aidati'))!
			expect(page.html).toContain('yıllık aidat <strong>450 TL</strong>')
			expect(page.html).toContain('<h2 id="aidat-tutarlari">Aidat Tutarları</h2>')
			expect(page.description).toBe('Aidat tutarları ve ödeme yolları.')
			await updateSetting('dues', { ...DEFAULT_SETTINGS.dues, year: 2026, annualDues: 500 })
			const changed = (await getPage('uyelik-aidati'))!.html
			expect(changed).toContain('2026 yılı için yıllık aidat <strong>500 TL</strong>')
			expect(changed).toContain('525 TL')

			const revisions = await db.selectFrom('page_revisions').selectAll().where('slug', '=', 'uyelik-aidati').execute()
			expect(revisions).toHaveLength(1)
			expect(revisions[0]).toMatchObject({ title: before.title, body: before.body, body_format: 'markdown', saved_by_user_id: null })

			const found = await searchSite({ query: 'en önemli gelir kaynağıdır' })
			expect(found.hits.map((hit) => hit.url)).toContain('/uyelik/uyelik-aidati')

			const again = await pagesAdmin.act(
				'save',
				formData({ slug: 'uyelik-aidati', title: 'Üyelik Aidatı', description: 'Aidat tutarları ve ödeme yolları.', body: after.body }),
				ctx,
			)
			expect(again).toMatchObject({ ok: true, message: 'Değişiklik yok; sayfa olduğu gibi kaldı.' })
			expect(await revisionCount('uyelik-aidati')).toBe(1)
		})
	})

	test(`keeps link addresses and e-mail links given by placeholders when a page is saved from the editor (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await insertMissingPages(db)
			const ctx = await signedInAdmin()
			const markdownHtml = (await getPage('nasil-uye-olunur'))!.html
			const { title, description, body } = (await load(ctx, '?edit=nasil-uye-olunur')).editing!
			expect(await pagesAdmin.act('save', formData({ slug: 'nasil-uye-olunur', title, description, body }), ctx)).toMatchObject({
				ok: true,
			})
			expect((await stored('nasil-uye-olunur')).body_format).toBe('html')
			const tight = (html: string) => html.replace(/>\s+</g, '><').trim()
			expect(tight((await getPage('nasil-uye-olunur'))!.html)).toBe(tight(markdownHtml))
			expect(markdownHtml).toContain(`href="${DEFAULT_SETTINGS.links.membershipForm}"`)
			expect(markdownHtml).toContain(`<a href="mailto:${DEFAULT_SETTINGS.contact.email}">${DEFAULT_SETTINGS.contact.email}</a>`)
		})
	})

	test(`strips scripts, handlers and unsafe links from a saved page, on save and on render (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await insertMissingPages(db)
			const ctx = await signedInAdmin()
			const hostile = [
				'<h2 onclick="x()">Başlık</h2>',
				'<p>Metin<script>alert(1)</script> <a href="javascript:alert(1)">tıkla</a> <img src="/x.png" onerror="alert(2)"></p>',
				'<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
				'<p><a href="{{links.paymentPage}}" onclick="steal()">ödeme</a> <a href="//evil.example/">kötü</a></p>',
				'<table><tbody><tr><th>Yıl</th><td>{{dues.annualDues}}</td></tr></tbody></table>',
			].join('')
			expect(await pagesAdmin.act('save', formData({ slug: 'aidat', title: 'Aidat', description: '', body: hostile }), ctx)).toMatchObject({
				ok: true,
			})
			const { body } = await stored('aidat')
			expect(body).not.toMatch(/<script|javascript:|onerror|onclick|<iframe|<style|alert\(|evil/i)
			expect(body).toContain('<a href="{{links.paymentPage}}">ödeme</a>')
			expect(body).toContain('<table><tbody><tr><th>Yıl</th><td>{{dues.annualDues}}</td></tr></tbody></table>')
			const { html } = (await getPage('aidat'))!
			expect(html).not.toMatch(/<script|javascript:|onerror|onclick|<iframe|<style|alert\(|evil/i)
			expect(html).toContain(`<a href="${DEFAULT_SETTINGS.links.paymentPage}" target="_blank" rel="noopener noreferrer">ödeme</a>`)
			expect(html).toContain('<td>450 TL</td>')

			await db
				.updateTable('pages')
				.set({ body: '<p>{{contact.officeHours}}<script>alert(3)</script></p>' })
				.where('slug', '=', 'aidat')
				.execute()
			await updateSetting('contact', { ...DEFAULT_SETTINGS.contact, officeHours: '<b onmouseover="x()">09.00</b>' })
			const filled = (await getPage('aidat'))!.html
			expect(filled).toBe('<p>&lt;b onmouseover="x()"&gt;09.00&lt;/b&gt;</p>')
		})
	})

	test(`refuses an invalid page form at its fields, keeps what was typed and writes nothing (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await insertMissingPages(db)
			const ctx = await signedInAdmin()
			const version = await readContentVersion()
			const typed = '<p>Yeni ve uzun bir metin</p>'
			expect(await pagesAdmin.act('save', formData({ slug: 'tarihce', title: '   ', description: 'Kısa', body: typed }), ctx)).toEqual({
				ok: false,
				status: 400,
				message: 'Sayfa başlığı gerekli.',
				fieldErrors: { title: 'Sayfa başlığı gerekli.' },
				values: { slug: 'tarihce', title: '   ', description: 'Kısa', body: typed },
			})
			expect(
				await pagesAdmin.act('save', formData({ slug: 'tarihce', title: 'T'.repeat(201), description: 'D'.repeat(301), body: typed }), ctx),
			).toMatchObject({
				ok: false,
				fieldErrors: { title: 'Başlık en fazla 200 karakter olabilir.', description: 'Kısa açıklama en fazla 300 karakter olabilir.' },
			})
			for (const body of ['', '   ', '<p></p>', '<p><script>alert(1)</script></p>']) {
				expect(await pagesAdmin.act('save', formData({ slug: 'tarihce', title: 'Tarihçe', body }), ctx)).toMatchObject({
					ok: false,
					fieldErrors: { body: 'Sayfa metni boş olamaz.' },
				})
			}
			expect(
				await pagesAdmin.act('save', formData({ slug: 'tarihce', title: 'Tarihçe', body: `<p>${'a'.repeat(500_000)}</p>` }), ctx),
			).toMatchObject({
				ok: false,
				fieldErrors: { body: 'Sayfa metni en fazla 500.000 karakter olabilir.' },
			})
			expect(await pagesAdmin.act('save', formData({ slug: 'yeni-sayfa', title: 'Yeni', body: typed }), ctx)).toMatchObject({
				ok: false,
				status: 404,
				message: 'Sayfa bulunamadı.',
			})
			expect(await pagesAdmin.act('preview', formData({ slug: 'tarihce', title: '', body: typed }), ctx)).toMatchObject({
				ok: false,
				fieldErrors: { title: 'Sayfa başlığı gerekli.' },
				values: { body: typed },
			})
			expect(await pagesAdmin.act('delete', formData({ slug: 'tarihce' }), ctx)).toMatchObject({ ok: false, status: 400 })
			expect(
				await pagesAdmin.act('save', formData({ slug: 'tarihce', title: 'T', body: typed }), {
					...ctx,
					user: undefined as unknown as AdminContext['user'],
				}),
			).toMatchObject({
				ok: false,
				status: 401,
			})
			expect(await readContentVersion()).toBe(version)
			expect((await stored('tarihce')).body_format).toBe('markdown')
			expect(await db.selectFrom('page_revisions').select('id').execute()).toEqual([])
		})
	})

	test(`previews the page as the site would show it without writing anything (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await insertMissingPages(db)
			const ctx = await signedInAdmin()
			const before = await stored('tarihce')
			const version = await readContentVersion()
			const body = '<h2>Yeni Bölüm</h2><p>Aidat {{dues.annualDues}}.<script>alert(1)</script></p><h2>Yeni Bölüm</h2>'
			const result = await pagesAdmin.act(
				'preview',
				formData({ slug: 'tarihce', title: 'Tarihçemiz', description: 'Kısa', body, image_file: new File([], '') }),
				ctx,
			)
			expect(result.ok).toBe(true)
			const view = (result as { view: PagePreview }).view
			expect(view).toMatchObject({
				kind: 'page-preview',
				slug: 'tarihce',
				values: {
					title: 'Tarihçemiz',
					description: 'Kısa',
					body: '<h2>Yeni Bölüm</h2><p>Aidat {{dues.annualDues}}.</p><h2>Yeni Bölüm</h2>',
				},
				imageIgnored: false,
			})
			expect(view.page.html).toBe('<h2 id="yeni-bolum">Yeni Bölüm</h2><p>Aidat 450 TL.</p><h2 id="yeni-bolum-2">Yeni Bölüm</h2>')
			expect(view.page.headings.map((h) => h.id)).toEqual(['yeni-bolum', 'yeni-bolum-2'])
			expect(await readContentVersion()).toBe(version)
			expect(await stored('tarihce')).toEqual(before)
			expect(await revisionCount('tarihce')).toBe(0)
		})
	})

	test(`keeps each replaced version with who saved it, restores one as a new save, and keeps the newest fifty (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await insertMissingPages(db)
			const ayse = await signedInAdmin('Ayşe Yılmaz')
			const zeynep = await signedInAdmin('Zeynep Kaya')
			const seeded = await stored('tarihce')
			const save = (ctx: AdminContext, text: string) =>
				pagesAdmin.act(
					'save',
					formData({ slug: 'tarihce', title: 'Tarihçe', description: seeded.description ?? '', body: `<p>${text}</p>` }),
					ctx,
				)

			expect(await save(ayse, 'Birinci sürüm')).toMatchObject({ ok: true })
			expect(await save(zeynep, 'İkinci sürüm')).toMatchObject({ ok: true })
			const editing = (await load(ayse, '?edit=tarihce')).editing!
			expect(editing.body).toBe('<p>İkinci sürüm</p>')
			expect(editing.updatedBy).toBe('Zeynep Kaya')
			expect(editing.revisions.map((r) => [r.savedBy, r.title])).toEqual([
				['Ayşe Yılmaz', 'Tarihçe'],
				[null, 'Tarihçe'],
			])
			expect(editing.revisions[0]!.savedLabel).toMatch(/^\d{1,2} \p{L}+ \d{4} \p{L}+ \d{2}:\d{2}$/u)

			const [first, original] = editing.revisions
			expect(await pagesAdmin.act('restore', formData({ slug: 'tarihce', revision: String(original!.id) }), ayse)).toMatchObject({
				ok: true,
				message: 'Seçtiğiniz sürüm geri yüklendi. Önceki hâli sürümler listesinde duruyor.',
				location: '/admin/sayfalar?edit=tarihce&durum=geri-yuklendi',
			})
			expect(await stored('tarihce')).toMatchObject({ body: seeded.body, body_format: 'markdown', updated_by_user_id: ayse.user.id })
			expect((await getSectionedPage('tarihce'))!.sections[0]!.title).toBe('Kuruluş: 1987')
			const afterRestore = (await load(ayse, '?edit=tarihce')).editing!
			expect(afterRestore.revisions.map((r) => r.savedBy)).toEqual(['Zeynep Kaya', 'Ayşe Yılmaz', null])

			expect(await pagesAdmin.act('restore', formData({ slug: 'tarihce', revision: String(first!.id) }), ayse)).toMatchObject({ ok: true })
			expect((await stored('tarihce')).body).toBe('<p>Birinci sürüm</p>')
			const count = await revisionCount('tarihce')
			expect(await pagesAdmin.act('restore', formData({ slug: 'tarihce', revision: String(first!.id) }), ayse)).toMatchObject({
				ok: true,
				location: '/admin/sayfalar?edit=tarihce&durum=degismedi',
			})
			expect(await revisionCount('tarihce')).toBe(count)
			expect(await pagesAdmin.act('restore', formData({ slug: 'hakkimizda', revision: String(first!.id) }), ayse)).toMatchObject({
				ok: false,
				status: 404,
				message: 'Sürüm geri yüklenemedi: Bu sürüm bulunamadı; listeyi yenileyip yeniden deneyin.',
			})
			expect(await pagesAdmin.act('restore', formData({ slug: 'tarihce', revision: 'abc' }), ayse)).toMatchObject({
				ok: false,
				status: 400,
			})

			for (let i = 0; i < PAGE_REVISIONS_KEPT + 3; i++) await save(i % 2 ? ayse : zeynep, `Sürüm ${i}`)
			const kept = await db
				.selectFrom('page_revisions')
				.select(['id', 'body'])
				.where('slug', '=', 'tarihce')
				.orderBy('id', 'desc')
				.execute()
			expect(kept).toHaveLength(PAGE_REVISIONS_KEPT)
			expect(kept[0]!.body).toBe(`<p>Sürüm ${PAGE_REVISIONS_KEPT + 1}</p>`)
			expect(kept.some((row) => row.body === seeded.body)).toBe(false)
			expect(await revisionCount('hakkimizda')).toBe(0)
		})
	})

	test(`keeps sections, table of contents and the KVKK PDF working with HTML bodies (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await insertMissingPages(db)
			const ctx = await signedInAdmin()
			const history = [
				'<p><strong>Giriş</strong> metni.</p>',
				'<h2>Kuruluş: 1987</h2><p>Kuruluş metni.</p><blockquote><h2>Alıntıdaki başlık</h2><p>alıntı</p></blockquote>',
				'<h2>Yeni Yapılanma</h2><ul><li><p>bir</p></li></ul><h3>Alt başlık</h3><p>son</p>',
			].join('')
			expect(await pagesAdmin.act('save', formData({ slug: 'tarihce', title: 'Tarihçe', body: history }), ctx)).toMatchObject({ ok: true })
			const sectioned = (await getSectionedPage('tarihce'))!
			expect(sectioned.introHtml).toBe('<p><strong>Giriş</strong> metni.</p>')
			expect(sectioned.sections).toEqual([
				{
					id: 'kurulus-1987',
					title: 'Kuruluş: 1987',
					html: '<p>Kuruluş metni.</p><blockquote><h2 id="alintidaki-baslik">Alıntıdaki başlık</h2><p>alıntı</p></blockquote>',
				},
				{
					id: 'yeni-yapilanma',
					title: 'Yeni Yapılanma',
					html: '<ul><li><p>bir</p></li></ul><h3 id="alt-baslik">Alt başlık</h3><p>son</p>',
				},
			])

			const bylaws = (await load(ctx, '?edit=dernek-tuzugu')).editing!
			const markdownHeadings = (await getPage('dernek-tuzugu'))!.headings
			expect(
				await pagesAdmin.act(
					'save',
					formData({ slug: 'dernek-tuzugu', title: bylaws.title, description: bylaws.description, body: bylaws.body }),
					ctx,
				),
			).toMatchObject({ ok: true })
			const htmlHeadings = (await getPage('dernek-tuzugu'))!.headings
			expect(htmlHeadings).toEqual(markdownHeadings)
			expect(htmlHeadings.filter((h) => h.level === 2).length).toBeGreaterThan(20)

			const kvkkBefore = await getKvkkPdf()
			const kvkk = (await load(ctx, '?edit=kvkk')).editing!
			const body = kvkk.body.replace('<h2>1. Veri Sorumlusu</h2>', '<h2>1. Veri Sorumlusu ve Temsilcisi</h2>')
			expect(
				await pagesAdmin.act('save', formData({ slug: 'kvkk', title: kvkk.title, description: kvkk.description, body }), ctx),
			).toMatchObject({ ok: true })
			const pdf = (await getKvkkPdf())!
			expect(pdf.etag).not.toBe(kvkkBefore!.etag)
			const text = await extractPdfText(pdf.bytes)
			expect(text).toMatch(/^KVKK Aydınlatma Metni /)
			expect(text).toContain('1. Veri Sorumlusu ve Temsilcisi')
			expect(text).toContain(DEFAULT_SETTINGS.contact.email)
			expect(text).toContain('Kişisel verilerinizin işlenip işlenmediğini öğrenme')
			expect(text).not.toContain('{{')
		})
	})

	test(`adds an uploaded image to the end of the saved body and refuses a file that is not an image (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await insertMissingPages(db)
			const ctx = await signedInAdmin()
			const png = await pngFile('lokal.png', { width: 1400, height: 700 })
			const result = await pagesAdmin.act(
				'save',
				formData({ slug: 'tarihce', title: 'Tarihçe', body: '<p>Metin</p>', image_file: png, image_alt: 'Lokalimizin girişi "2008"' }),
				ctx,
			)
			expect(result).toMatchObject({ ok: true })
			const { body } = await stored('tarihce')
			expect(body).toMatch(
				/^<p>Metin<\/p>\s*<img src="\/media\/pages\/[\w-]+-1400x700\.w1024\.webp" alt="Lokalimizin girişi &quot;2008&quot;" width="1024" height="512" loading="lazy" decoding="async" \/>$/,
			)
			const refused = await pagesAdmin.act(
				'save',
				formData({
					slug: 'tarihce',
					title: 'Tarihçe',
					body: '<p>Başka</p>',
					image_file: new File(['%PDF-1.4\n%%EOF\n'], 'x.png', { type: 'image/png' }),
				}),
				ctx,
			)
			expect(refused).toMatchObject({
				ok: false,
				status: 400,
				fieldErrors: { image_file: expect.any(String) },
				values: { body: '<p>Başka</p>' },
			})
			expect((await stored('tarihce')).body).toBe(body)
		})
	})
}
