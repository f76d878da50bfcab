import fs from 'node:fs'
import ICAL from 'ical.js'
import { demoEvents } from './demo-schedule.ts'
import { expect, seriousA11yViolations, test } from './fixtures.ts'

/** Items the admin journeys create and delete while these tests run (titles in tests/e2e/admin-*.test.ts). */
const ADMIN_TEST_ITEM = /E2E |JS’siz /

test('lists published announcements as cards that lead to their detail pages', async ({ page }) => {
	await page.goto('/duyurular')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('DUYURULAR')
	// Only the demo items: the admin journeys add published announcements while this runs, and a new one comes first.
	const cards = page.locator('.card-grid > li').filter({ hasNotText: ADMIN_TEST_ITEM })
	await expect(cards).toHaveCount(10)
	await expect(cards.first().getByRole('heading')).toHaveText('Olağan Genel Kurul Toplantısı Hakkında')
	await expect(page.getByText('Bahar Gezisi Programı (taslak)')).toHaveCount(0)
	await expect(page.getByText('Yeni Yıl Mesajı')).toHaveCount(0)
	const link = cards.first().getByRole('link', { name: /^devamını oku/ })
	await expect(link).toHaveAccessibleName(/^devamını oku ?: Olağan Genel Kurul Toplantısı Hakkında$/)
	await link.click()
	await expect(page).toHaveURL(/\/duyurular\/\d+$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Olağan Genel Kurul Toplantısı Hakkında')
	await expect(page.locator('.page-hero__lead')).toContainText('olağan genel kurulu için hazırlıklar başladı')
	await expect(page.locator('.detail__body strong').first()).toHaveText('Olağan Genel Kurul Toplantımız')
	await page.getByRole('link', { name: 'duyurulara dön' }).click()
	await expect(page).toHaveURL('/duyurular')
})

test('answers unknown, draft and malformed announcement addresses with 404 and the spec’s messages', async ({ page }) => {
	for (const [path, message] of [
		['/duyurular/99999', 'Duyuru bulunamadı.'],
		['/duyurular/11', 'Duyuru bulunamadı.'],
		['/duyurular/boyle-bir-duyuru-yok', 'Duyuru bulunamadı.'],
		['/duyurular/Buyuk%20Harf', 'Geçersiz duyuru adresi.'],
		['/duyurular/%C3%A7ay', 'Geçersiz duyuru adresi.'],
	] as const) {
		const response = await page.goto(path)
		expect(response?.status(), path).toBe(404)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('BULUNAMADI')
		await expect(page.getByText(message)).toBeVisible()
		await expect(page.getByRole('link', { name: 'duyurulara dön' })).toHaveAttribute('href', '/duyurular')
		await expect(page.getByRole('contentinfo')).toBeVisible()
	}
})

test('lists events and shows an event with its date, place and the way back at both addresses', async ({ page }) => {
	await page.goto('/duyurular/etkinlikler')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('ETKİNLİKLER')
	await expect(page.locator('.card-grid > li').filter({ hasNotText: ADMIN_TEST_ITEM })).toHaveCount(8)
	const card = page.locator('.card-grid > li').filter({ hasText: 'Yılbaşı Dayanışma Kermesi' })
	await expect(card.getByRole('link', { name: /^devamını oku/ })).toHaveAttribute('href', '/etkinlikler/yilbasi-dayanisma-kermesi')
	await card.getByRole('link', { name: /^devamını oku/ }).click()
	await expect(page).toHaveURL('/etkinlikler/yilbasi-dayanisma-kermesi')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Yılbaşı Dayanışma Kermesi')
	await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/duyurular\/etkinlikler\/yilbasi-dayanisma-kermesi$/)
	const facts = page.locator('.detail__facts')
	await expect(facts).toContainText(/13 Aralık \d{4} \S+ 11:00–18:00/)
	await expect(facts).toContainText('Okul Spor Salonu, Harbiye')
	await expect(facts.getByRole('link', { name: 'Google Takvim’e ekle' })).toHaveAttribute(
		'href',
		/^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&text=Y%C4%B1lba%C5%9F%C4%B1\+Dayan%C4%B1%C5%9Fma\+Kermesi&dates=\d{4}1213T110000%2F\d{4}1213T180000&ctz=Europe%2FIstanbul&/,
	)
	const download = page.waitForEvent('download')
	await facts.getByRole('link', { name: 'Takvime ekle (.ics dosyası)' }).click()
	const file = await download
	expect(file.suggestedFilename()).toBe('yilbasi-dayanisma-kermesi.ics')
	const calendar = new ICAL.Component(ICAL.parse(fs.readFileSync(await file.path(), 'utf8')))
	const zone = calendar.getFirstSubcomponent('vtimezone')
	if (zone) ICAL.TimezoneService.register(zone)
	const [event] = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent))
	expect(event?.summary).toBe('Yılbaşı Dayanışma Kermesi')
	expect(event?.location).toBe('Okul Spor Salonu, Harbiye')
	expect(event?.startDate.toJSDate().toISOString()).toMatch(/^\d{4}-12-13T08:00:00\.000Z$/)
	await page.getByRole('link', { name: 'etkinliklere dön' }).click()
	await expect(page).toHaveURL('/duyurular/etkinlikler')

	await page.goto('/duyurular/etkinlikler/yilbasi-dayanisma-kermesi')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Yılbaşı Dayanışma Kermesi')
	await expect(page).toHaveTitle(/^Yılbaşı Dayanışma Kermesi \| /)
})

test('lists upcoming events first and past ones under "Geçmiş etkinlikler", the latest first', async ({ page }) => {
	await page.goto('/duyurular/etkinlikler')
	const upcoming = page.getByRole('region', { name: 'Yaklaşan etkinlikler' })
	const past = page.getByRole('region', { name: 'Geçmiş etkinlikler' })
	const demo = (region: typeof past) => region.locator('.card-grid > li').filter({ hasNotText: ADMIN_TEST_ITEM }).locator('.card__title')
	// Which demo event is next depends on the day the demo was seeded (the December fair falls on the 13th).
	const events = demoEvents()
	await expect(demo(upcoming)).toHaveText(events.filter((event) => event.upcoming).map((event) => event.title))
	await expect(upcoming).not.toContainText('Sonbahar Pikniği')
	await expect(demo(past)).toHaveText(['Boğaz’da Gün Batımı Gezisi', 'Sonbahar Pikniği'])
	await expect(past.getByRole('heading', { level: 2 })).toHaveText('Geçmiş etkinlikler')
	const order = await page.locator('main h2').allTextContents()
	expect(order.indexOf('Yaklaşan etkinlikler')).toBeLessThan(order.indexOf('Geçmiş etkinlikler'))
})

test('answers an unknown event with 404, BULUNAMADI and the spec’s message', async ({ page }) => {
	for (const path of ['/duyurular/etkinlikler/boyle-bir-etkinlik-yok', '/etkinlikler/boyle-bir-etkinlik-yok', '/etkinlikler/987654']) {
		const response = await page.goto(path)
		expect(response?.status(), path).toBe(404)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('BULUNAMADI')
		await expect(page.getByText('Aradığınız etkinlik bulunamadı.')).toBeVisible()
		await expect(page.getByRole('link', { name: 'etkinliklere dön' })).toHaveAttribute('href', '/duyurular/etkinlikler')
	}
})

test('gives each page its own title, description, canonical address and sharing image', async ({ page }) => {
	const seen = new Set<string>()
	for (const path of [
		'/duyurular',
		'/duyurular/1',
		'/duyurular/etkinlikler',
		'/duyurular/takvim',
		'/duyurular/bulten-arsivi',
		'/mezunlarimiz/mezunlardan-haberler',
		'/uyelik/uyelere-avantajlar',
		'/arama',
	]) {
		await page.goto(path)
		const title = await page.title()
		expect(seen.has(title), title).toBe(false)
		seen.add(title)
		await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/)
		await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path.replace(/\//g, '\\/')}$`))
		await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http/)
		await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
	}
	await page.goto('/duyurular/1')
	await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/media\/announcements\//)
})

test('announcement and event pages have no serious accessibility violations', async ({ page }) => {
	for (const path of [
		'/duyurular',
		'/duyurular/1',
		'/duyurular/etkinlikler',
		'/duyurular/etkinlikler/yilbasi-dayanisma-kermesi',
		'/duyurular/99999',
	]) {
		await page.goto(path)
		expect(await seriousA11yViolations(page), path).toEqual([])
	}
	await page.setViewportSize({ width: 375, height: 740 })
	await page.goto('/duyurular')
	expect(await seriousA11yViolations(page)).toEqual([])
})
