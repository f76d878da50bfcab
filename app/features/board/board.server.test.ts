import { expect, test } from 'vitest'
import { db } from '#app/lib/db.server.ts'
import { PLACEHOLDER_IMAGE } from '#app/lib/default-images.ts'
import { createBoardMember } from '#tests/factories/board.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { getBoardPage, getPresident, listBoardMembers } from './board.server.ts'

for (const dialect of dialectsUnderTest()) {
	test(`lists seven board members by their order, with a placeholder for a missing photo, on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			const members = [
				{ name: 'Hülya Özkan', role: 'Üye', order_index: 7 },
				{ name: 'Ayşe Nur Karaca', role: 'Yönetim Kurulu Başkanı', order_index: 1 },
				{ name: 'Canan Yavuz', role: 'Sayman', order_index: 4 },
				{ name: 'Leyla Ertürk', role: 'Başkan Yardımcısı', order_index: 2 },
				{ name: 'Selma Dinçer', role: '  ', order_index: 6 },
				{ name: 'Meltem Sözen', role: 'Genel Sekreter', order_index: 3 },
				{ name: 'Pınar Akın', role: null, order_index: 5 },
				{ name: 'Yedek Üye', role: null, order_index: 8 },
				{ name: 'Nazlı Ateş', role: null, order_index: 5 },
			]
			for (const member of members) {
				await createBoardMember({ ...member, photo_url: member.name === 'Ayşe Nur Karaca' ? 'board/baskan-480x480.jpg' : null })
			}
			const board = await listBoardMembers()
			expect(board.map((m) => m.name)).toEqual([
				'Ayşe Nur Karaca',
				'Leyla Ertürk',
				'Meltem Sözen',
				'Canan Yavuz',
				'Pınar Akın',
				'Nazlı Ateş',
				'Selma Dinçer',
			])
			expect(board[6]!.role).toBeNull()
			expect(board[1]!.photo).toEqual(PLACEHOLDER_IMAGE)
			expect(board[1]!.hasPhoto).toBe(false)
			expect(board[0]!.photo).toMatchObject({ width: 480, height: 480 })
			expect(board[0]!.photo.srcSet).toContain('.w320.webp 320w')

			const president = await getPresident()
			expect(president?.name).toBe('Ayşe Nur Karaca')
			await db.updateTable('board_members').set({ role: 'Üye' }).where('name', '=', 'Ayşe Nur Karaca').execute()
			expect(await getPresident()).toBeNull()
		})
	})

	test(`keeps the audit board and past presidents apart from the board, each in its own order, on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			await createBoardMember({ name: 'Ayşe Nur Karaca', role: 'Başkan', group: 'board', order_index: 1, term: '2025–2027' })
			await createBoardMember({ name: 'Sibel Oktay', role: 'Üye', group: 'audit', order_index: 2 })
			await createBoardMember({ name: 'Nevin Başaran', role: 'Üye', group: 'audit', order_index: 1 })
			await createBoardMember({ name: 'Berrin Yazıcı', role: 'Başkan', group: 'past_president', order_index: 2, term: '2019–2025' })
			await createBoardMember({ name: 'Gülten Arıkan', role: null, group: 'past_president', order_index: 1, term: '1987–1993' })
			const page = await getBoardPage()
			expect(page.board.map((m) => [m.name, m.term])).toEqual([['Ayşe Nur Karaca', '2025–2027']])
			expect(page.audit.map((m) => m.name)).toEqual(['Nevin Başaran', 'Sibel Oktay'])
			expect(page.pastPresidents.map((m) => [m.name, m.term])).toEqual([
				['Gülten Arıkan', '1987–1993'],
				['Berrin Yazıcı', '2019–2025'],
			])
			expect((await getPresident())?.name).toBe('Ayşe Nur Karaca')
			await db.updateTable('board_members').set({ group: 'past_president' }).where('name', '=', 'Ayşe Nur Karaca').execute()
			expect(await getPresident()).toBeNull()
		})
	})
}
