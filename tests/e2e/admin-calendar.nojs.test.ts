import { NEXT_YEAR } from './demo-schedule.ts'
import { expect, signInAsAdmin, test } from './fixtures.ts'

test('manages calendar entries with plain forms when JavaScript is off', async ({ page }) => {
	await signInAsAdmin(page, '/giris?redirect=%2Fadmin%3Ftab%3Dcalendar')
	await page.getByRole('link', { name: 'Yeni' }).click()
	await expect(page).toHaveURL('/admin/takvim?new=1')
	await page.getByLabel('Başlık').fill('JS’siz toplantı')
	await page.getByRole('button', { name: 'Kaydet' }).click()
	await expect(page.getByRole('alert')).toHaveText('Lütfen tüm alanları doldurun.')
	await expect(page.getByLabel('Başlık')).toHaveValue('JS’siz toplantı')
	await page.getByLabel('Tarih').fill(`${NEXT_YEAR}-04-02`)
	await page.getByRole('button', { name: 'Kaydet' }).click()
	await expect(page).toHaveURL('/admin/takvim')
	await expect(page.getByRole('row', { name: /JS’siz toplantı/ })).toContainText(`2 Nisan ${NEXT_YEAR}`)

	await page.getByRole('link', { name: 'JS’siz toplantı – sil' }).click()
	await expect(page.getByText('"JS’siz toplantı" kaydı silinsin mi?')).toBeVisible()
	await page.getByRole('button', { name: 'Evet, sil' }).click()
	await expect(page).toHaveURL('/admin/takvim')
	await expect(page.getByRole('row', { name: /JS’siz toplantı/ })).toHaveCount(0)
})
