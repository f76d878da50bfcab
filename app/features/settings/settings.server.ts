import { db, getDatabase } from '#app/lib/db.server.ts'
import { readContentVersion } from '#app/lib/content-version.server.ts'
import { nowIso } from '#app/lib/db-utils.server.ts'
import { DEFAULT_SETTINGS } from './settings.defaults.ts'
import { writeSettings } from './settings.write.server.ts'
import { SettingsSchema, type Settings, type SettingsKey } from './settings.schema.ts'

let memo: { database: object; version: string; settings: Settings } | undefined

/**
 * All settings, each key checked against its schema; a missing or damaged
 * key falls back to its default so a page never breaks on a bad value.
 * Kept per database and content version (every settings write bumps it).
 */
export async function getSettings(): Promise<Settings> {
	const database = getDatabase().db
	const version = await readContentVersion()
	if (memo?.database === database && memo.version === version) return memo.settings
	const settings = await readSettings()
	memo = { database, version, settings }
	return settings
}

async function readSettings(): Promise<Settings> {
	const rows = await db.selectFrom('settings').select(['key', 'value']).execute()
	const stored = new Map(rows.map((row) => [row.key, row.value]))
	const result = { ...DEFAULT_SETTINGS }
	for (const key of Object.keys(DEFAULT_SETTINGS) as Array<SettingsKey>) {
		const raw = stored.get(key)
		if (raw === undefined) continue
		try {
			const parsed = SettingsSchema.shape[key].safeParse(JSON.parse(raw))
			if (parsed.success) Object.assign(result, { [key]: parsed.data })
		} catch {
			// Unreadable JSON keeps the default.
		}
	}
	return result
}

export async function updateSetting<K extends SettingsKey>(key: K, value: Settings[K], userId: string | null = null) {
	await updateSettings({ [key]: value } as Partial<Settings>, userId)
}

/**
 * Stores several settings in one content write (all or none), each checked
 * against its stored shape; public pages show them on the next request.
 * Each changed setting keeps the value it replaces, so the change can be
 * undone (settings.write.server.ts).
 */
export async function updateSettings(values: Partial<Settings>, userId: string | null = null) {
	const rows = (Object.keys(values) as Array<SettingsKey>).map((key) => ({
		key,
		value: JSON.stringify(SettingsSchema.shape[key].parse(values[key])),
	}))
	await writeSettings(rows, userId)
	memo = undefined
}

/** Adds the default of every setting that is not stored yet; keeps stored values. */
export async function insertMissingSettings() {
	const updatedAt = nowIso()
	for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
		await db
			.insertInto('settings')
			.values({ key, value: JSON.stringify(value), updated_at: updatedAt })
			.onConflict((oc) => oc.column('key').doNothing())
			.execute()
	}
}
