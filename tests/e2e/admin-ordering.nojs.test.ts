import type { Page } from '@playwright/test'
import { expect, openSection, test } from './fixtures.ts'

const rowTitles = (page: Page) => page.locator('.admin-table--announcements tbody tr td:nth-child(3)').allTextContents()

test('without JavaScript a new announcement comes first, and "En alta taşı" / "En üste taşı" are plain form posts', async ({ page }) => {
	const title = `JS’siz uç ${Math.random().toString(36).slice(2, 7)}`
	await openSection(page, 'duyurular')
	await page.getByRole('link', { name: 'Yeni', exact: true }).click()
	await expect(page).toHaveURL('/admin/duyurular?new=1')
	await page.getByRole('textbox', { name: 'Başlık', exact: true }).fill(title)
	await page.getByLabel('Durum', { exact: true }).selectOption({ label: 'Yayında' })
	await page.getByRole('button', { name: 'Kaydet' }).click()
	await expect(page).toHaveURL('/admin/duyurular')
	expect((await rowTitles(page))[0]).toBe(title)
	await expect(page.getByRole('button', { name: `${title} – en üste taşı` })).toBeDisabled()

	const visitor = await page.context().newPage()
	await visitor.goto('/duyurular')
	await expect(visitor.locator('.card-grid .card__title').first()).toHaveText(title)

	await page.getByRole('button', { name: `${title} – en alta taşı` }).click()
	await expect(page).toHaveURL('/admin/duyurular')
	expect((await rowTitles(page)).at(-1)).toBe(title)
	await expect(page.getByRole('button', { name: `${title} – en alta taşı` })).toBeDisabled()
	await visitor.reload()
	await expect(visitor.locator('.card-grid .card__title').first()).not.toHaveText(title)

	await page.getByRole('button', { name: `${title} – en üste taşı` }).click()
	await expect(page).toHaveURL('/admin/duyurular')
	expect((await rowTitles(page))[0]).toBe(title)
	await visitor.reload()
	await expect(visitor.locator('.card-grid .card__title').first()).toHaveText(title)
	await visitor.close()

	await page.getByRole('link', { name: `${title} – sil` }).click()
	await page.getByRole('button', { name: 'Evet, sil' }).click()
	await expect(page).toHaveURL('/admin/duyurular')
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
})
