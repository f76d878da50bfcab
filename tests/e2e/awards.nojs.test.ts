import { expect, test } from './fixtures.ts'

const PATH = '/mezunlarimiz/basari-onur-odulleri'

test('filters the awards without JavaScript through a GET form with yil and q', async ({ page }) => {
	await page.goto(PATH)
	const rows = page.locator('tbody tr[data-award-row]:visible')
	expect(await rows.count()).toBeGreaterThanOrEqual(100)

	await page.getByLabel('NDS mezuniyet yılı').selectOption('1985')
	await page.getByPlaceholder('Ad, soyad, meslek…').fill('')
	await page.getByRole('button', { name: 'Listele' }).click()
	await expect(page).toHaveURL(`${PATH}?yil=1985&q=`)
	await expect(rows).toHaveCount(2)
	await expect(page.getByText('2 kayıt listeleniyor.')).toBeVisible()

	await page.getByLabel('NDS mezuniyet yılı').selectOption('')
	await page.getByPlaceholder('Ad, soyad, meslek…').fill('IŞIK')
	await page.getByRole('button', { name: 'Listele' }).click()
	await expect(page).toHaveURL(`${PATH}?yil=&q=I%C5%9EIK`)
	expect(await rows.count()).toBeGreaterThan(0)
	for (const row of await rows.allTextContents()) expect(row).toMatch(/Işık/)

	await page.getByPlaceholder('Ad, soyad, meslek…').fill('böyle bir mezun yok')
	await page.getByRole('button', { name: 'Listele' }).click()
	await expect(rows).toHaveCount(0)
	await expect(page.getByRole('cell', { name: 'Kayıt bulunamadı.' })).toBeVisible()

	await page.getByRole('link', { name: 'Filtreyi temizle' }).click()
	await expect(page).toHaveURL(PATH)
	expect(await rows.count()).toBeGreaterThanOrEqual(100)
})
