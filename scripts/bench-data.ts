/**
 * Multiplies the seeded demo content for `npm run bench` (×10, ×100): copies
 * of announcements, events, calendar entries, alumni news, awards and member
 * perks (spread over many categories) with their own titles and slugs,
 * reusing the demo images; bulletins for every earlier month back to 1987,
 * the association's founding (a month has one bulletin, so that is as many
 * as a real archive can hold), with the demo's PDF text; then rebuilds the
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
	const awards = await db.selectFrom('awards').selectAll().execute()
	const bulletins = await db.selectFrom('bulletins').selectAll().orderBy('year').orderBy('month').execute()
	const pages = await db.selectFrom('bulletin_pages').selectAll().execute()
	const texts = await db.selectFrom('bulletin_texts').selectAll().execute()
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
				// Many categories, as a big association's list would have: each demo category in 12 variants.
				const category = copy % 12 === 0 ? row.category : `${row.category ?? 'Diğer'} ${copy % 12}`
				await trx
					.insertInto('member_perks')
					.values({ ...row, business_name: `${row.business_name} ${copy}`, category, created_at: stamp, updated_at: stamp })
					.execute()
			}
			for (const { id: _id, ...row } of awards) {
				await trx
					.insertInto('awards')
					.values({ ...row, first_name: `${row.first_name} ${copy}`, created_at: shift(row.created_at, copy) ?? stamp })
					.execute()
			}
		}
		// Bulletins: the demo's first one back to January 1987, each with the text of a demo bulletin.
		const first = bulletins[0]
		if (factor > 1 && first) {
			let n = 0
			for (let year = first.year; year >= 1987; year--) {
				for (let month = 12; month >= 1; month--) {
					if (year > first.year || (year === first.year && month >= first.month)) continue
					const source = bulletins[n++ % bulletins.length]!
					const { id: _id, ...row } = source
					const added = await trx
						.insertInto('bulletins')
						.values({ ...row, year, month, created_at: stamp, updated_at: stamp })
						.returning('id')
						.executeTakeFirstOrThrow()
					for (const text of texts.filter((t) => t.bulletin_id === source.id))
						await trx
							.insertInto('bulletin_texts')
							.values({ ...text, bulletin_id: added.id })
							.execute()
					for (const page of pages.filter((p) => p.bulletin_id === source.id))
						await trx
							.insertInto('bulletin_pages')
							.values({ ...page, bulletin_id: added.id })
							.execute()
				}
			}
		}
	})
	await refreshSearchIndex()
	console.log(`Content multiplied ×${factor}.`)
} finally {
	await closeDatabase()
}
