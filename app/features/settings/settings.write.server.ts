import type { Transaction } from 'kysely'
import { settingsDiffSummary } from '#app/features/admin/change-summary.server.ts'
import { recordAudit } from '#app/lib/audit.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import type { Database } from '#app/lib/db-types.ts'
import { nowIso, toIso } from '#app/lib/db-utils.server.ts'
import { msg } from '#app/lib/messages.ts'
import { SettingsSchema, type SettingsKey } from './settings.schema.ts'

/** Earlier values kept per setting; the oldest beyond this go on the next save. */
export const SETTINGS_REVISIONS_KEPT = 20

/** The audit entry of a settings change (Kayıtlar), in its transaction: each changed field, before and after. */
async function auditSetting(
	trx: Transaction<Database>,
	action: 'update' | 'revert',
	key: SettingsKey,
	before: string | null,
	after: string,
) {
	const groups: Readonly<Record<string, string>> = msg.settings.groups
	await recordAudit(
		{
			kind: 'settings',
			action,
			itemKind: `settings:${key}`,
			itemId: key,
			itemTitle: groups[key] ?? key,
			summary: settingsDiffSummary(before, after) || msg.revisions.noChange,
		},
		trx,
	)
}

/** Whether the stored JSON holds the same value as `next` (already checked and serialised), whatever its key order. */
function sameValue(key: SettingsKey, stored: string, next: string) {
	if (stored === next) return true
	try {
		const parsed = SettingsSchema.shape[key].safeParse(JSON.parse(stored))
		return parsed.success && JSON.stringify(parsed.data) === next
	} catch {
		return false
	}
}

/**
 * Stores settings (each JSON, already checked) in one content write, each
 * keeping the value it replaces in settings_revisions with when and by whom
 * that value had been saved, and only the newest SETTINGS_REVISIONS_KEPT of
 * them per key. A setting whose value is the same is not written.
 */
export function writeSettings(rows: ReadonlyArray<{ key: SettingsKey; value: string }>, userId: string | null): Promise<void> {
	return withContentWrite(db, async (trx) => {
		for (const { key, value } of rows) {
			const current = await trx
				.selectFrom('settings')
				.select(['value', 'updated_at', 'updated_by_user_id'])
				.where('key', '=', key)
				.executeTakeFirst()
			if (current && sameValue(key, current.value, value)) continue
			const updatedAt = nowIso()
			if (current) {
				await trx
					.insertInto('settings_revisions')
					.values({
						key,
						value: current.value,
						saved_at: toIso(current.updated_at) ?? updatedAt,
						saved_by_user_id: current.updated_by_user_id,
					})
					.execute()
				// Both dialects take a LIMIT inside IN only from a derived table.
				const newest = trx
					.selectFrom('settings_revisions')
					.select('id')
					.where('key', '=', key)
					.orderBy('id', 'desc')
					.limit(SETTINGS_REVISIONS_KEPT)
				await trx
					.deleteFrom('settings_revisions')
					.where('key', '=', key)
					.where('id', 'not in', trx.selectFrom(newest.as('kept')).select('kept.id'))
					.execute()
			}
			await trx
				.insertInto('settings')
				.values({ key, value, updated_at: updatedAt, updated_by_user_id: userId })
				.onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: updatedAt, updated_by_user_id: userId }))
				.execute()
			await auditSetting(trx, 'update', key, current?.value ?? null, value)
		}
	})
}

/**
 * Undoes the last change of a setting: its newest earlier value becomes the
 * setting again (a save by `userId`, now) and leaves the revisions, so the
 * next undo goes one step further back. The value undone is not kept.
 * Returns false when there is nothing to undo.
 */
export function undoSetting(key: SettingsKey, userId: string | null): Promise<boolean> {
	return withContentWrite(db, async (trx) => {
		const revision = await trx
			.selectFrom('settings_revisions')
			.select(['id', 'value'])
			.where('key', '=', key)
			.orderBy('id', 'desc')
			.limit(1)
			.executeTakeFirst()
		if (!revision) return false
		const current = await trx.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst()
		const updatedAt = nowIso()
		await trx
			.insertInto('settings')
			.values({ key, value: revision.value, updated_at: updatedAt, updated_by_user_id: userId })
			.onConflict((oc) => oc.column('key').doUpdateSet({ value: revision.value, updated_at: updatedAt, updated_by_user_id: userId }))
			.execute()
		await trx.deleteFrom('settings_revisions').where('id', '=', revision.id).execute()
		await auditSetting(trx, 'revert', key, current?.value ?? null, revision.value)
		return true
	})
}

/** When each setting that can be undone (it has an earlier value) was last changed, as ISO instants by key. */
export async function lastChanges(): Promise<Partial<Record<SettingsKey, string>>> {
	const rows = await db
		.selectFrom('settings')
		.select(['key', 'updated_at'])
		.where('key', 'in', db.selectFrom('settings_revisions').select('settings_revisions.key'))
		.execute()
	const result: Partial<Record<SettingsKey, string>> = {}
	for (const row of rows) {
		const at = toIso(row.updated_at)
		if (at && Object.hasOwn(SettingsSchema.shape, row.key)) result[row.key as SettingsKey] = at
	}
	return result
}
