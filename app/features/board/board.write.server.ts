import type { MediaChange } from '#app/features/admin/form-media.server.ts'
import { deleteMediaLater } from '#app/features/admin/media.server.ts'
import { recordCreate, revisedUpdate } from '#app/features/admin/revisions.server.ts'
import { moveToTrash } from '#app/features/admin/trash.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { nowIso } from '#app/lib/db-utils.server.ts'
import { msg } from '#app/lib/messages.ts'
import type { MoveDirection } from '#app/lib/ordering.ts'
import { endOfList, listOrder, moveInList, orderIndexCase, reorderList, type OrderedLists } from '#app/lib/ordering.server.ts'
import type { BoardMemberForm } from './board.schema.ts'
import { isBoardGroup, type BoardGroup } from './board.shared.ts'

/** Each group is its own ordered list. */
const GROUPS: OrderedLists<BoardGroup> = { table: 'board_members', column: 'group', isList: isBoardGroup, titleColumn: 'name' }

/**
 * Creates (id null) or updates a person. A new person, or one moved to
 * another group, goes to the end of the group; the group left closes up.
 */
export async function saveBoardMember(id: number | null, input: BoardMemberForm, photo: MediaChange): Promise<number> {
	return withContentWrite(db, async (trx) => {
		const stamp = nowIso()
		const fields = { name: input.name, role: input.role, term: input.term, group: input.group, photo_url: photo.key }
		const last = endOfList(GROUPS, input.group)
		let savedId: number
		if (id === null) {
			const row = await trx
				.insertInto('board_members')
				.values({ ...fields, order_index: last, created_at: stamp, updated_at: stamp })
				.returning('id')
				.executeTakeFirstOrThrow()
			savedId = row.id
			await recordCreate(trx, 'board_members', savedId)
		} else {
			const current = await trx.selectFrom('board_members').select('group').where('id', '=', id).executeTakeFirst()
			if (!current) throw new Error(msg.validation.notFound)
			const moved = current.group !== input.group
			await revisedUpdate(trx, 'board_members', id, () =>
				trx
					.updateTable('board_members')
					.set({ ...fields, ...(moved ? { order_index: last } : {}), updated_at: stamp })
					.where('id', '=', id)
					.execute(),
			)
			const rest = moved && isBoardGroup(current.group) ? await listOrder(trx, GROUPS, current.group) : []
			if (rest.length > 0) {
				await trx
					.updateTable('board_members')
					.set({ order_index: orderIndexCase(rest) })
					.where('id', 'in', rest)
					.execute()
			}
			savedId = id
		}
		await deleteMediaLater(trx, photo.replaced)
		return savedId
	})
}

/** Moves a person to the trash (restorable for 30 days, the photo kept until the purge); the rest of the group closes up. */
export async function deleteBoardMember(id: number) {
	await withContentWrite(db, async (trx) => {
		const row = await trx.selectFrom('board_members').select('group').where('id', '=', id).executeTakeFirst()
		if (!row) throw new Error(msg.validation.notFound)
		await moveToTrash(trx, 'board_members', id)
		const rest = isBoardGroup(row.group) ? await listOrder(trx, GROUPS, row.group) : []
		if (rest.length > 0) {
			await trx
				.updateTable('board_members')
				.set({ order_index: orderIndexCase(rest) })
				.where('id', 'in', rest)
				.execute()
		}
	})
}

/** One step up or down, or to the top or the bottom, within the person's group; the group is renumbered 1..n. */
export function moveBoardMember(id: number, direction: MoveDirection) {
	return moveInList(GROUPS, id, direction)
}

/**
 * The whole group in a new order: `ids` must be exactly the group's people,
 * each once. Without a group, it is the group of the first id.
 */
export function reorderBoardGroup(group: BoardGroup | null, ids: ReadonlyArray<number>) {
	return reorderList(GROUPS, group, ids)
}
