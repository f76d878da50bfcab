import { expect, test } from 'vitest'
import { homeAdmin } from '#app/features/home/home.admin.server.ts'
import { adminContext, formData, savedId } from '#tests/factories/admin.ts'
import { createAnnouncement } from '#tests/factories/announcements.ts'
import { createCalendarEntry } from '#tests/factories/calendar.ts'
import { createEvent } from '#tests/factories/events.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { renderRoute } from '#tests/setup/render-route.tsx'
import { withDatabase } from '#tests/setup/with-database.ts'
import HomeRoute, { loader } from './home.tsx'

const ctx = adminContext('ana-sayfa')

async function homePage() {
	const { loaderData, html } = await renderRoute(HomeRoute, loader)
	const hero = html.slice(html.indexOf('<section class="hero"'), html.indexOf('</section>', html.indexOf('<section class="hero"')))
	return { loaderData, html, heroTitles: [...hero.matchAll(/<h2 class="hero__title">(.*?)<\/h2>/g)].map((m) => m[1]) }
}

const upcoming = () => new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString()

for (const dialect of dialectsUnderTest()) {
	test(`shows the default slides as the old code did, in their order, and a new slide with its link button (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const first = await homePage()
			expect(first.heroTitles).toEqual([
				'IN SION FIRMATA SUM',
				'Notre Dame de Sion Mezunları Derneği',
				'<a href="/uyelik/nasil-uye-olunur" data-discover="true">Derneğimize üye olun</a>',
			])
			expect(first.html).toContain('<p class="hero__subtitle">1987’den beri mezunlarımızı bir araya getiriyoruz.</p>')
			expect(first.html).toMatch(/<img class="hero__image" src="[^"]*hero-1-1600\.webp"/)

			const id = String(
				savedId(
					await homeAdmin.act(
						'save',
						formData({ title: 'Bağış Kampanyası', text: 'Burs fonuna destek olun.', link_url: 'https://bagis.ornek.org/', link_label: 'Bağış yapın' }),
						ctx,
					),
				),
			)
			const slides = (await homeAdmin.load(ctx)).slides.map((slide) => String(slide.id))
			await homeAdmin.act('reorder', formData({ ids: [id, ...slides.filter((s) => s !== id)] }), ctx)

			const second = await homePage()
			expect(second.heroTitles).toEqual([
				'Bağış Kampanyası',
				'IN SION FIRMATA SUM',
				'Notre Dame de Sion Mezunları Derneği',
				'<a href="/uyelik/nasil-uye-olunur" data-discover="true">Derneğimize üye olun</a>',
			])
			expect(second.html).toContain(
				'<p class="hero__action"><a class="button button--gold" href="https://bagis.ornek.org/" target="_blank" rel="noopener noreferrer">Bağış yapın</a></p>',
			)
			expect(second.html).toMatch(/<img class="hero__image" src="[^"]*hero-1-1600\.webp"/)
		})
	})

	test(`puts featured announcements and events first and leaves the default slides out while there are any (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await createAnnouncement({ title: 'Genel Kurul', featured_home: true, published_at: '2026-01-05T09:00:00.000Z' })
			await createEvent({ title: 'Mezunlar Günü', featured_home: true, starts_at: upcoming() })
			const page = await homePage()
			expect(page.heroTitles.map((title) => title?.replace(/<[^>]+>/g, ''))).toEqual(['Mezunlar Günü', 'Genel Kurul'])
			expect(page.html).not.toContain('IN SION FIRMATA SUM')
		})
	})

	test(`leaves out the sections the admin hid, and reads none of them (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await createAnnouncement({ title: 'Kermes duyurusu' })
			await createEvent({ title: 'Konser', starts_at: upcoming() })
			await createCalendarEntry({ title: 'Yönetim toplantısı', date: upcoming().slice(0, 10) })
			const all = await homePage()
			for (const text of ['id="ajanda-baslik"', 'Kermes duyurusu', 'id="dernegimiz-baslik"', 'Konser', 'Yönetim toplantısı']) expect(all.html).toContain(text)

			await homeAdmin.act('save-sections', formData({ agenda: 'on', intro: 'on', publications: 'on' }), ctx)
			const hidden = await homePage()
			expect(hidden.loaderData.announcements).toBeNull()
			expect(hidden.loaderData.events).toBeNull()
			expect(hidden.html).not.toContain('Kermes duyurusu')
			// The event stays in the agenda (a calendar day, linked to its page); its carousel card is gone.
			expect(hidden.html.split('Konser').length - 1).toBe(1)
			expect(hidden.html).toMatch(/<a class="agenda__text" href="\/duyurular\/etkinlikler\/[^"]+">Konser<\/a>/)
			expect(hidden.html).not.toContain('id="duyurular"')
			expect(hidden.html).not.toContain('id="etkinlikler"')
			expect(hidden.html).toContain('Yönetim toplantısı')

			await homeAdmin.act('save-sections', formData({ announcements: 'on', events: 'on' }), ctx)
			const other = await homePage()
			expect(other.html).not.toContain('id="ajanda-baslik"')
			expect(other.html).not.toContain('id="dernegimiz-baslik"')
			expect(other.html).toContain('Kermes duyurusu')
			expect(other.html).toContain('Konser')
			expect(other.heroTitles).toHaveLength(3)
		})
	})
}
