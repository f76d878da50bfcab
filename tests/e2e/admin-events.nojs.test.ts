import { NEXT_YEAR } from './demo-schedule.ts'
import { expect, signInAsAdmin, test } from './fixtures.ts'

test('manages events with plain forms when JavaScript is off', async ({ page }) => {
	const tag = Math.random().toString(36).slice(2, 7)
	const title = `JS’siz Konser ${tag}`
	await signInAsAdmin(page, '/giris?redirect=%2Fadmin%3Ftab%3Devents')
	await page.getByRole('link', { name: 'Yeni', exact: true }).click()
	await expect(page).toHaveURL('/admin/etkinlikler?new=1')
	await page.getByLabel('Yer', { exact: true }).fill('Konferans Salonu')
	await page.getByRole('button', { name: 'Kaydet' }).click()
	await expect(page.getByRole('alert')).toHaveText('Başlık gerekli')
	await expect(page.getByLabel('Yer', { exact: true })).toHaveValue('Konferans Salonu')

	await page.getByRole('textbox', { name: 'Başlık', exact: true }).fill(title)
	await page.getByLabel('Başlangıç', { exact: true }).fill(`${NEXT_YEAR}-06-05T20:00`)
	await page.getByRole('button', { name: 'Kaydet' }).click()
	await expect(page).toHaveURL('/admin/etkinlikler')
	const row = page.getByRole('row', { name: new RegExp(title) })
	await expect(row).toContainText(`/js-siz-konser-${tag}`)
	await expect(row).toContainText('Hayır')

	await row.getByRole('link', { name: /düzenle/ }).click()
	await page.getByLabel('Adres (slug)', { exact: true }).fill('yilbasi-dayanisma-kermesi')
	await page.getByRole('button', { name: 'Kaydet' }).click()
	await expect(page.getByRole('alert')).toHaveText('Bu adres başka bir etkinlikte kullanılıyor; başka bir adres yazın.')
	await expect(page.getByLabel('Adres (slug)', { exact: true })).toHaveValue('yilbasi-dayanisma-kermesi')
	await page.getByLabel('Adres (slug)', { exact: true }).fill(`js-siz-konser-${tag}-yeni`)
	await page.getByRole('button', { name: 'Kaydet' }).click()
	await expect(page).toHaveURL('/admin/etkinlikler')
	await expect(row).toContainText(`/js-siz-konser-${tag}-yeni`)

	await page.getByRole('link', { name: `${title} – sil` }).click()
	await expect(page.getByText('Bu etkinliği silmek istiyor musunuz?')).toBeVisible()
	await page.getByRole('button', { name: 'Evet, sil' }).click()
	await expect(page).toHaveURL('/admin/etkinlikler')
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
})
