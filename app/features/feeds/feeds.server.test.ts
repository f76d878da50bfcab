import { expect, test } from 'vitest'
import { listRevisions, revertRevision } from '#app/features/admin/revisions.server.ts'
import { calendarAdmin } from '#app/features/calendar/calendar.admin.server.ts'
import { eventsAdmin } from '#app/features/events/events.admin.server.ts'
import { adminContext, formData, savedId } from '#tests/factories/admin.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { loadEventsCalendar } from './feeds.server.ts'

const request = new Request('http://127.0.0.1/etkinlikler.ics')

const shown = async (uid: string) => {
	const event = (await loadEventsCalendar(request)).events.find((item) => item.uid === uid)
	return event && { summary: event.summary, sequence: event.sequence }
}

for (const dialect of dialectsUnderTest()) {
	test(`moves an event's and an entry's calendar SEQUENCE on when "Bu sürüme dön" brings earlier text back (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const fields = { title: 'Bahar Konseri', slug: 'bahar-konseri', starts_at: '2027-03-28T19:00' }
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

			const entryId = savedId(await calendarAdmin.act('save', formData({ title: 'Kermes', date: '2027-05-01' }), adminContext('takvim')))
			savedId(
				await calendarAdmin.act(
					'save',
					formData({ id: String(entryId), title: 'Bahar Kermesi', date: '2027-05-01' }),
					adminContext('takvim'),
				),
			)
			const [entryRevision] = await listRevisions('calendar_entries', entryId)
			await revertRevision('calendar_entries', entryId, entryRevision?.id ?? 0)
			expect(await shown(`takvim-${entryId}@127.0.0.1`)).toEqual({ summary: 'Kermes', sequence: 2 })
		})
	})
}
