import { expect, test } from 'vitest'
import { EVENTS_PER_PAGE } from '#app/features/events/events.server.ts'
import { msg } from '#app/lib/messages.ts'
import { createEvent } from '#tests/factories/events.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { renderRoute } from '#tests/setup/render-route.tsx'
import { withDatabase } from '#tests/setup/with-database.ts'
import EventsRoute, { loader } from './events.tsx'

const page = (query = '') =>
	renderRoute(EventsRoute, () => loader({ request: new Request(`http://localhost/duyurular/etkinlikler${query}`) } as Parameters<typeof loader>[0]))

/** Each section's heading and its cards' titles, in page order. */
function sections(html: string) {
	return [...html.matchAll(/<section class="section" aria-labelledby="[^"]+">([\s\S]*?)<\/section>/g)].map(([, body]) => ({
		heading: /<h2[^>]*>([^<]*)<\/h2>/.exec(body!)?.[1],
		titles: [...body!.matchAll(/<h3 class="card__title">(?:<a[^>]*>)?([^<]*)/g)].map((m) => m[1]),
		paged: body!.includes('class="pagination"'),
	}))
}

const day = 86_400_000

for (const dialect of dialectsUnderTest()) {
	test(`pages upcoming and past events as one list, upcoming first, so a long list costs one page (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			for (let i = 1; i <= EVENTS_PER_PAGE + 2; i++)
				await createEvent({ title: `Yaklaşan ${i}`, starts_at: new Date(Date.now() + i * day).toISOString() })
			for (let i = 1; i <= 3; i++) await createEvent({ title: `Geçmiş ${i}`, starts_at: new Date(Date.now() - i * 30 * day).toISOString() })

			const first = sections((await page()).html)
			expect(first.map((s) => s.heading)).toEqual([msg.events.upcoming])
			expect(first[0]!.titles).toEqual(Array.from({ length: EVENTS_PER_PAGE }, (_, i) => `Yaklaşan ${i + 1}`))
			expect(first[0]!.paged).toBe(true)

			const second = sections((await page('?sayfa=2')).html)
			expect(second.map((s) => s.heading)).toEqual([msg.events.upcoming, msg.events.past])
			expect(second[0]!.titles).toEqual([`Yaklaşan ${EVENTS_PER_PAGE + 1}`, `Yaklaşan ${EVENTS_PER_PAGE + 2}`])
			expect(second[1]!.titles).toEqual(['Geçmiş 1', 'Geçmiş 2', 'Geçmiş 3'])
			// The page links close the last section.
			expect(second.map((s) => s.paged)).toEqual([false, true])
		})
	})

	test(`says there is nothing upcoming above the past events, and that there are no events at all (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const empty = await page()
			expect(sections(empty.html).map((s) => s.heading)).toEqual([msg.events.upcoming])
			expect(empty.html).toContain(msg.events.empty)

			await createEvent({ title: 'Geçen ay', starts_at: new Date(Date.now() - 30 * day).toISOString() })
			const onlyPast = await page()
			expect(sections(onlyPast.html).map((s) => s.heading)).toEqual([msg.events.upcoming, msg.events.past])
			expect(onlyPast.html).toContain(msg.events.upcomingEmpty)
			expect(sections(onlyPast.html)[1]!.titles).toEqual(['Geçen ay'])
		})
	})
}

test('shows the read error where the events would be', async () => {
	const { html } = await renderRoute(EventsRoute, async () => ({ events: { ok: false as const, error: msg.events.readError }, search: '' }))
	expect(html).toContain(`<p class="error-text" role="alert">${msg.events.readError}</p>`)
	expect(sections(html).map((s) => s.heading)).toEqual([msg.events.upcoming])
})
