import { expect, test } from 'vitest'
import { listRevisions, revertRevision } from '#app/features/admin/revisions.server.ts'
import { calendarAdmin } from '#app/features/calendar/calendar.admin.server.ts'
import { eventsAdmin } from '#app/features/events/events.admin.server.ts'
import { adminContext, formData, savedId } from '#tests/factories/admin.ts'
import { db } from '#app/lib/db.server.ts'
import { addDays, istanbulToday } from '#app/lib/tr.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { CALENDAR_ITEM_LIMIT, FEED_ITEM_LIMIT, loadEventsCalendar, loadFeed } from './feeds.server.ts'

const request = new Request('http://127.0.0.1/etkinlikler.ics')
/** Next year, so the first test's events are still to come, and in the calendar, whatever day it runs. */
const Y = Number(istanbulToday().slice(0, 4)) + 1

const shown = async (uid: string) => {
	const event = (await loadEventsCalendar(request)).events.find((item) => item.uid === uid)
	return event && { summary: event.summary, sequence: event.sequence }
}

for (const dialect of dialectsUnderTest()) {
	test(`moves an event's and an entry's calendar SEQUENCE on when "Bu sürüme dön" brings earlier text back (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const fields = { title: 'Bahar Konseri', slug: 'bahar-konseri', starts_at: `${Y}-03-28T19:00` }
			const id = savedId(await eventsAdmin.act('save', formData(fields), adminContext('etkinlikler')))
			savedId(
				await eventsAdmin.act(
					'save',
					formData({ ...fields, id: String(id), title: 'Bahar Konseri (yeni salon)' }),
					adminContext('etkinlikler'),
				),
			)
			expect(await shown(`etkinlik-${id}@127.0.0.1`)).toEqual({ summary: 'Bahar Konseri (yeni salon)', sequence: 1 })
			const [revision] = await listRevisions('events', id)
			await revertRevision('events', id, revision?.id ?? 0)
			expect(await shown(`etkinlik-${id}@127.0.0.1`)).toEqual({ summary: 'Bahar Konseri', sequence: 2 })

			const entryId = savedId(await calendarAdmin.act('save', formData({ title: 'Kermes', date: `${Y}-05-01` }), adminContext('takvim')))
			savedId(
				await calendarAdmin.act(
					'save',
					formData({ id: String(entryId), title: 'Bahar Kermesi', date: `${Y}-05-01` }),
					adminContext('takvim'),
				),
			)
			const [entryRevision] = await listRevisions('calendar_entries', entryId)
			await revertRevision('calendar_entries', entryId, entryRevision?.id ?? 0)
			expect(await shown(`takvim-${entryId}@127.0.0.1`)).toEqual({ summary: 'Kermes', sequence: 2 })
		})
	})
}

/** `count` events a day apart from `from` (ISO), two hours long, titled with `prefix` and their number. */
async function addDailyEvents(prefix: string, from: string, count: number) {
	const rows = Array.from({ length: count }, (_, i) => {
		const start = new Date(Date.parse(from) + i * 86_400_000)
		return {
			title: `${prefix} ${i + 1}`,
			slug: `${prefix.toLowerCase()}-${i + 1}`,
			starts_at: start.toISOString(),
			ends_at: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
			featured_home: false,
		}
	})
	await db.insertInto('events').values(rows).execute()
}

for (const dialect of dialectsUnderTest()) {
	test(`a crowded calendar keeps the ${CALENDAR_ITEM_LIMIT} nearest items: every upcoming one it can, then the latest past ones (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const now = new Date('2027-01-01T09:00:00.000Z')
			// 60 events of the last 60 days (the calendar keeps 90), then 460 from tomorrow on: 520 in all.
			await addDailyEvents('Gecmis', '2026-11-02T16:00:00.000Z', 60)
			await addDailyEvents('Gelecek', '2027-01-02T16:00:00.000Z', 460)
			let summaries = (await loadEventsCalendar(request, now)).events.map((event) => event.summary)
			expect(summaries).toHaveLength(CALENDAR_ITEM_LIMIT)
			// All 460 upcoming ones, and the 40 most recent past ones, in order: the 20 oldest are left out.
			expect(summaries.filter((title) => title.startsWith('Gelecek'))).toHaveLength(460)
			expect(summaries.slice(0, 2)).toEqual(['Gecmis 21', 'Gecmis 22'])
			expect(summaries.at(-1)).toBe('Gelecek 460')

			// More upcoming than the limit: the soonest 500, and nothing of the past.
			await addDailyEvents('Sonra', '2028-06-01T16:00:00.000Z', 50)
			summaries = (await loadEventsCalendar(request, now)).events.map((event) => event.summary)
			expect(summaries).toHaveLength(CALENDAR_ITEM_LIMIT)
			expect(summaries.some((title) => title.startsWith('Gecmis'))).toBe(false)
			expect(summaries.slice(0, 1)).toEqual(['Gelecek 1'])
			expect(summaries.at(-1)).toBe('Sonra 40')

			// Begun and not over yet is coming, however full the coming side: a festival begun weeks ago and
			// running on, and a talk begun an hour ago with no end (two hours by default); one over an hour ago is past.
			await db
				.insertInto('events')
				.values([
					{
						title: 'Festival',
						slug: 'festival',
						starts_at: '2026-11-20T09:00:00.000Z',
						ends_at: '2027-01-10T18:00:00.000Z',
						featured_home: false,
					},
					{ title: 'Söyleşi', slug: 'soylesi', starts_at: '2027-01-01T08:00:00.000Z', ends_at: null, featured_home: false },
					{
						title: 'Kahvaltı',
						slug: 'kahvalti',
						starts_at: '2027-01-01T06:00:00.000Z',
						ends_at: '2027-01-01T08:00:00.000Z',
						featured_home: false,
					},
				])
				.execute()
			summaries = (await loadEventsCalendar(request, now)).events.map((event) => event.summary)
			expect(summaries).toHaveLength(CALENDAR_ITEM_LIMIT)
			expect(summaries.slice(0, 3)).toEqual(['Festival', 'Söyleşi', 'Gelecek 1'])
			expect(summaries).not.toContain('Kahvaltı')
			expect(summaries.at(-1)).toBe('Sonra 38')
			await db.deleteFrom('events').where('slug', 'in', ['festival', 'soylesi', 'kahvalti']).execute()

			// Under the limit nothing is left out: the 90 days of the past stay whole.
			await db.deleteFrom('events').where('title', 'like', 'Sonra%').execute()
			await db.deleteFrom('events').where('title', 'like', 'Gelecek%').execute()
			summaries = (await loadEventsCalendar(request, now)).events.map((event) => event.summary)
			expect(summaries).toHaveLength(60)

			// The Takvim's entries count the same: 450 coming days leave room for the 50 latest past events.
			const entries = Array.from({ length: 450 }, (_, i) => ({ title: `Ajanda ${i + 1}`, date: addDays('2027-01-01', i) }))
			await db.insertInto('calendar_entries').values(entries).execute()
			summaries = (await loadEventsCalendar(request, now)).events.map((event) => event.summary)
			expect(summaries).toHaveLength(CALENDAR_ITEM_LIMIT)
			expect(summaries.slice(0, 2)).toEqual(['Gecmis 11', 'Gecmis 12'])
			expect(summaries.filter((title) => title.startsWith('Ajanda'))).toHaveLength(450)
		})
	})
}

for (const dialect of dialectsUnderTest()) {
	test(`a feed holds the ${FEED_ITEM_LIMIT} newest items, newest first; a scheduled one waits for its time (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await db.deleteFrom('announcements').execute()
			const day = (i: number) => new Date(Date.parse('2026-10-01T07:00:00.000Z') + i * 86_400_000).toISOString()
			const count = FEED_ITEM_LIMIT + 5
			const rows = Array.from({ length: count }, (_, i) => ({
				title: `Duyuru ${i + 1}`,
				slug: `duyuru-${i + 1}`,
				published_at: day(i),
				featured_home: false,
			}))
			await db
				.insertInto('announcements')
				.values([...rows, { title: 'Sonraki', slug: 'sonraki', published_at: day(count + 10), featured_home: false }])
				.execute()
			const titles = async (now: Date) => (await loadFeed('announcements', request, now)).items.map((item) => item.title)
			const now = new Date(day(count + 5))
			expect(await titles(now)).toEqual(Array.from({ length: FEED_ITEM_LIMIT }, (_, i) => `Duyuru ${count - i}`))
			expect((await titles(new Date(day(count + 10))))[0]).toBe('Sonraki')
		})
	})
}
