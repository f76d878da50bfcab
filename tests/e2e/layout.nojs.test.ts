import { expect, test } from './fixtures.ts'

test('reaches every menu page without JavaScript from the desktop menu', async ({ page }) => {
	await page.goto('/')
	const nav = page.getByRole('navigation', { name: 'Ana menü' }).first()
	const hrefs = await nav.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
	expect(hrefs).toContain('/kurumsal/tarihce')
	expect(hrefs).toContain('/iletisim/nds-sosyal-medya')
	await nav.getByRole('link', { name: 'Kurumsal' }).hover()
	await nav.getByRole('link', { name: 'Yönetim Kurulu' }).click()
	await expect(page).toHaveURL('/kurumsal/yonetim-kurulu')
})

test('opens the mobile menu and its sections without JavaScript', async ({ page }) => {
	await page.setViewportSize({ width: 375, height: 740 })
	await page.goto('/')
	await page.locator('summary[aria-label="Menüyü aç"]').click()
	const panel = page.locator('.mobile-menu__panel')
	await expect(panel).toBeVisible()
	await panel.locator('summary', { hasText: 'Duyurular' }).click()
	await panel.getByRole('link', { name: 'Bülten Arşivi' }).click()
	await expect(page).toHaveURL('/duyurular/bulten-arsivi')
})

test('searches with a plain form without JavaScript', async ({ page }) => {
	await page.goto('/')
	await page.locator('summary[aria-label="Sitede ara"]').click()
	await page.getByPlaceholder('Sitede ara…').fill('bülten')
	await page.getByRole('button', { name: 'Ara', exact: true }).click()
	await expect(page).toHaveURL('/arama?q=b%C3%BClten')
})

test('shows the first hero slide and no dead controls without JavaScript', async ({ page }) => {
	await page.goto('/')
	const hero = page.getByRole('region', { name: 'Öne çıkanlar' })
	await expect(hero.locator('[data-hero-slide][data-active="true"] h2')).toBeVisible()
	await expect(hero.getByRole('button', { name: 'Sonraki slayt' })).toBeHidden()
})
