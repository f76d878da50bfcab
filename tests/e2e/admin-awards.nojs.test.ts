import { AWARDS_CSV_HEADER as HEADER } from '#tests/fixtures/awards-csv.ts'
import { expect, openSection, test } from './fixtures.ts'

const unique = () =>
	Array.from({ length: 6 }, () => 'abcdefghjkmnprstuvyz'[Math.floor(Math.random() * 20)])
		.join('')
		.replace(/^./, (c) => c.toUpperCase())

test('previews and imports a CSV, and downloads the list, with plain forms when JavaScript is off', async ({ page }) => {
	const surname = unique()
	await openSection(page, 'oduller')
	await page.locator('summary', { hasText: 'CSV dosyasından toplu ekle' }).click()
	await page.getByLabel('CSV dosyası', { exact: true }).setInputFiles({
		name: 'liste.csv',
		mimeType: 'text/csv',
		buffer: Buffer.from(`${HEADER}\n2022;Gönül;${surname};;1962;;Ressam\n2022;Nur;${surname};;62;;\n`, 'utf8'),
	})
	await page.getByRole('button', { name: 'Önizle' }).click()
	await expect(page.getByText('2 satır okundu: 1 eklenecek, 1 hatalı, 0 zaten var.')).toBeVisible()
	await expect(page.getByRole('row').filter({ hasText: `Nur ${surname}` })).toContainText(
		'NDS yılı: NDS yılı dört haneli bir yıl olmalı (örneğin 1985).',
	)

	await page.getByRole('button', { name: 'İçe aktar' }).click()
	await expect(page.getByRole('alert')).toContainText('1 satırda hata var; hiçbir kayıt eklenmedi.')
	await expect(page.getByText('2 satır okundu: 1 eklenecek, 1 hatalı, 0 zaten var.')).toBeVisible()

	await page.getByLabel('Hatalı satırları atla').check()
	await page.getByRole('button', { name: 'İçe aktar' }).click()
	await expect(page).toHaveURL('/admin/oduller?eklendi=1')
	await expect(page.getByText('1 ödül eklendi.')).toBeVisible()
	const row = page.getByRole('row').filter({ hasText: `Gönül ${surname}` })
	await expect(row.getByRole('cell')).toHaveText(['2022', `Gönül ${surname}`, '1962', '—', 'Ressam', 'Düzenle Sil'])

	const exported = await page.request.get('/admin/oduller/disa-aktar')
	expect(exported.headers()['content-type']).toBe('text/csv; charset=utf-8')
	expect(exported.headers()['content-disposition']).toMatch(/^attachment; filename="basari-onur-odulleri-[\d-]+\.csv"$/)
	expect((await exported.body()).toString('utf8')).toContain(`\r\n2022;Gönül;${surname};;1962;;Ressam\r\n`)

	await page.getByRole('link', { name: `Gönül ${surname} – sil` }).click()
	await expect(page.getByText(`"Gönül ${surname}" silinsin mi?`)).toBeVisible()
	await page.getByRole('button', { name: 'Evet, sil' }).click()
	await expect(page).toHaveURL('/admin/oduller')
	await expect(row).toHaveCount(0)
})
