import ICAL from 'ical.js'
import { expect, test } from 'vitest'
import { listTrash, restoreFromTrash } from '#app/features/admin/trash.server.ts'
import { calendarAdmin, deleteCalendarEntry } from '#app/features/calendar/calendar.admin.server.ts'
import { eventsAdmin } from '#app/features/events/events.admin.server.ts'
import { deleteEvent } from '#app/features/events/events.write.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { addDays, istanbulToday } from '#app/lib/tr.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { adminContext, formData, savedId } from '#tests/factories/admin.ts'
import { createCalendarEntry } from '#tests/factories/calendar.ts'
import { createEvent } from '#tests/factories/events.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'
import { startServer } from '#tests/setup/server.ts'

const SITE = 'https://mezun.example.org'
const HOST = 'mezun.example.org'
/**
 * The calendar holds what is still to come and what ended in the last 90 days, so the test's dates count from
 * the day it runs: its coming events fall next year, its past ones some days back.
 */
const Y = Number(istanbulToday().slice(0, 4)) + 1
const daysAgo = (days: number, hours = 0) => new Date(Date.now() - days * 86_400_000 + hours * 3_600_000).toISOString()

type Parsed = {
	method: string
	zone: string | null
	events: Map<string, { sequence: number; status: string; start: string; end: string; allDay: boolean; event: ICAL.Event }>
}

/** The calendar as an independent parser reads it, events by UID; times as UTC instants via the file's own VTIMEZONE. */
function parse(text: string): Parsed {
	const calendar = new ICAL.Component(ICAL.parse(text))
	const zone = calendar.getFirstSubcomponent('vtimezone')
	if (zone) ICAL.TimezoneService.register(zone)
	const events = new Map<string, Parsed['events'] extends Map<string, infer V> ? V : never>()
	for (const vevent of calendar.getAllSubcomponents('vevent')) {
		const event = new ICAL.Event(vevent)
		events.set(event.uid, {
			sequence: event.sequence,
			status: String(vevent.getFirstPropertyValue('status')),
			start: event.startDate.isDate ? event.startDate.toString() : event.startDate.toJSDate().toISOString(),
			end: event.endDate.isDate ? event.endDate.toString() : event.endDate.toJSDate().toISOString(),
			allDay: event.startDate.isDate,
			event,
		})
	}
	return {
		method: String(calendar.getFirstPropertyValue('method')),
		zone: zone ? String(zone.getFirstPropertyValue('tzid')) : null,
		events,
	}
}

const eventsCtx = adminContext('etkinlikler')

for (const dialect of dialectsUnderTest()) {
	test(
		`serves a subscribable calendar that independent parsers read in Istanbul time, with cancellations and growing SEQUENCEs (${dialect})`,
		{ timeout: 240_000 },
		async () => {
			const tdb = await createTestDatabase(dialect)
			await migrateToLatest(tdb.handle.db)
			const concertFields = {
				title: 'Bahar Konseri',
				slug: 'bahar-konseri',
				starts_at: `${Y}-03-28T19:00`,
				ends_at: `${Y}-03-28T21:00`,
				location: 'Harbiye, Cemal Reşit Rey; Büyük Salon',
				lead: 'Mezun korosundan bahar şarkıları.',
				body: `<p>Programda Fauré, Dede Efendi ve Itri var; konserin ardından <strong>kokteyl</strong>.</p><p>${'Çağrılı konuklarımız için ayrılan bölümde yer ayırtmayı unutmayın. '.repeat(4)}</p>`,
			}
			const concertId = savedId(await eventsAdmin.act('save', formData(concertFields), eventsCtx))
			const ballId = savedId(
				await eventsAdmin.act(
					'save',
					formData({ title: 'Cumhuriyet Balosu', slug: 'cumhuriyet-balosu', starts_at: `${Y}-10-31T19:00` }),
					eventsCtx,
				),
			)
			const recentPast = await createEvent({
				title: 'Geçen Ayın Buluşması',
				starts_at: daysAgo(50),
				ends_at: daysAgo(50, 3),
			})
			await createEvent({ title: 'Haziran Yemeği', starts_at: daysAgo(200) })
			await createEvent({ title: 'Tarihsiz Etkinlik', slug: 'tarihsiz-etkinlik', starts_at: null })
			const cancelled = await createEvent({ title: 'Sevgililer Günü Yemeği', starts_at: `${Y}-02-14T17:00:00.000Z` })
			await deleteEvent(cancelled.id)
			const graduatesDay = await createCalendarEntry({ title: 'Mezunlar Günü', date: `${Y}-01-20` })
			await createCalendarEntry({ title: 'bahar konseri', date: `${Y}-03-28` })
			await createCalendarEntry({ title: 'Yılbaşı', date: addDays(istanbulToday(), -300) })
			const fair = await createCalendarEntry({ title: 'Kermes', date: `${Y}-05-01` })
			await deleteCalendarEntry(fair.id)

			const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url, PUBLIC_URL: SITE })
			try {
				const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers })
				const first = await get('/etkinlikler.ics')
				expect(first.status).toBe(200)
				expect(first.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
				expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
				const etag = first.headers.get('etag') ?? ''
				const lastModified = first.headers.get('last-modified') ?? ''
				expect(etag).toMatch(/^"[\w-]+"$/)
				const text = await first.text()
				expect(text.endsWith('\r\n')).toBe(true)
				expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/)
				for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75)
				expect(text).toContain(`DTSTART;TZID=Europe/Istanbul:${Y}0328T190000\r\n`)
				expect(text).toContain(`DTSTART;TZID=Europe/Istanbul:${Y}1031T190000\r\n`)

				const calendar = parse(text)
				expect(calendar.method).toBe('PUBLISH')
				expect(calendar.zone).toBe('Europe/Istanbul')
				expect([...calendar.events.keys()].toSorted()).toEqual(
					[
						`etkinlik-${concertId}@${HOST}`,
						`etkinlik-${ballId}@${HOST}`,
						`etkinlik-${recentPast.id}@${HOST}`,
						`etkinlik-${cancelled.id}@${HOST}`,
						`takvim-${graduatesDay.id}@${HOST}`,
						`takvim-${fair.id}@${HOST}`,
					].toSorted(),
				)
				for (const left of ['SUMMARY:Haziran Yemeği', 'SUMMARY:Tarihsiz Etkinlik', 'SUMMARY:bahar konseri', 'SUMMARY:Yılbaşı'])
					expect(text).not.toContain(left)

				const concert = calendar.events.get(`etkinlik-${concertId}@${HOST}`)
				expect(concert).toMatchObject({
					sequence: 0,
					status: 'CONFIRMED',
					start: `${Y}-03-28T16:00:00.000Z`,
					end: `${Y}-03-28T18:00:00.000Z`,
				})
				expect(concert?.event.summary).toBe('Bahar Konseri')
				expect(concert?.event.location).toBe('Harbiye, Cemal Reşit Rey; Büyük Salon')
				expect(concert?.event.description).toContain(
					'Mezun korosundan bahar şarkıları.\n\nProgramda Fauré, Dede Efendi ve Itri var; konserin ardından kokteyl.',
				)
				expect(concert?.event.description).toContain(`Ayrıntılar: ${SITE}/duyurular/etkinlikler/bahar-konseri`)
				expect(concert?.event.component.getFirstPropertyValue('url')).toBe(`${SITE}/duyurular/etkinlikler/bahar-konseri`)
				expect(calendar.events.get(`etkinlik-${ballId}@${HOST}`)).toMatchObject({
					start: `${Y}-10-31T16:00:00.000Z`,
					end: `${Y}-10-31T18:00:00.000Z`,
				})
				expect(calendar.events.get(`etkinlik-${cancelled.id}@${HOST}`)).toMatchObject({
					status: 'CANCELLED',
					sequence: 1,
					start: `${Y}-02-14T17:00:00.000Z`,
				})
				expect(calendar.events.get(`takvim-${graduatesDay.id}@${HOST}`)).toMatchObject({
					allDay: true,
					start: `${Y}-01-20`,
					end: `${Y}-01-21`,
					status: 'CONFIRMED',
					sequence: 0,
				})
				expect(calendar.events.get(`takvim-${fair.id}@${HOST}`)).toMatchObject({ status: 'CANCELLED', sequence: 1, start: `${Y}-05-01` })

				expect((await get('/etkinlikler.ics', { 'if-none-match': etag })).status).toBe(304)
				expect((await get('/etkinlikler.ics', { 'if-modified-since': lastModified })).status).toBe(304)

				savedId(await eventsAdmin.act('save', formData({ ...concertFields, id: String(concertId) }), eventsCtx))
				const unchanged = parse(await (await get('/etkinlikler.ics')).text())
				expect(unchanged.events.get(`etkinlik-${concertId}@${HOST}`)?.sequence).toBe(0)

				savedId(
					await eventsAdmin.act(
						'save',
						formData({ ...concertFields, id: String(concertId), starts_at: `${Y}-03-28T20:00`, ends_at: `${Y}-03-28T22:30` }),
						eventsCtx,
					),
				)
				savedId(
					await calendarAdmin.act(
						'save',
						formData({ id: String(graduatesDay.id), title: 'Mezunlar Günü', date: `${Y}-01-21` }),
						adminContext('takvim'),
					),
				)
				const moved = await get('/etkinlikler.ics', { 'if-none-match': etag })
				expect(moved.status).toBe(200)
				expect(moved.headers.get('etag')).not.toBe(etag)
				expect(Date.parse(moved.headers.get('last-modified') ?? '')).toBeGreaterThanOrEqual(Date.parse(lastModified))
				const edited = parse(await moved.text())
				expect(edited.events.get(`etkinlik-${concertId}@${HOST}`)).toMatchObject({
					sequence: 1,
					start: `${Y}-03-28T17:00:00.000Z`,
					end: `${Y}-03-28T19:30:00.000Z`,
				})
				expect(edited.events.get(`takvim-${graduatesDay.id}@${HOST}`)).toMatchObject({ sequence: 1, start: `${Y}-01-21` })

				const [trashed] = await listTrash('events')
				await restoreFromTrash(trashed?.id ?? 0)
				const restored = parse(await (await get('/etkinlikler.ics')).text())
				expect(restored.events.get(`etkinlik-${cancelled.id}@${HOST}`)).toMatchObject({ status: 'CONFIRMED', sequence: 2 })

				const single = await get('/etkinlikler/bahar-konseri/takvim.ics')
				expect(single.status).toBe(200)
				expect(single.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
				expect(single.headers.get('content-disposition')).toBe('attachment; filename="bahar-konseri.ics"')
				const singleEtag = single.headers.get('etag') ?? ''
				const own = parse(await single.text())
				expect(own.method).toBe('PUBLISH')
				expect([...own.events.keys()]).toEqual([`etkinlik-${concertId}@${HOST}`])
				expect(own.events.get(`etkinlik-${concertId}@${HOST}`)).toMatchObject({ sequence: 1, start: `${Y}-03-28T17:00:00.000Z` })
				expect((await get('/etkinlikler/bahar-konseri/takvim.ics', { 'if-none-match': singleEtag })).status).toBe(304)
				expect((await get(`/etkinlikler/${concertId}/takvim.ics`)).status).toBe(200)
				expect((await get('/etkinlikler/olmayan-etkinlik/takvim.ics')).status).toBe(404)
				expect(await (await get('/etkinlikler/tarihsiz-etkinlik/takvim.ics')).text()).toBe('Bu etkinliğin tarihi yok; takvime eklenemez.')

				const page = await (await get('/duyurular/etkinlikler/bahar-konseri')).text()
				expect(page).toContain('<a href="/etkinlikler/bahar-konseri/takvim.ics">Takvime ekle (.ics dosyası)</a>')
				const google = new URL(
					/<a href="(https:\/\/calendar\.google\.com\/[^"]+)"[^>]*>Google Takvim’e ekle<\/a>/.exec(page)?.[1]?.replaceAll('&amp;', '&') ??
						'',
				)
				expect(Object.fromEntries(google.searchParams)).toMatchObject({
					action: 'TEMPLATE',
					text: 'Bahar Konseri',
					dates: `${Y}0328T200000/${Y}0328T223000`,
					ctz: 'Europe/Istanbul',
					location: 'Harbiye, Cemal Reşit Rey; Büyük Salon',
				})
				expect(google.searchParams.get('details')).toContain(`${SITE}/duyurular/etkinlikler/bahar-konseri`)
				expect(await (await get('/duyurular/etkinlikler/tarihsiz-etkinlik')).text()).not.toContain('takvim.ics')

				expect((await db.selectFrom('app_meta').select('value').where('key', '=', 'calendar:uid-host').executeTakeFirst())?.value).toBe(
					HOST,
				)
				await db.updateTable('app_meta').set({ value: 'eski.example.org' }).where('key', '=', 'calendar:uid-host').execute()
				await withContentWrite(db, async () => {})
				const kept = parse(await (await get('/etkinlikler.ics')).text())
				expect(kept.events.has(`etkinlik-${concertId}@eski.example.org`)).toBe(true)
			} finally {
				await server.stop()
				await tdb.cleanup()
			}
		},
	)
}
