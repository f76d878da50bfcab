import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { expect, test } from 'vitest'
import type { AdminContext } from '#app/features/admin/admin-tab.server.ts'
import { literatureAdmin } from '#app/features/literature-books/literature.admin.server.ts'
import { db } from '#app/lib/db.server.ts'
import { insertMissingPages } from '#db/seed/pages.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import LiteratureAwardRoute, { loader } from './literature-award.tsx'

const ctx: AdminContext = {
	user: { id: 'u1', email: 'a@example.org', fullName: 'A', isAdmin: true },
	url: new URL('http://x/admin/edebiyat-odulu'),
	requestId: 't',
}

const form = (fields: Record<string, string>) => {
	const data = new FormData()
	for (const [key, value] of Object.entries(fields)) data.set(key, value)
	return data
}

const savedId = (result: unknown) => {
	expect(result).toMatchObject({ ok: true })
	return (result as { id: number }).id
}

async function publicAwardHtml() {
	const loaderData = await loader()
	const props = { loaderData, params: {}, matches: [] } as unknown as Parameters<typeof LiteratureAwardRoute>[0]
	return renderToStaticMarkup(
		<MemoryRouter>
			<LiteratureAwardRoute {...props} />
		</MemoryRouter>,
	)
}

for (const dialect of dialectsUnderTest()) {
	test(`shows each year on the public page, newest first, with its announcement, jury and books as the admin leaves them (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await insertMissingPages(db)
			await literatureAdmin.act('save', form({ year: '2024', title: 'Kayıp Harita', author: 'Tarık Ozan' }), ctx)
			await literatureAdmin.act(
				'save-year',
				form({
					year: '2025',
					jury: 'Prof. Dr. Sevim Aktan\nNermin Bayraktar',
					announcement: 'Ödül <b>Işığın Ardından</b> adlı romana verildi.\n\nTebrikler!',
				}),
				ctx,
			)
			const winner = savedId(
				await literatureAdmin.act('save', form({ year: '2025', title: 'Işığın Ardından', author: 'Hande Sever' }), ctx),
			)
			const mention = savedId(
				await literatureAdmin.act('save', form({ year: '2025', title: 'Gece Treni', author: 'Pelin Ekşi', honourable_mention: 'on' }), ctx),
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

			await literatureAdmin.act('move', form({ id: String(mention), direction: 'up' }), ctx)
			await literatureAdmin.act(
				'save',
				form({ id: String(winner), year: '2025', title: 'Işığın Ardından', author: 'Hande Sever', caption: 'Büyük ödül' }),
				ctx,
			)
			html = await publicAwardHtml()
			expect([...html.matchAll(/<span class="book-card__caption">(.*?)<\/span>/g)].map((m) => m[1])).toEqual([
				'2025 – Gece Treni, Pelin Ekşi',
				'Büyük ödül',
				'2024 – Kayıp Harita, Tarık Ozan',
			])
			await literatureAdmin.act('delete', form({ id: String(mention) }), ctx)
			html = await publicAwardHtml()
			expect(html).not.toContain('Gece Treni')
		})
	})
}
