import { db } from '#app/lib/db.server.ts'
import { PLACEHOLDER_IMAGE } from '#app/lib/default-images.ts'
import type { ImageRef } from '#app/lib/media.ts'
import { imageRef } from '#app/lib/media.server.ts'
import { foldTr } from '#app/lib/tr.ts'

export type BoardMember = { id: number; name: string; role: string | null; photo: ImageRef; hasPhoto: boolean }

/** Spec §9: the board page shows seven (regular) members. */
export const BOARD_SIZE = 7

/** The regular board members in their display order (order_index, then id). */
export async function listBoardMembers(limit = BOARD_SIZE): Promise<Array<BoardMember>> {
	const rows = await db
		.selectFrom('board_members')
		.select(['id', 'name', 'role', 'photo_url', 'order_index'])
		.orderBy('order_index', 'asc')
		.orderBy('id', 'asc')
		.limit(limit)
		.execute()
	return rows.map((row) => {
		const photo = imageRef(row.photo_url)
		return { id: row.id, name: row.name, role: row.role?.trim() || null, photo: photo ?? PLACEHOLDER_IMAGE, hasPhoto: Boolean(photo) }
	})
}

/** The member whose role is chair of the board ("Başkan", "Yönetim Kurulu Başkanı"), if any. */
export async function getPresident(): Promise<BoardMember | null> {
	const members = await listBoardMembers(50)
	return members.find((member) => /^(yonetim kurulu )?baskan(i)?$/.test(foldTr(member.role ?? '').trim())) ?? null
}
