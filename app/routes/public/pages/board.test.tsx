import { expect, test } from 'vitest'
import { boardAdmin } from '#app/features/board/board.admin.server.ts'
import { db } from '#app/lib/db.server.ts'
import { insertMissingPages } from '#app/features/site/seed/pages.ts'
import { adminContext, formData, savedId } from '#tests/factories/admin.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { renderRoute } from '#tests/setup/render-route.tsx'
import { withDatabase } from '#tests/setup/with-database.ts'
import BoardRoute, { loader } from './board.tsx'

const ctx = adminContext('yonetim-kurulu')

const publicBoardHtml = async () => (await renderRoute(BoardRoute, loader)).html

for (const dialect of dialectsUnderTest()) {
	test(`shows the board, the audit board and past presidents on the public page as the admin leaves them (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await insertMissingPages(db)
			for (const name of ['Ayşe Nur Karaca', 'Leyla Ertürk']) {
				await boardAdmin.act(
					'save',
					formData({ name, role: name.startsWith('Ayşe') ? 'Başkan' : 'Üye', term: '2025–2027', group: 'board' }),
					ctx,
				)
			}
			let html = await publicBoardHtml()
			expect(html).toContain('<p class="board-term">2025–2027 dönemi</p>')
			expect(html).not.toContain('Denetim Kurulu</h2>')
			expect(html).not.toContain('Geçmiş Dönem Başkanlarımız')

			const auditor = savedId(
				await boardAdmin.act('save', formData({ name: 'Nevin Başaran', role: 'Üye', group: 'audit', term: '2023–2025' }), ctx),
			)
			await boardAdmin.act('save', formData({ name: 'Sibel Oktay', role: 'Üye', group: 'audit', term: '2025–2027' }), ctx)
			await boardAdmin.act('save', formData({ name: 'Gülten Arıkan', group: 'past_president', term: '1987–1993' }), ctx)
			const second = savedId(await boardAdmin.act('save', formData({ name: 'Berrin Yazıcı', group: 'past_president', term: '2019–2025' }), ctx))
			await boardAdmin.act('move', formData({ id: String(second), direction: 'up' }), ctx)
			html = await publicBoardHtml()
			const audit = html.slice(html.indexOf('id="denetim-kurulu"'), html.indexOf('id="gecmis-donem-baskanlari"'))
			expect(audit).toContain('Denetim Kurulu</h2>')
			expect([...audit.matchAll(/<h3 class="board-card__name">(.*?)<\/h3>/g)].map((m) => m[1])).toEqual(['Nevin Başaran', 'Sibel Oktay'])
			expect(audit).toContain('<p class="board-card__term">2023–2025 dönemi</p>')
			const past = html.slice(html.indexOf('id="gecmis-donem-baskanlari"'))
			expect(past).toContain('Geçmiş Dönem Başkanlarımız</h2>')
			expect(
				[...past.matchAll(/<span class="past-president__name">(.*?)<\/span><span class="past-president__term">(.*?)<\/span>/g)].map(
					(m) => `${m[1]} ${m[2]}`,
				),
			).toEqual(['Berrin Yazıcı 2019–2025', 'Gülten Arıkan 1987–1993'])
			expect(html).not.toContain('<script')

			await boardAdmin.act('delete', formData({ id: String(auditor) }), ctx)
			html = await publicBoardHtml()
			expect(html).not.toContain('Nevin Başaran')
			expect(html).toContain('Sibel Oktay')
		})
	})
}
