import { sql, type Transaction } from 'kysely'
import { echoValues, failure, firstIssues, type ActionResult } from '#app/features/admin/admin-result.ts'
import {
	type AdminContext,
	type AdminTabServer,
	deleteIntent,
	describeError,
	editId,
	formId,
	guarded,
	unknownIntent,
	orderIntent,
} from '#app/features/admin/admin-tab.server.ts'
import { storeImageFields, withStoredFiles, type MediaChange } from '#app/features/admin/form-media.server.ts'
import { deleteMediaLater } from '#app/features/admin/media.server.ts'
import { formFields } from '#app/features/admin/schema-fields.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import type { Database } from '#app/lib/db-types.ts'
import { nowIso } from '#app/lib/db-utils.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import type { ImageRef } from '#app/lib/media.ts'
import { imageRef } from '#app/lib/media.server.ts'
import { msg } from '#app/lib/messages.ts'
import { checkedOrder, movedOrder, OrderMismatchError, orderIndexCase, postedDirection, postedIds } from '#app/lib/ordering.ts'
import { BOARD_MEMBER_FIELDS, BoardMemberFormSchema, type BoardMemberForm } from './board.schema.ts'
import { BOARD_GROUPS, BOARD_SIZE, boardGroupLabel, isBoardGroup, type BoardGroup } from './board.shared.ts'

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

export type BoardAdminData = {
	/** The three groups, in page order, each with its people in order. */
	groups: Array<BoardAdminGroup>
	editing: BoardAdminRow | null
	/** A failed list load, shown above the table. */
	loadError: string | null
	/** How many board members the public page shows (spec §9). */
	boardSize: number
}

/** The folder of board photos in the media store. */
export const BOARD_PHOTO_FOLDER = 'board'

/** Every person, grouped, in display order; a row with an unknown group is listed with the board. */
export async function listBoardForAdmin(): Promise<Array<BoardAdminGroup>> {
	const rows = await db
		.selectFrom('board_members')
		.select(['id', 'name', 'role', 'term', 'group', 'photo_url', 'order_index'])
		.orderBy('order_index', 'asc')
		.orderBy('id', 'asc')
		.execute()
	const groups = BOARD_GROUPS.map((id) => ({ id, label: boardGroupLabel(id), rows: [] as Array<BoardAdminRow> }))
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

/** Ids of a group in display order (read inside a content write, so under its lock). */
async function groupOrder(trx: Transaction<Database>, group: BoardGroup) {
	const rows = await trx
		.selectFrom('board_members')
		.select('id')
		.where('group', '=', group)
		.orderBy('order_index', 'asc')
		.orderBy('id', 'asc')
		.execute()
	return rows.map((row) => row.id)
}

/**
 * Creates (id null) or updates a person. A new person, or one moved to
 * another group, goes to the end of the group.
 */
export async function saveBoardMember(id: number | null, input: BoardMemberForm, photo: MediaChange): Promise<number> {
	return withContentWrite(db, async (trx) => {
		const stamp = nowIso()
		const fields = { name: input.name, role: input.role, term: input.term, group: input.group, photo_url: photo.key }
		const last = sql<number>`(select coalesce(max(order_index), 0) + 1 from board_members where "group" = ${input.group})`
		let savedId: number
		if (id === null) {
			const row = await trx
				.insertInto('board_members')
				.values({ ...fields, order_index: last, created_at: stamp, updated_at: stamp })
				.returning('id')
				.executeTakeFirstOrThrow()
			savedId = row.id
		} else {
			const current = await trx.selectFrom('board_members').select('group').where('id', '=', id).executeTakeFirst()
			if (!current) throw new Error(msg.validation.notFound)
			const moved = current.group !== input.group
			await trx
				.updateTable('board_members')
				.set({ ...fields, ...(moved ? { order_index: last } : {}), updated_at: stamp })
				.where('id', '=', id)
				.execute()
			const rest = moved && isBoardGroup(current.group) ? await groupOrder(trx, current.group) : []
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

/** Deletes a person; the photo goes after the grace period, the rest of the group closes up. */
export async function deleteBoardMember(id: number) {
	await withContentWrite(db, async (trx) => {
		const row = await trx.deleteFrom('board_members').where('id', '=', id).returning(['photo_url', 'group']).executeTakeFirst()
		if (!row) throw new Error(msg.validation.notFound)
		await deleteMediaLater(trx, [row.photo_url])
		const rest = isBoardGroup(row.group) ? await groupOrder(trx, row.group) : []
		if (rest.length > 0) {
			await trx
				.updateTable('board_members')
				.set({ order_index: orderIndexCase(rest) })
				.where('id', 'in', rest)
				.execute()
		}
	})
}

/** One step up or down within the person's group; the group is renumbered 1..n. */
export async function moveBoardMember(id: number, direction: 'up' | 'down') {
	await withContentWrite(db, async (trx) => {
		const row = await trx.selectFrom('board_members').select('group').where('id', '=', id).executeTakeFirst()
		if (!row || !isBoardGroup(row.group)) throw new OrderMismatchError(msg.validation.notFound)
		const order = movedOrder(await groupOrder(trx, row.group), id, direction)
		await trx
			.updateTable('board_members')
			.set({ order_index: orderIndexCase(order) })
			.where('id', 'in', order)
			.execute()
	})
}

/**
 * The whole group in a new order: `ids` must be exactly the group's people,
 * each once. Without a group, it is the group of the first id.
 */
export async function reorderBoardGroup(group: BoardGroup | null, ids: ReadonlyArray<number>) {
	await withContentWrite(db, async (trx) => {
		let scope = group
		if (scope === null) {
			const first = await trx
				.selectFrom('board_members')
				.select('group')
				.where('id', '=', ids[0] ?? 0)
				.executeTakeFirst()
			if (!first || !isBoardGroup(first.group)) throw new OrderMismatchError(msg.validation.notFound)
			scope = first.group
		}
		const order = checkedOrder(await groupOrder(trx, scope), ids)
		await trx
			.updateTable('board_members')
			.set({ order_index: orderIndexCase(order) })
			.where('id', 'in', order)
			.execute()
	})
}

async function save(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	const parsed = BoardMemberFormSchema.safeParse(formFields(form, BOARD_MEMBER_FIELDS))
	if (!parsed.success) {
		const fieldErrors = firstIssues(parsed.error.issues)
		return failure(400, Object.values(fieldErrors)[0] ?? msg.board.nameRequired, { fieldErrors, values: echoValues(form) })
	}
	const id = formId(form)
	let current: string | null = null
	if (id !== null) {
		const row = await db.selectFrom('board_members').select('photo_url').where('id', '=', id).executeTakeFirst()
		if (!row) return failure(404, `${msg.board.saveFailed}${msg.validation.notFound}`, { values: echoValues(form) })
		current = row.photo_url
	}
	const stored = await storeImageFields(
		form,
		[{ file: 'photo_file', remove: 'photo_key_remove', folder: BOARD_PHOTO_FOLDER, current }],
		ctx,
		msg.board.saveFailed,
	)
	if (!stored.ok) return stored.result
	const [photo] = stored.changes as [MediaChange]
	return guarded(ctx, msg.board.saveFailed, async () => {
		const savedId = await withStoredFiles([photo], () => saveBoardMember(id, parsed.data, photo))
		return { ok: true, id: savedId }
	})
}

export const boardAdmin: AdminTabServer<BoardAdminData> = {
	async load({ url, requestId }) {
		let groups: Array<BoardAdminGroup> = BOARD_GROUPS.map((id) => ({ id, label: boardGroupLabel(id), rows: [] }))
		let loadError: string | null = null
		try {
			groups = await listBoardForAdmin()
		} catch (error) {
			logger.error({ err: error, requestId }, 'admin board list failed')
			loadError = `${msg.board.loadFailed}${describeError(error, requestId)}`
		}
		const id = editId(url)
		const editing = id === null ? null : (groups.flatMap((group) => group.rows).find((row) => row.id === id) ?? null)
		return { groups, editing, loadError, boardSize: BOARD_SIZE }
	},
	async act(intent, form, ctx): Promise<ActionResult> {
		switch (intent) {
			case 'save': {
				return save(form, ctx)
			}
			case 'delete': {
				return deleteIntent(form, ctx, msg.board.deleteFailed, deleteBoardMember)
			}
			case 'move': {
				const id = formId(form)
				const direction = postedDirection(form)
				if (id === null || !direction) return failure(400, msg.admin.reorderFailed)
				return orderIntent(ctx, () => moveBoardMember(id, direction))
			}
			case 'reorder': {
				const posted = form.get('group')
				const group = posted === null || posted === '' ? null : isBoardGroup(posted) ? posted : undefined
				const ids = postedIds(form)
				if (group === undefined || !ids) return failure(400, msg.admin.reorderFailed)
				return orderIntent(ctx, () => reorderBoardGroup(group, ids))
			}
			default:
				return unknownIntent(intent)
		}
	},
}
