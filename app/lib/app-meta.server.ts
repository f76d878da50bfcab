import type { DB } from './db.server.ts'

export async function getMeta(db: DB, key: string): Promise<string | null> {
	const row = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst()
	return row?.value ?? null
}

export async function setMeta(db: DB, key: string, value: string) {
	await db
		.insertInto('app_meta')
		.values({ key, value })
		.onConflict((oc) => oc.column('key').doUpdateSet({ value }))
		.execute()
}
