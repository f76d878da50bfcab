import { echoValues, failure, firstIssues, type ActionResult } from '#app/features/admin/admin-result.ts'
import {
	type AdminContext,
	type AdminTabServer,
	deleteIntent,
	editingRow,
	formId,
	loadOrError,
	orderIntent,
	unknownIntent,
} from '#app/features/admin/admin-tab.server.ts'
import { saveWithImage } from '#app/features/admin/image-save.server.ts'
import { revertIntent, revisionsForEditing, type RevisionList } from '#app/features/admin/revisions.server.ts'
import { formFields } from '#app/features/admin/schema-fields.ts'
import { msg } from '#app/lib/messages.ts'
import { postedDirection, postedIds } from '#app/lib/ordering.ts'
import { BOARD_MEMBER_FIELDS, BoardMemberFormSchema } from './board.schema.ts'
import { emptyBoardGroups, getBoardPhotoKey, listBoardForAdmin, type BoardAdminGroup, type BoardAdminRow } from './board.server.ts'
import { BOARD_SIZE, isBoardGroup } from './board.shared.ts'
import { deleteBoardMember, moveBoardMember, reorderBoardGroup, saveBoardMember } from './board.write.server.ts'

export type BoardAdminData = {
	/** The three groups, in page order, each with its people in order. */
	groups: Array<BoardAdminGroup>
	editing: BoardAdminRow | null
	/** A failed list load, shown above the table. */
	loadError: string | null
	/** How many board members the public page shows (spec §9). */
	boardSize: number
	/** The edited item's earlier versions ("Sürümler"). */
	revisions: RevisionList | null
}

/** The folder of board photos in the media store. */
export const BOARD_PHOTO_FOLDER = 'board'

async function save(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	const parsed = BoardMemberFormSchema.safeParse(formFields(form, BOARD_MEMBER_FIELDS))
	if (!parsed.success) {
		const fieldErrors = firstIssues(parsed.error.issues)
		return failure(400, Object.values(fieldErrors)[0] ?? msg.board.nameRequired, { fieldErrors, values: echoValues(form) })
	}
	const photo = { file: 'photo_file', remove: 'photo_key_remove', folder: BOARD_PHOTO_FOLDER }
	return saveWithImage(form, ctx, msg.board.saveFailed, photo, {
		current: getBoardPhotoKey,
		save: (id, change) => saveBoardMember(id, parsed.data, change),
	})
}

/** The whole group in the posted order; the group posted, or none (then the group of the first id). */
function reorder(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	const posted = form.get('group')
	const group = posted === null || posted === '' ? null : isBoardGroup(posted) ? posted : undefined
	const ids = postedIds(form)
	return orderIntent(ctx, group === undefined || !ids ? null : () => reorderBoardGroup(group, ids))
}

export const boardAdmin: AdminTabServer<BoardAdminData> = {
	async load(ctx) {
		const { value: groups, loadError } = await loadOrError(ctx, msg.board.loadFailed, listBoardForAdmin, emptyBoardGroups())
		const editing = editingRow(
			ctx.url,
			groups.flatMap((group) => group.rows),
		)
		const revisions = await revisionsForEditing(ctx, 'board_members', editing?.id)
		return { groups, editing, loadError, boardSize: BOARD_SIZE, revisions }
	},
	async act(intent, form, ctx): Promise<ActionResult> {
		switch (intent) {
			case 'save': {
				return save(form, ctx)
			}
			case 'delete': {
				return deleteIntent(form, ctx, msg.board.deleteFailed, deleteBoardMember)
			}
			case 'revert': {
				return revertIntent(ctx, 'board_members', form)
			}
			case 'move': {
				const id = formId(form)
				const direction = postedDirection(form)
				return orderIntent(ctx, id === null || !direction ? null : () => moveBoardMember(id, direction))
			}
			case 'reorder': {
				return reorder(form, ctx)
			}
			default:
				return unknownIntent(intent)
		}
	},
}
