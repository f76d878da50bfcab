import { expect, test } from './fixtures.ts'

const h1Text = (page: import('@playwright/test').Page) => page.locator('h1').evaluate((h1) => h1.textContent)

test('page titles are upper-cased the Turkish way in the served HTML; item titles stay as written', async ({ page }) => {
	for (const [path, title] of [
		['/kurumsal/tarihce', 'TARİHÇE'],
		['/kurumsal/yonetim-kurulu', 'YÖNETİM KURULU'],
		['/iletisim/iletisim-adresleri', 'İLETİŞİM ADRESLERİ'],
		['/iptal-iade-sartlari', 'İPTAL VE İADE ŞARTLARI'],
		['/uyelik/neden-uye-olmaliyiz', 'NEDEN ÜYE OLMALIYIZ'],
		['/duyurular', 'DUYURULAR'],
	] as const) {
		const html = await (await page.request.get(path)).text()
		expect(html, path).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`))
		await page.goto(path)
		expect(await h1Text(page), path).toBe(title)
		// No dotless I where Turkish needs a dotted one (TARIHÇE), nor a CSS transform doing the casing.
		expect(await page.locator('h1').evaluate((h1) => getComputedStyle(h1).textTransform)).toBe('none')
	}
	await page.goto('/mezunlarimiz/mezunlardan-haberler')
	await page.locator('a[href^="/mezunlarimiz/mezunlardan-haberler/"]').first().click()
	const title = await h1Text(page)
	expect(title).not.toBe(title?.toLocaleUpperCase('tr-TR'))
	await expect(page.locator('.eyebrow')).toHaveText('MEZUNLARDAN HABERLER')
})

for (const width of [375, 768, 1280]) {
	test(`the alumni-news detail title lines up with its body at ${width} px`, async ({ page }) => {
		await page.setViewportSize({ width, height: 900 })
		await page.goto('/mezunlarimiz/mezunlardan-haberler/mezunumuz-dr-selin-arikan-a-uluslararasi-bilim-odulu')
		const title = await page.locator('h1').boundingBox()
		const body = await page.locator('.detail__body').boundingBox()
		const back = await page.locator('.detail__back').boundingBox()
		expect(Math.abs(title!.x - body!.x)).toBeLessThanOrEqual(1)
		expect(Math.abs(title!.x - back!.x)).toBeLessThanOrEqual(1)
		expect(title!.x + title!.width).toBeLessThanOrEqual(back!.x + back!.width + 1)
	})
}

for (const width of [1024, 1280]) {
	test(`light-header pages do not squeeze their left column at ${width} px`, async ({ page }) => {
		await page.setViewportSize({ width, height: 900 })
		await page.goto('/iletisim/iletisim-adresleri')
		const details = await page.locator('.contact__details').boundingBox()
		const map = await page.locator('.contact__map').boundingBox()
		expect(details!.width).toBeGreaterThanOrEqual(map!.width - 1)
		await page.goto('/aidat')
		const main = page.locator('.split__main')
		const mainBox = await main.boundingBox()
		const aside = await page.locator('.split__aside').boundingBox()
		expect(mainBox!.x).toBeLessThan(aside!.x)
		// The reading column keeps its full measure beside the aside.
		const measure = await main.evaluate((el) => Number.parseFloat(getComputedStyle(el).maxWidth))
		expect(mainBox!.width).toBeGreaterThanOrEqual(measure - 1)
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
	})
}
