import { expect, signInAsAdmin, test } from './fixtures.ts'

test('searches every section with a plain form when JavaScript is off and opens the found record', async ({ page }) => {
	const title = `JS’siz arama ${Math.random().toString(36).slice(2, 7)}`
	await signInAsAdmin(page, '/giris?redirect=%2Fadmin%2Ftakvim%3Fnew%3D1')
	await page.getByLabel('Başlık').fill(title)
	await page.getByLabel('Tarih').fill('2031-06-07')
	await page.getByRole('button', { name: 'Kaydet' }).click()
	await expect(page).toHaveURL('/admin/takvim')

	await page.goto('/admin/bultenler')
	await page.getByRole('searchbox', { name: 'Yönetimde ara' }).fill(title)
	await page.getByRole('searchbox', { name: 'Yönetimde ara' }).press('Enter')
	await expect(page).toHaveURL(/\/admin\/ara\?q=/)
	await expect(page.getByRole('heading', { level: 2, name: 'Takvim' })).toBeVisible()
	await page.getByRole('link', { name: title }).click()
	await expect(page).toHaveURL(/\/admin\/takvim\?edit=\d+$/)
	await expect(page.getByLabel('Başlık')).toHaveValue(title)

	await page.goto('/admin/takvim')
	await page.getByRole('link', { name: `${title} – sil` }).click()
	await page.getByRole('button', { name: 'Evet, sil' }).click()
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
})
