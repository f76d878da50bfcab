import { pdfUpload as makePdf } from '#tests/fixtures/files.ts'
import { expect, signInAsAdmin, test } from './fixtures.ts'

test('uploads, replaces and deletes a bulletin with plain forms when JavaScript is off', async ({ page }) => {
	const year = 2036 + Math.floor(Math.random() * 4)
	await signInAsAdmin(page, '/giris?redirect=%2Fadmin%3Ftab%3Dbulletins')
	await page.getByRole('link', { name: 'Yeni', exact: true }).click()
	await expect(page).toHaveURL('/admin/bultenler?new=1')
	await page.getByLabel('Ay', { exact: true }).selectOption({ label: 'Mayıs' })
	await page.getByLabel('Yıl', { exact: true }).fill(String(year))
	await page.getByRole('button', { name: 'Kaydet' }).click()
	await expect(page.getByRole('alert')).toHaveText('PDF seçmelisiniz.')
	await expect(page.getByLabel('Yıl', { exact: true })).toHaveValue(String(year))
	await expect(page.getByLabel('Ay', { exact: true })).toHaveValue('5')

	await page.getByLabel('PDF dosyası').setInputFiles(await makePdf(`Mayis ${year}`))
	await page.getByRole('button', { name: 'Kaydet' }).click()
	await expect(page).toHaveURL('/admin/bultenler')
	const rows = page.getByRole('row').filter({ hasText: String(year) })
	await expect(rows).toHaveCount(1)
	await expect(rows.getByRole('cell').first()).toHaveText('Mayıs')
	const view = rows.getByRole('link', { name: /PDF’ini görüntüle/ })
	const firstHref = await view.getAttribute('href')

	await page.getByRole('link', { name: 'Yeni', exact: true }).click()
	await page.getByLabel('PDF dosyası').setInputFiles(await makePdf(`Mayis ${year} yeni`))
	await page.getByLabel('Ay', { exact: true }).selectOption({ label: 'Mayıs' })
	await page.getByLabel('Yıl', { exact: true }).fill(String(year))
	await page.getByRole('button', { name: 'Kaydet' }).click()
	await expect(page).toHaveURL('/admin/bultenler')
	await expect(rows).toHaveCount(1)
	await expect(view).not.toHaveAttribute('href', firstHref!)

	await page.getByRole('link', { name: `Mayıs ${year} – sil` }).click()
	await expect(page.getByText('Bu bülteni silmek istiyor musunuz?')).toBeVisible()
	await page.getByRole('button', { name: 'Evet, sil' }).click()
	await expect(page).toHaveURL('/admin/bultenler')
	await expect(rows).toHaveCount(0)
})
