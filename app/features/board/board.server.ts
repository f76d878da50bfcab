import { db } from '#app/lib/db.server.ts'
import { PLACEHOLDER_IMAGE } from '#app/lib/default-images.ts'
import type { ImageRef } from '#app/lib/media.ts'
import { imageRef } from '#app/lib/media.server.ts'
import { foldTr } from '#app/lib/tr.ts'
import { BOARD_GROUPS, BOARD_SIZE, boardGroupLabel, isBoardGroup, type BoardGroup } from './board.shared.ts'

export { BOARD_SIZE } from './board.shared.ts'

export type BoardMember = {
	id: number
	name: string
	role: string | null
	term: string | null
	photo: ImageRef
	hasPhoto: boolean
}

/** The people of one group in their display order (order_index within the group, then id). */
export async function listBoardGroup(group: BoardGroup, limit?: number): Promise<Array<BoardMember>> {
	let query = db
		.selectFrom('board_members')
		.select(['id', 'name', 'role', 'term', 'photo_url'])
		.where('group', '=', group)
		.orderBy('order_index', 'asc')
		.orderBy('id', 'asc')
	if (limit !== undefined) query = query.limit(limit)
	const rows = await query.execute()
	return rows.map((row) => {
		const photo = imageRef(row.photo_url)
		return {
			id: row.id,
			name: row.name,
			role: row.role?.trim() || null,
			term: row.term?.trim() || null,
			photo: photo ?? PLACEHOLDER_IMAGE,
			hasPhoto: Boolean(photo),
		}
	})
}

/** The regular board members in their display order (spec §9: seven). */
export function listBoardMembers(limit = BOARD_SIZE): Promise<Array<BoardMember>> {
	return listBoardGroup('board', limit)
}

/** What the board page shows: the board, the audit board and the presidents of earlier terms. */
export async function getBoardPage() {
	const [board, audit, pastPresidents] = await Promise.all([listBoardMembers(), listBoardGroup('audit'), listBoardGroup('past_president')])
	return { board, audit, pastPresidents }
}

/** The board member whose role is chair of the board ("Başkan", "Yönetim Kurulu Başkanı"), if any. */
export async function getPresident(): Promise<BoardMember | null> {
	const members = await listBoardGroup('board', 50)
	return members.find((member) => /^(yonetim kurulu )?baskan(i)?$/.test(foldTr(member.role ?? '').trim())) ?? null
}

export type BoardAdminRow = {
	id: number
	name: string
	role: string | null
	term: string | null
	group: BoardGroup
	photo: ImageRef | null
	photoKey: string | null
	orderIndex: number
	/** False for board members past the seven the public page shows. */
	shownOnSite: boolean
}

export type BoardAdminGroup = { id: BoardGroup; label: string; rows: Array<BoardAdminRow> }

/** The three groups, in page order, with nobody in them yet. */
export function emptyBoardGroups(): Array<BoardAdminGroup> {
	return BOARD_GROUPS.map((id) => ({ id, label: boardGroupLabel(id), rows: [] }))
}

/** Every person, grouped, in display order; a row with an unknown group is listed with the board. */
export async function listBoardForAdmin(): Promise<Array<BoardAdminGroup>> {
	const rows = await db
		.selectFrom('board_members')
		.select(['id', 'name', 'role', 'term', 'group', 'photo_url', 'order_index'])
		.orderBy('order_index', 'asc')
		.orderBy('id', 'asc')
		.execute()
	const groups = emptyBoardGroups()
	for (const row of rows) {
		const group = isBoardGroup(row.group) ? row.group : 'board'
		const list = groups.find((g) => g.id === group)!.rows
		list.push({
			id: row.id,
			name: row.name,
			role: row.role,
			term: row.term,
			group,
			photo: imageRef(row.photo_url),
			photoKey: row.photo_url,
			orderIndex: row.order_index,
			shownOnSite: group !== 'board' || list.length < BOARD_SIZE,
		})
	}
	return groups
}

/** A person's stored photo key (null without a photo), or undefined when there is no such person. */
export async function getBoardPhotoKey(id: number): Promise<string | null | undefined> {
	const row = await db.selectFrom('board_members').select('photo_url').where('id', '=', id).executeTakeFirst()
	return row?.photo_url
}
