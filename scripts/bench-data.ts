/**
 * Multiplies the seeded demo content for `npm run bench` (×10, ×100): copies
 * of announcements, events, calendar entries, alumni news and member perks
 * with their own titles and slugs, reusing the demo images, then rebuilds the
 * search index.
 *
 *   DATA_DIR=… node scripts/bench-data.ts --factor 10
 */
import { parseArgs } from 'node:util'
import { refreshSearchIndex } from '#app/features/search/search.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { closeDatabase, getDatabase } from '#app/lib/db.server.ts'
import { addDays } from '#app/lib/tr.ts'

const { values } = parseArgs({ options: { factor: { type: 'string', default: '10' } } })
const factor = Math.max(1, Number(values.factor))
const { db } = getDatabase()
const stamp = new Date().toISOString()
const shift = (iso: string | null, days: number) => (iso ? new Date(Date.parse(iso) - days * 86_400_000).toISOString() : null)

try {
	const announcements = await db.selectFrom('announcements').selectAll().execute()
	const events = await db.selectFrom('events').selectAll().execute()
	const calendar = await db.selectFrom('calendar_entries').selectAll().execute()
	const news = await db.selectFrom('alumni_news').selectAll().execute()
	const perks = await db.selectFrom('member_perks').selectAll().execute()
	let order = announcements.length
	await withContentWrite(db, async (trx) => {
		for (let copy = 1; copy < factor; copy++) {
			for (const { id: _id, ...row } of announcements) {
				await trx
					.insertInto('announcements')
					.values({
						...row,
						title: `${row.title} (${copy})`,
						slug: null,
						featured_home: false,
						order_index: ++order,
						published_at: shift(row.published_at, copy),
						created_at: stamp,
						updated_at: stamp,
					})
					.execute()
			}
			for (const { id: _id, ...row } of events) {
				await trx
					.insertInto('events')
					.values({
						...row,
						title: `${row.title} (${copy})`,
						slug: `${row.slug}-${copy}`,
						featured_home: false,
						starts_at: shift(row.starts_at, copy * 3),
						ends_at: shift(row.ends_at, copy * 3),
						created_at: stamp,
						updated_at: stamp,
					})
					.execute()
			}
			for (const { id: _id, ...row } of calendar) {
				await trx
					.insertInto('calendar_entries')
					.values({ ...row, title: `${row.title} (${copy})`, date: addDays(row.date, copy), created_at: stamp, updated_at: stamp })
					.execute()
			}
			for (const { id: _id, ...row } of news) {
				await trx
					.insertInto('alumni_news')
					.values({
						...row,
						title: `${row.title} (${copy})`,
						slug: `${row.slug}-${copy}`,
						created_at: shift(row.created_at, copy) ?? stamp,
						updated_at: stamp,
					})
					.execute()
			}
			for (const { id: _id, ...row } of perks) {
				await trx
					.insertInto('member_perks')
					.values({ ...row, business_name: `${row.business_name} ${copy}`, created_at: stamp, updated_at: stamp })
					.execute()
			}
		}
	})
	await refreshSearchIndex()
	console.log(`Content multiplied ×${factor}.`)
} finally {
	await closeDatabase()
}
