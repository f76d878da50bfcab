import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

/**
 * Holds a widget's enhancement chunk until `release()`, so the test can act
 * on the server-rendered page before the script arrives.
 */
async function holdScript(page: Page, chunk: string) {
	let release = () => {}
	const released = new Promise<void>((resolve) => {
		release = resolve
	})
	let requested = false
	await page.route(new RegExp(`/assets/${chunk}-[^/]+\\.js$`), async (route) => {
		requested = true
		await released
		await route.continue()
	})
	return {
		release,
		requested: () => requested,
	}
}

test('the awards filter applies the search and the year chosen before its script arrived', async ({ page, consoleErrors }) => {
	const script = await holdScript(page, 'awards-filter')
	await page.goto('/mezunlarimiz/basari-onur-odulleri')
	const rows = page.locator('tbody tr[data-award-row]:visible')
	expect(await rows.count()).toBeGreaterThanOrEqual(100)
	await expect.poll(script.requested).toBe(true)

	// A year and a word that some award has, read from the server-rendered table.
	const first = rows.first()
	const year = (await first.locator('td:nth-child(4)').textContent())?.trim() ?? ''
	const word = (await first.locator('td:last-child').textContent())?.trim().split(/\s+/)[0]?.toLocaleLowerCase('tr-TR') ?? ''
	expect(year).toMatch(/^\d{4}$/)
	await page.getByLabel('NDS mezuniyet yılı').selectOption(year)
	await page.getByPlaceholder('Ad, soyad, meslek…').fill(word)
	// Nothing filters yet: the script is still on its way.
	expect(await rows.count()).toBeGreaterThanOrEqual(100)

	script.release()
	// The script filters when it attaches and writes the filter into the address.
	await expect(page).toHaveURL(new RegExp(`\\?yil=${year}&q=`))
	await expect(rows).not.toHaveCount(0)
	await expect.poll(async () => [...new Set(await rows.locator('td:nth-child(4)').allTextContents())]).toEqual([year])
	await expect(page.getByRole('status').filter({ hasText: 'kayıt listeleniyor' })).toHaveText(`${await rows.count()} kayıt listeleniyor.`)
	expect(consoleErrors).toEqual([])
})

test('the awards filter applies a search typed before its script arrived', async ({ page }) => {
	const script = await holdScript(page, 'awards-filter')
	await page.goto('/mezunlarimiz/basari-onur-odulleri')
	await expect.poll(script.requested).toBe(true)
	await page.getByPlaceholder('Ad, soyad, meslek…').fill('böyle bir mezun yok')
	script.release()
	await expect(page.locator('tbody tr[data-award-row]:visible')).toHaveCount(0)
	await expect(page.getByRole('cell', { name: 'Kayıt bulunamadı.' })).toBeVisible()
})

test('the dues calculator answers an amount typed before its script arrived', async ({ page }) => {
	const script = await holdScript(page, 'dues-calculator')
	await page.goto('/aidat')
	await expect.poll(script.requested).toBe(true)
	await page.getByLabel('Derneğe ulaşmasını istediğiniz tutar (TL)').fill('1.000')
	const result = page.locator('[data-dues-calculator] output')
	script.release()
	await expect(result).toHaveText('Ödemeniz gereken tutar: 1.050 TL')
})
