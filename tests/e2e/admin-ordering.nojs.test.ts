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

test('Ayarlar has a "Sıralama" group whose box puts new announcements first, on by default', async ({ page }) => {
	await openSection(page, 'ayarlar')
	const group = page.getByRole('region', { name: 'Sıralama' })
	const box = group.getByRole('checkbox', { name: 'Yeni duyurular listenin en üstüne eklensin' })
	await expect(box).toBeChecked()
	// Saved as it is (other tests add announcements meanwhile): a plain form post back to the group.
	await group.getByRole('button', { name: 'Sıralamayı kaydet' }).click()
	await expect(page).toHaveURL('/admin/ayarlar?kaydedildi=siralama#siralama')
	await expect(page.getByRole('region', { name: 'Sıralama' }).getByRole('status')).toBeVisible()
	await expect(page.getByRole('region', { name: 'Sıralama' }).getByRole('checkbox')).toBeChecked()
})
