import { echoValues, failure, type ActionResult } from '#app/features/admin/admin-result.ts'
import { type AdminContext, type AdminTabServer, guarded, unknownIntent } from '#app/features/admin/admin-tab.server.ts'
import { sectionHref } from '#app/features/admin/sections.ts'
import { msg } from '#app/lib/messages.ts'
import { lastChangeLabels, readSettingsGroup, settingsFormValues, type SettingsAdminData } from './settings.form.server.ts'
import { undoSetting } from './settings.write.server.ts'
import { SETTINGS_GROUP_ANCHORS, SETTINGS_GROUPS, type SettingsGroup } from './settings.schema.ts'
import { getSettings, updateSettings } from './settings.server.ts'

function refuse(form: FormData, fieldErrors: Record<string, string>): ActionResult {
	return failure(400, msg.settings.fixFields, { fieldErrors, values: echoValues(form) })
}

/** The admin section these settings are edited in. */
export const SETTINGS_SECTION = 'ayarlar'

/** Back to the settings screen at the group, with the note that it was saved. */
function savedAt(group: SettingsGroup): ActionResult {
	const anchor = SETTINGS_GROUP_ANCHORS[group]
	return { ok: true, message: msg.settings.saved, location: `${sectionHref(SETTINGS_SECTION, { kaydedildi: anchor })}#${anchor}` }
}

/**
 * Saves one group. Success goes back to the settings screen at that
 * group, with a note that it was saved; a refusal keeps what was typed,
 * also when the database fails.
 */
async function save(group: SettingsGroup, form: FormData, ctx: AdminContext): Promise<ActionResult> {
	const read = await readSettingsGroup(group, form)
	if (!read.ok) return refuse(form, read.fieldErrors)
	const result = await guarded(ctx, msg.settings.saveFailed, async () => {
		await updateSettings(read.values, ctx.user.id)
		return savedAt(group)
	})
	return result.ok ? result : { ...result, values: echoValues(form) }
}

/**
 * Undoes the group's last change (its value before that save comes back),
 * answered like a save; a refusal names the group (`values.group`) so its
 * form shows it.
 */
async function undo(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	const group = SETTINGS_GROUPS.find((name) => name === form.get('group'))
	if (!group) return unknownIntent('undo')
	const values = { group, intent: 'undo' }
	const result = await guarded(ctx, msg.settings.undoFailed, async () =>
		(await undoSetting(group, ctx.user.id)) ? savedAt(group) : failure(409, msg.settings.nothingToUndo),
	)
	return result.ok ? result : { ...result, values }
}

const SAVE_INTENTS: ReadonlyMap<string, SettingsGroup> = new Map(SETTINGS_GROUPS.map((group) => [`save-${group}`, group]))

export const settingsAdmin: AdminTabServer<SettingsAdminData> = {
	async load() {
		return { ...settingsFormValues(await getSettings()), lastChanged: await lastChangeLabels() }
	},
	async act(intent, form, ctx): Promise<ActionResult> {
		if (intent === 'undo') return undo(form, ctx)
		const group = SAVE_INTENTS.get(intent)
		return group ? save(group, form, ctx) : unknownIntent(intent)
	},
}
