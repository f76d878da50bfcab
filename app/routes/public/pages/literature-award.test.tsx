import { expect, test } from 'vitest'
import { literatureAdmin } from '#app/features/literature-books/literature.admin.server.ts'
import { db } from '#app/lib/db.server.ts'
import { insertMissingPages } from '#app/features/site/seed/pages.ts'
import { adminContext, formData, savedId } from '#tests/factories/admin.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { renderRoute } from '#tests/setup/render-route.tsx'
import { withDatabase } from '#tests/setup/with-database.ts'
import LiteratureAwardRoute, { loader } from './literature-award.tsx'

const ctx = adminContext('edebiyat-odulu')

const publicAwardHtml = async () => (await renderRoute(LiteratureAwardRoute, loader)).html

for (const dialect of dialectsUnderTest()) {
	test(`shows each year on the public page, newest first, with its announcement, jury and books as the admin leaves them (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await insertMissingPages(db)
			await literatureAdmin.act('save', formData({ year: '2024', title: 'Kayıp Harita', author: 'Tarık Ozan' }), ctx)
			await literatureAdmin.act(
				'save-year',
				formData({
					year: '2025',
					jury: 'Prof. Dr. Sevim Aktan\nNermin Bayraktar',
					announcement: 'Ödül <b>Işığın Ardından</b> adlı romana verildi.\n\nTebrikler!',
				}),
				ctx,
			)
			const winner = savedId(
				await literatureAdmin.act('save', formData({ year: '2025', title: 'Işığın Ardından', author: 'Hande Sever' }), ctx),
			)
			const mention = savedId(
				await literatureAdmin.act('save', formData({ year: '2025', title: 'Gece Treni', author: 'Pelin Ekşi', honourable_mention: 'on' }), ctx),
			)
			let html = await publicAwardHtml()
			expect(html).toContain('Ödül Alan Kitaplar (2024–2025)</h2>')
			expect([...html.matchAll(/<h3 id="odul-(\d{4})">/g)].map((m) => m[1])).toEqual(['2025', '2024'])
			const y2025 = html.slice(html.indexOf('id="odul-2025"'), html.indexOf('id="odul-2024"'))
			expect(y2025).toContain(
				'<p><span>Ödül &lt;b&gt;Işığın Ardından&lt;/b&gt; adlı romana verildi.</span></p><p><span>Tebrikler!</span></p>',
			)
			expect(y2025).toContain(
				'<h4>Seçici Kurul</h4><ul class="award-year__jury"><li>Prof. Dr. Sevim Aktan</li><li>Nermin Bayraktar</li></ul>',
			)
			expect([...y2025.matchAll(/<span class="book-card__caption">(.*?)<\/span>/g)].map((m) => m[1])).toEqual([
				'2025 – Işığın Ardından, Hande Sever',
				'2025 – Gece Treni, Pelin Ekşi',
			])
			expect(y2025).toMatch(/data-mention="true"[\s\S]*Mansiyon[\s\S]*Gece Treni/)
			expect(html).not.toContain('<script')

			await literatureAdmin.act('move', formData({ id: String(mention), direction: 'up' }), ctx)
			await literatureAdmin.act(
				'save',
				formData({ id: String(winner), year: '2025', title: 'Işığın Ardından', author: 'Hande Sever', caption: 'Büyük ödül' }),
				ctx,
			)
			html = await publicAwardHtml()
			expect([...html.matchAll(/<span class="book-card__caption">(.*?)<\/span>/g)].map((m) => m[1])).toEqual([
				'2025 – Gece Treni, Pelin Ekşi',
				'Büyük ödül',
				'2024 – Kayıp Harita, Tarık Ozan',
			])
			await literatureAdmin.act('delete', formData({ id: String(mention) }), ctx)
			html = await publicAwardHtml()
			expect(html).not.toContain('Gece Treni')
		})
	})
}
