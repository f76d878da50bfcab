import type { Locator, Page } from '@playwright/test'
import * as mupdf from 'mupdf'
import { demoAgenda, demoEvents } from './demo-schedule.ts'
import { expect, seriousA11yViolations, test } from './fixtures.ts'

/** The enhancement script loads after the page (async module, then the widget's chunk): on a busy machine that takes a while. */
const ENHANCED = { timeout: 15_000 }

function carousel(page: Page, name: 'Duyurular' | 'Etkinlikler') {
	return page.getByRole('group', { name })
}

async function fullyVisibleCards(frame: Locator) {
	return frame.evaluate((root) => {
		const viewport = root.querySelector('[data-carousel-viewport]')!.getBoundingClientRect()
		return [...root.querySelectorAll('[data-carousel-track] > li')]
			.filter((li) => {
				const box = li.getBoundingClientRect()
				return box.left >= viewport.left - 1 && box.right <= viewport.right + 1
			})
			.map((li) => ({ clone: li.hasAttribute('data-clone'), title: li.querySelector('.card__title')?.textContent ?? '' }))
	})
}

async function realCardTitles(frame: Locator) {
	return frame.locator('[data-carousel-item] .card__title').allTextContents()
}

const MOTTO = 'IN SION FIRMATA SUM'

test('shows featured announcements and events as hero slides that link to their pages', async ({ page }) => {
	await page.goto('/')
	const hero = page.getByRole('region', { name: 'Öne çıkanlar' })
	const titles = await hero.locator('.hero__title').allTextContents()
	expect(titles).toEqual(
		expect.arrayContaining(['Olağan Genel Kurul Toplantısı Hakkında', 'Yılbaşı Dayanışma Kermesi', 'Mezunlar Günü ve Plaket Töreni']),
	)
	expect(titles).not.toContain(MOTTO)
	await hero.getByRole('button', { name: '1. slayta git' }).click()
	const first = hero.locator('[data-hero-slide][data-active="true"] .hero__title a')
	const href = await first.getAttribute('href')
	expect(href).toMatch(/^\/duyurular\/(etkinlikler\/[a-z0-9-]+|\d+)$/)
	await first.click()
	await expect(page).toHaveURL(href!)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles[0]!)
})

test('shows the next four calendar entries in the agenda with a link to the calendar', async ({ page }) => {
	await page.goto('/')
	const agenda = page.getByRole('region', { name: 'Ajanda' })
	const items = agenda.getByRole('listitem')
	await expect(items).toHaveCount(4)
	// The soonest: the board meeting two days after the seed, unless one of the demo's fixed days (the December fair,
	// the January alumni day, the May gathering) falls sooner or on the same day.
	const demo = demoAgenda()
	const soonest = demo.filter((item) => item.date === demo[0]!.date)
	await expect(items.first().locator('time')).toHaveAttribute('datetime', demo[0]!.date)
	const firstTitle = await items.first().locator('.agenda__text').textContent()
	const first = soonest.find((item) => item.title === firstTitle)
	expect(first, soonest.map((item) => item.title).join(', ')).toBeDefined()
	await expect(items.first().locator('.agenda__month')).toHaveText(
		/^(Ocak|Şubat|Mart|Nisan|Mayıs|Haziran|Temmuz|Ağustos|Eylül|Ekim|Kasım|Aralık)$/,
	)
	// An upcoming event in the agenda links to its page.
	const event = items.filter({ hasText: 'Edebiyat Söyleşisi: Yedi Tepe Arasında' })
	await expect(event).toHaveCount(1)
	await expect(event.getByRole('link')).toHaveAttribute('href', /^\/duyurular\/etkinlikler\/[^/]+$/)
	await expect(items.first().getByRole('link')).toHaveCount(first!.event ? 1 : 0)
	await agenda.getByRole('link', { name: 'Takvimi görüntüle' }).click()
	await expect(page).toHaveURL('/duyurular/takvim')
})

for (const [width, visible] of [
	[375, 1],
	[800, 2],
	[1280, 3],
] as const) {
	test(`shows ${visible} card${visible > 1 ? 's' : ''} at ${width} px and wraps around both ways without showing clones`, async ({
		page,
	}) => {
		await page.setViewportSize({ width, height: 900 })
		await page.goto('/')
		for (const name of ['Duyurular', 'Etkinlikler'] as const) {
			const frame = carousel(page, name)
			await frame.scrollIntoViewIfNeeded()
			await expect(frame).toHaveAttribute('data-enhanced', 'true', ENHANCED)
			// The track starts on the first real card without sliding there from the clones before it.
			const animations = await frame.locator('[data-carousel-track]').evaluate(async (track) => {
				await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
				return track.getAnimations().length
			})
			expect(animations).toBe(0)
			const titles = await realCardTitles(frame)
			expect(titles.length).toBeGreaterThan(3)
			await expect.poll(() => fullyVisibleCards(frame)).toEqual(titles.slice(0, visible).map((title) => ({ clone: false, title })))
			const height = name === 'Duyurular' ? 460 : 480
			expect(Math.round((await frame.locator('[data-carousel-item]').first().boundingBox())!.height)).toBe(height)
			expect(Math.round((await frame.locator('[data-carousel-item]').first().boundingBox())!.width)).toBe(270)

			await frame.getByRole('button', { name: name === 'Duyurular' ? 'Önceki duyuru' : 'Önceki etkinlik' }).click()
			await expect(frame).toHaveAttribute('data-index', String(titles.length - 1))
			await expect
				.poll(async () => (await fullyVisibleCards(frame)).map((card, i) => (i === 0 ? card : card.title)))
				.toEqual([{ clone: false, title: titles.at(-1) }, ...titles.slice(0, visible - 1)])
			await frame.getByRole('button', { name: name === 'Duyurular' ? 'Sonraki duyuru' : 'Sonraki etkinlik' }).click()
			await expect(frame).toHaveAttribute('data-index', '0')
			await expect.poll(() => fullyVisibleCards(frame)).toEqual(titles.slice(0, visible).map((title) => ({ clone: false, title })))
		}
	})
}

test('shows as many cards as the window has room for when the window changes size, before and after a move', async ({ page }) => {
	await page.setViewportSize({ width: 1280, height: 900 })
	await page.goto('/')
	const frame = carousel(page, 'Duyurular')
	await frame.scrollIntoViewIfNeeded()
	await expect(frame).toHaveAttribute('data-enhanced', 'true', ENHANCED)
	const titles = await realCardTitles(frame)
	await expect(frame).toHaveAttribute('data-visible', '3')

	await page.setViewportSize({ width: 375, height: 800 })
	await expect(frame).toHaveAttribute('data-visible', '1')
	await expect.poll(() => fullyVisibleCards(frame)).toEqual([{ clone: false, title: titles[0] }])

	await frame.getByRole('button', { name: 'Sonraki duyuru' }).click()
	await expect(frame).toHaveAttribute('data-index', '1')
	await page.setViewportSize({ width: 800, height: 900 })
	await expect(frame).toHaveAttribute('data-visible', '2')
	await expect.poll(() => fullyVisibleCards(frame)).toEqual(titles.slice(1, 3).map((title) => ({ clone: false, title })))
})

/**
 * The sections below a phone's first screen and the footer are laid out only when they come near the
 * screen (content-visibility): scrolling to the end still ends on the whole footer, and a printed page
 * still has every section.
 */
test('shows every section below the first screen when scrolled to and when the page is printed', async ({ page }) => {
	await page.setViewportSize({ width: 390, height: 844 })
	await page.goto('/')
	const footer = page.getByRole('contentinfo')
	await expect
		.poll(async () => {
			await page.keyboard.press('End')
			return page.evaluate(() => Math.round(window.scrollY + window.innerHeight - document.documentElement.scrollHeight))
		})
		.toBe(0)
	const year = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Istanbul', year: 'numeric' }).format(new Date())
	await expect(footer.getByText(`© ${year}`)).toBeInViewport()

	const announcements = await realCardTitles(carousel(page, 'Duyurular'))
	const events = await realCardTitles(carousel(page, 'Etkinlikler'))
	const pdf = mupdf.Document.openDocument(await page.pdf({ format: 'A4' }), 'application/pdf')
	let printed = ''
	for (let i = 0; i < pdf.countPages(); i++) printed += pdf.loadPage(i).toStructuredText('preserve-whitespace').asText()
	printed = printed.replace(/\s+/g, ' ')
	for (const text of [announcements[0]!, events[0]!, 'Derneğimiz', 'Yayınlarımız', 'Gizlilik Sözleşmesi', `© ${year}`])
		expect(printed).toContain(text.replace(/\s+/g, ' '))
})

test('starts the events carousel with the next upcoming event and leaves out past ones', async ({ page }) => {
	await page.goto('/')
	const frame = carousel(page, 'Etkinlikler')
	const titles = await realCardTitles(frame)
	// Events the admin journeys add are named "E2E …".
	expect(titles.find((title) => !title.startsWith('E2E '))).toBe(demoEvents().find((event) => event.upcoming)?.title)
	expect(titles).not.toContain('Boğaz’da Gün Batımı Gezisi')
	expect(titles).not.toContain('Sonbahar Pikniği')
	const starts = await frame.locator('[data-carousel-item] time').evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''))
	expect(starts.length).toBe(titles.length)
	expect(starts).toEqual(starts.toSorted())
	expect(Date.parse(starts[0]!)).toBeGreaterThan(Date.now() - 86_400_000)
})

test('moves the carousel with the arrow keys and brings a card reached with Tab into view', async ({ page }) => {
	await page.goto('/')
	const frame = carousel(page, 'Duyurular')
	await expect(frame).toHaveAttribute('data-enhanced', 'true', ENHANCED)
	const titles = await realCardTitles(frame)
	const links = frame.locator('[data-carousel-item] .card__link')
	await links.first().focus()
	await page.keyboard.press('ArrowRight')
	await expect(frame).toHaveAttribute('data-index', '1')
	await expect(links.nth(1)).toBeFocused()
	await page.keyboard.press('ArrowLeft')
	await page.keyboard.press('ArrowLeft')
	await expect(frame).toHaveAttribute('data-index', String(titles.length - 1))
	await expect(links.last()).toBeFocused()
	await page.keyboard.press('ArrowRight')
	await expect(frame).toHaveAttribute('data-index', '0')
	await expect(links.first()).toBeFocused()

	await links.nth(2).focus()
	await page.keyboard.press('Tab')
	await expect(links.nth(3)).toBeFocused()
	await expect(frame).toHaveAttribute('data-index', '1')
	await expect.poll(async () => (await fullyVisibleCards(frame)).map((c) => c.title)).toContain(titles[3])
})

test('moves the carousel with a swipe on a touch screen', async ({ page }) => {
	await page.setViewportSize({ width: 375, height: 800 })
	await page.goto('/')
	const frame = carousel(page, 'Etkinlikler')
	await expect(frame).toHaveAttribute('data-enhanced', 'true', ENHANCED)
	const count = (await realCardTitles(frame)).length
	const viewport = frame.locator('[data-carousel-viewport]')
	const swipe = async (fromX: number, toX: number) => {
		await viewport.dispatchEvent('pointerdown', { pointerType: 'touch', clientX: fromX, clientY: 300, isPrimary: true })
		await viewport.dispatchEvent('pointerup', { pointerType: 'touch', clientX: toX, clientY: 305, isPrimary: true })
	}
	await swipe(300, 100)
	await expect(frame).toHaveAttribute('data-index', '1')
	await swipe(100, 300)
	await expect(frame).toHaveAttribute('data-index', '0')
	await swipe(100, 300)
	await expect(frame).toHaveAttribute('data-index', String(count - 1))
	await swipe(200, 185)
	await expect(frame).toHaveAttribute('data-index', String(count - 1))
})

test('rotates the publication covers every 2.8 s with a stagger, pauses on request and not under reduced motion', async ({ page }) => {
	await page.clock.install({ time: new Date('2026-11-22T09:00:00Z') })
	await page.clock.pauseAt(new Date('2026-11-22T09:00:01Z'))
	await page.goto('/')
	const grid = page.locator('[data-pub-grid]')
	const tiles = grid.locator('[data-pub-tile] img')
	await expect(tiles).toHaveCount(9)
	const toggle = page.getByRole('button', { name: 'Kapakların değişmesini durdur' })
	await expect(toggle).toBeVisible()
	const first = tiles.first()
	const last = tiles.nth(8)
	const before = [await first.getAttribute('src'), await last.getAttribute('src')]
	await expect(first).toHaveAttribute('width', '105')
	await expect(first).toHaveAttribute('height', '165')

	await page.clock.runFor(2700)
	await expect(first).toHaveAttribute('src', before[0]!)
	await page.clock.runFor(600)
	await expect(first).not.toHaveAttribute('src', before[0]!)
	await expect(last).toHaveAttribute('src', before[1]!)
	await page.clock.runFor(1000)
	await expect(last).not.toHaveAttribute('src', before[1]!)
	await expect(first.locator('xpath=..')).toHaveAttribute('href', /\/media\/bulletins\/.+\.pdf$/)

	await toggle.click()
	await expect(page.getByRole('button', { name: 'Kapakların değişmesini başlat' })).toBeVisible()
	const paused = await first.getAttribute('src')
	await page.clock.runFor(10_000)
	await expect(first).toHaveAttribute('src', paused!)

	await page.emulateMedia({ reducedMotion: 'reduce' })
	await page.reload()
	const still = await tiles.first().getAttribute('src')
	await page.clock.runFor(10_000)
	await expect(tiles.first()).toHaveAttribute('src', still!)
	await expect(page.locator('[data-pub-toggle]')).toBeHidden()
})

test('replaces a broken card image with the placeholder', async ({ page }) => {
	await page.route(/\/media\/announcements\/.*/, (route) => route.fulfill({ status: 404, body: '' }))
	await page.goto('/duyurular')
	// A card of the demo's (with an image); other tests may add cards without one above it.
	const image = page.locator('.card__media img[data-fallen-back]').first()
	await expect(image).toHaveAttribute('data-fallen-back', 'true')
	await expect(image).toHaveAttribute('src', /placeholder/)
	// The placeholder is loading once its address is set; it shows when it has loaded.
	await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
})

test('home page with its carousels and grid has no serious accessibility violations at 1280, 800 and 375 px', async ({
	page,
	consoleErrors,
}) => {
	await page.goto('/')
	await expect(carousel(page, 'Duyurular')).toHaveAttribute('data-enhanced', 'true', ENHANCED)
	expect(await seriousA11yViolations(page)).toEqual([])
	await page.setViewportSize({ width: 800, height: 900 })
	expect(await seriousA11yViolations(page)).toEqual([])
	await page.setViewportSize({ width: 375, height: 740 })
	expect(await seriousA11yViolations(page)).toEqual([])
	expect(consoleErrors).toEqual([])
})
