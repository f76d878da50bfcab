import { echoValues, failure, firstIssues, type ActionResult } from '#app/features/admin/admin-result.ts'
import { type AdminTabServer, deleteIntent, editId, formId, guarded, unknownIntent } from '#app/features/admin/admin-tab.server.ts'
import { recordCreate, revertIntent, revisedUpdate, revisionsForEditing, type RevisionList } from '#app/features/admin/revisions.server.ts'
import { moveToTrash } from '#app/features/admin/trash.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { nowIso } from '#app/lib/db-utils.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { msg } from '#app/lib/messages.ts'
import { CalendarEntryFormSchema } from './calendar.schema.ts'

export type CalendarAdminRow = { id: number; title: string; date: string }
export type CalendarAdminData = {
	rows: Array<CalendarAdminRow>
	editing: CalendarAdminRow | null
	/** The edited item's earlier versions ("Sürümler"). */
	revisions: RevisionList | null
}

/** Spec §7: the admin list, every entry by date ascending. */
export async function listCalendarEntriesForAdmin(): Promise<Array<CalendarAdminRow>> {
	return db.selectFrom('calendar_entries').select(['id', 'title', 'date']).orderBy('date', 'asc').orderBy('id', 'asc').execute()
}

export async function saveCalendarEntry(input: { id: number | null; title: string; date: string }) {
	const stamp = nowIso()
	return withContentWrite(db, async (trx) => {
		let id = input.id
		if (id === null) {
			const row = await trx
				.insertInto('calendar_entries')
				.values({ title: input.title, date: input.date, created_at: stamp, updated_at: stamp })
				.returning('id')
				.executeTakeFirstOrThrow()
			id = row.id
			await recordCreate(trx, 'calendar_entries', id)
		} else {
			const entryId = id
			const before = await trx.selectFrom('calendar_entries').select(['title', 'date']).where('id', '=', entryId).executeTakeFirst()
			// The calendar feed's SEQUENCE moves on when what a calendar shows changes.
			const changed = before !== undefined && (before.title !== input.title || before.date !== input.date)
			const result = await revisedUpdate(trx, 'calendar_entries', entryId, () =>
				trx
					.updateTable('calendar_entries')
					.set({
						title: input.title,
						date: input.date,
						updated_at: stamp,
						...(changed ? { sequence: (eb) => eb('sequence', '+', 1) } : {}),
					})
					.where('id', '=', entryId)
					.executeTakeFirst(),
			)
			if (Number(result.numUpdatedRows) === 0) throw new Error(msg.validation.notFound)
		}
		return id
	})
}

/** Moves a calendar entry to the trash (restorable for 30 days). */
export async function deleteCalendarEntry(id: number) {
	await withContentWrite(db, async (trx) => {
		await moveToTrash(trx, 'calendar_entries', id)
	})
}

export const calendarAdmin: AdminTabServer<CalendarAdminData> = {
	async load({ url, requestId }) {
		let rows: Array<CalendarAdminRow> = []
		try {
			rows = await listCalendarEntriesForAdmin()
		} catch (error) {
			// Spec §8: a failed calendar list load is only logged.
			logger.error({ err: error, requestId }, 'admin calendar list failed')
		}
		const id = editId(url)
		const editing = id === null ? null : (rows.find((row) => row.id === id) ?? null)
		return { rows, editing, revisions: await revisionsForEditing({ requestId }, 'calendar_entries', editing?.id) }
	},
	async act(intent, form, ctx): Promise<ActionResult> {
		switch (intent) {
			case 'save': {
				const parsed = CalendarEntryFormSchema.safeParse({ title: form.get('title') ?? '', date: form.get('date') ?? '' })
				if (!parsed.success) {
					const fieldErrors = firstIssues(parsed.error.issues)
					const missing = Object.values(fieldErrors).includes(msg.calendar.required)
					return failure(400, missing ? msg.calendar.required : (Object.values(fieldErrors)[0] ?? msg.calendar.required), {
						fieldErrors,
						values: echoValues(form),
					})
				}
				return guarded(ctx, msg.calendar.saveFailed, async () => {
					const id = await saveCalendarEntry({ id: formId(form), ...parsed.data })
					return { ok: true, id }
				})
			}
			case 'delete': {
				return deleteIntent(form, ctx, msg.calendar.deleteFailed, deleteCalendarEntry)
			}
			case 'revert': {
				return revertIntent(ctx, 'calendar_entries', form)
			}
			default:
				return unknownIntent(intent)
		}
	},
}
