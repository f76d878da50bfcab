import { sql } from 'kysely'
import { refreshSearchIndex } from '#app/features/search/search.server.ts'
import { insertMissingSettings } from '#app/features/settings/settings.server.ts'
import { getMeta } from '#app/lib/app-meta.server.ts'
import type { DB } from '#app/lib/db.server.ts'
import { insertMissingPages } from './pages.ts'

/** Set when the demo content has been added (see demo.ts). */
export const DEMO_MARKER = 'seed:demo'

/**
 * Content every installation needs, demo or not: settings with their
 * defaults and the long static pages. Only adds what is missing.
 */
export async function seedBase(db: DB) {
	await insertMissingSettings()
	await insertMissingPages(db)
	// Pages (and anything else written without the index helpers) become searchable.
	await refreshSearchIndex(db)
}

/** True when no content table holds a row (a fresh database). */
export async function isContentEmpty(db: DB) {
	const tables = [
		'announcements',
		'events',
		'calendar_entries',
		'bulletins',
		'alumni_news',
		'member_perks',
		'board_members',
		'awards',
		'literature_books',
		'literature_award_years',
	] as const
	for (const table of tables) {
		const row = await db
			.selectFrom(table)
			.select(sql<number>`1`.as('one'))
			.limit(1)
			.executeTakeFirst()
		if (row) return false
	}
	return true
}

/** True when the demo seed would run: never seeded and no content yet. */
export async function needsDemoSeed(db: DB) {
	return !(await getMeta(db, DEMO_MARKER)) && (await isContentEmpty(db))
}
