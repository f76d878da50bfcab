import { expect, signInAsAdmin, test } from './fixtures.ts'

test('adds a perk in a new category and with every contact when JavaScript is off', async ({ page }) => {
	const id = Math.random().toString(36).slice(2, 7)
	const firm = `JS’siz Kafe ${id}`
	const category = `JS’siz Kategori ${id}`
	await signInAsAdmin(page, '/giris?redirect=%2Fadmin%2Fuye-avantajlari')
	await page.getByRole('link', { name: 'Yeni', exact: true }).click()
	await expect(page).toHaveURL('/admin/uye-avantajlari?new=1')
	await expect(page.getByLabel('Sıra (isteğe bağlı)')).toHaveValue('')
	await page.getByLabel('Firma adı').fill(firm)
	await page.getByRole('combobox', { name: 'Kategori', exact: true }).selectOption({ label: 'Yeni kategori…' })
	await page.getByRole('button', { name: 'Kaydet' }).click()
	await expect(page.getByRole('alert')).toHaveText('Yeni kategorinin adını yazın ya da listeden bir kategori seçin.')
	await expect(page.getByLabel('Firma adı')).toHaveValue(firm)
	await expect(page.getByRole('combobox', { name: 'Kategori', exact: true })).toHaveValue('__yeni__')
	await page.getByLabel('Yeni kategorinin adı').fill(category)
	await page.getByLabel('İletişim telefonu').fill('0212 000 00 09')
	await page.getByLabel('Web sitesi').fill(`ornek-${id}.com`)
	await page.getByLabel('Adres').fill('Bağdat Cad. 5, Kadıköy')
	await page.getByRole('button', { name: 'Kaydet' }).click()
	await expect(page).toHaveURL('/admin/uye-avantajlari')
	await expect(page.getByRole('row', { name: new RegExp(firm) })).toContainText(category)

	await page.goto('/uyelik/uyelere-avantajlar')
	const perk = page.locator('.perk').filter({ hasText: firm })
	await perk.locator('summary').click()
	await expect(perk.getByRole('link', { name: '0212 000 00 09' })).toHaveAttribute('href', 'tel:02120000009')
	await expect(perk.getByRole('link', { name: new RegExp(`^ornek-${id}\\.com`) })).toHaveAttribute('href', `https://ornek-${id}.com`)
	await expect(perk.locator('address')).toHaveText('Bağdat Cad. 5, Kadıköy')

	await page.goto('/admin/uye-avantajlari')
	await page.getByRole('link', { name: `${firm} – sil` }).click()
	await page.getByRole('button', { name: 'Evet, sil' }).click()
	await expect(page).toHaveURL('/admin/uye-avantajlari')
	await expect(page.getByRole('row', { name: new RegExp(firm) })).toHaveCount(0)
})
