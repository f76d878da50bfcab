import { expect, test } from 'vitest'
import { db } from '#app/lib/db.server.ts'
import { PLACEHOLDER_IMAGE } from '#app/lib/default-images.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'
import { getPresident, listBoardMembers } from './board.server.ts'

for (const dialect of dialectsUnderTest()) {
	test(`lists seven board members by their order, with a placeholder for a missing photo, on ${dialect}`, async () => {
		const tdb = await createTestDatabase(dialect)
		try {
			await migrateToLatest(tdb.handle.db)
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
				await db
					.insertInto('board_members')
					.values({ ...member, photo_url: member.name === 'Ayşe Nur Karaca' ? 'board/baskan-480x480.jpg' : null })
					.execute()
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
		} finally {
			await tdb.cleanup()
		}
	})
}
