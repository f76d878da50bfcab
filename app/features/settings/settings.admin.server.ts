import { echoValues, failure, type ActionResult } from '#app/features/admin/admin-result.ts'
import { type AdminContext, type AdminTabServer, guarded, unknownIntent } from '#app/features/admin/admin-tab.server.ts'
import { sectionHref } from '#app/features/admin/sections.ts'
import { msg } from '#app/lib/messages.ts'
import { readSettingsGroup, settingsFormValues, type SettingsAdminData } from './settings.form.server.ts'
import { SETTINGS_GROUP_ANCHORS, SETTINGS_GROUPS, type SettingsGroup } from './settings.schema.ts'
import { getSettings, updateSettings } from './settings.server.ts'

function refuse(form: FormData, fieldErrors: Record<string, string>): ActionResult {
	return failure(400, msg.settings.fixFields, { fieldErrors, values: echoValues(form) })
}

/** The admin section these settings are edited in. */
export const SETTINGS_SECTION = 'ayarlar'

/**
 * Saves one group. Success goes back to the settings screen at that
 * group, with a note that it was saved; a refusal keeps what was typed,
 * also when the database fails.
 */
async function save(group: SettingsGroup, form: FormData, ctx: AdminContext): Promise<ActionResult> {
	const read = await readSettingsGroup(group, form)
	if (!read.ok) return refuse(form, read.fieldErrors)
	const anchor = SETTINGS_GROUP_ANCHORS[group]
	const result = await guarded(ctx, msg.settings.saveFailed, async () => {
		await updateSettings(read.values)
		return { ok: true, message: msg.settings.saved, location: `${sectionHref(SETTINGS_SECTION, { kaydedildi: anchor })}#${anchor}` }
	})
	return result.ok ? result : { ...result, values: echoValues(form) }
}

const SAVE_INTENTS: ReadonlyMap<string, SettingsGroup> = new Map(SETTINGS_GROUPS.map((group) => [`save-${group}`, group]))

export const settingsAdmin: AdminTabServer<SettingsAdminData> = {
	async load() {
		return settingsFormValues(await getSettings())
	},
	async act(intent, form, ctx): Promise<ActionResult> {
		const group = SAVE_INTENTS.get(intent)
		return group ? save(group, form, ctx) : unknownIntent(intent)
	},
}
