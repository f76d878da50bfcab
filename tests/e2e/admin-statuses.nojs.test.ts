import { expect, signInAsAdmin, test } from './fixtures.ts'

test('filters the announcements by status and opens a draft preview with plain forms when JavaScript is off', async ({ page }) => {
	const title = `JS’siz taslak ${Math.random().toString(36).slice(2, 7)}`
	await signInAsAdmin(page, '/giris?redirect=%2Fadmin%2Fduyurular')
	await page.getByRole('link', { name: 'Yeni', exact: true }).click()
	await page.getByRole('textbox', { name: 'Başlık', exact: true }).fill(title)
	await page.getByLabel('Durum', { exact: true }).selectOption({ label: 'Taslak' })
	await page.getByRole('button', { name: 'Kaydet' }).click()
	await expect(page).toHaveURL('/admin/duyurular')

	await page.getByLabel('Göster', { exact: true }).selectOption({ label: 'Yayında' })
	await page.getByRole('button', { name: 'Uygula' }).click()
	await expect(page).toHaveURL('/admin/duyurular?durum=yayinda')
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
	await expect(page.getByLabel('Göster', { exact: true })).toHaveValue('yayinda')

	await page.getByLabel('Göster', { exact: true }).selectOption({ label: 'Taslak' })
	await page.getByRole('button', { name: 'Uygula' }).click()
	await expect(page).toHaveURL('/admin/duyurular?durum=taslak')
	const row = page.getByRole('row', { name: new RegExp(title) })
	await expect(row.locator('.status-badge')).toHaveText('Taslak')

	const href = (await row.getByRole('link', { name: `Önizle – ${title}` }).getAttribute('href')) as string
	await page.goto(href)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
	await expect(page.getByRole('complementary', { name: 'Önizle' })).toBeVisible()

	await page.goto('/admin/duyurular')
	await page.getByRole('link', { name: `${title} – sil` }).click()
	await page.getByRole('button', { name: 'Evet, sil' }).click()
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
})
