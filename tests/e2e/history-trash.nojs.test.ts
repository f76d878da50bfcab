import { NEXT_YEAR } from './demo-schedule.ts'
import { expect, signInAsAdmin, test } from './fixtures.ts'

const unique = () => Math.random().toString(36).slice(2, 7)

test('deletes to the trash, filters it by kind, restores and purges with plain forms when JavaScript is off', async ({ page }) => {
	test.setTimeout(90_000)
	const title = `E2E Çöp takvim ${unique()}`
	await signInAsAdmin(page, '/giris?redirect=%2Fadmin%2Ftakvim')
	await page.getByRole('link', { name: 'Yeni' }).click()
	await page.getByLabel('Başlık').fill(title)
	await page.getByLabel('Tarih').fill(`${NEXT_YEAR}-05-03`)
	await page.getByRole('button', { name: 'Kaydet' }).click()
	await expect(page).toHaveURL('/admin/takvim')

	await page.getByRole('link', { name: `${title} – sil` }).click()
	await expect(page.getByText('Silinen içerik çöp kutusuna taşınır ve 30 gün içinde geri yüklenebilir.')).toBeVisible()
	await page.getByRole('button', { name: 'Evet, sil' }).click()
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)

	await page.goto('/admin/cop-kutusu')
	await page.getByLabel('Türe göre süz').selectOption({ label: 'Takvim kaydı' })
	await page.getByRole('button', { name: 'Süz' }).click()
	await expect(page).toHaveURL('/admin/cop-kutusu?tur=calendar_entries')
	await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('Takvim kaydı')
	await page.getByRole('button', { name: `${title} – geri yükle` }).click()
	await expect(page.getByRole('status').filter({ hasText: `"${title}" geri yüklendi.` })).toBeVisible()
	await page.getByRole('link', { name: 'Bölümünde aç' }).click()
	await expect(page.getByLabel('Başlık')).toHaveValue(title)

	await page.goto('/admin/takvim')
	await page.getByRole('link', { name: `${title} – sil` }).click()
	await page.getByRole('button', { name: 'Evet, sil' }).click()
	await page.goto('/admin/cop-kutusu')
	await page.getByRole('link', { name: `${title} – kalıcı olarak sil` }).click()
	await expect(page.getByText(`"${title}" kalıcı olarak silinsin mi?`)).toBeVisible()
	await page.getByRole('button', { name: 'Evet, kalıcı olarak sil' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Kalıcı olarak silindi.' })).toBeVisible()
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
})
