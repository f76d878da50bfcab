import { expect, test } from './fixtures.ts'

const PATH = '/mezunlarimiz/basari-onur-odulleri'

test('filters the awards instantly by year and by Turkish-aware search, keeping yil and q in the address', async ({
	page,
	consoleErrors,
}) => {
	await page.goto(PATH)
	// The filter script loads after the page (a choice made before it arrives is applied when it does).
	await expect(page.locator('[data-awards-filter][data-enhanced="true"]')).toBeAttached({ timeout: 15_000 })
	const rows = page.locator('tbody tr[data-award-row]:visible')
	const total = await rows.count()
	expect(total).toBeGreaterThanOrEqual(100)
	await expect(page.getByRole('status').filter({ hasText: 'kayıt listeleniyor' })).toHaveText(`${total} kayıt listeleniyor.`)

	const year = page.getByLabel('NDS mezuniyet yılı')
	const options = await year.locator('option').allTextContents()
	expect(options[0]).toBe('Tümü')
	const years = options.slice(1).map(Number)
	expect(years).toEqual([...years].toSorted((a, b) => a - b))
	expect(years[0]).toBe(1938)

	await year.selectOption('1985')
	await expect(rows).toHaveCount(2)
	for (const cell of await rows.locator('td:nth-child(4)').allTextContents()) expect(cell).toBe('1985')
	await expect(page).toHaveURL(`${PATH}?yil=1985`)
	await year.selectOption('')

	const search = page.getByPlaceholder('Ad, soyad, meslek…')
	await search.fill('IŞIL')
	await expect(rows.first()).toBeVisible()
	const upper = await rows.locator('td:first-child').allTextContents()
	expect(upper.length).toBeGreaterThan(0)
	for (const name of upper) expect(name).toBe('Işıl')
	await expect(page).toHaveURL(`${PATH}?q=I%C5%9EIL`)
	await search.fill('ışıl')
	await expect(rows).toHaveCount(upper.length)

	await search.fill('İPEK')
	const ipek = await rows.locator('td:first-child').allTextContents()
	expect(ipek.length).toBeGreaterThan(0)
	for (const name of ipek) expect(name).toBe('İpek')
	await search.fill('ipek')
	await expect(rows).toHaveCount(ipek.length)

	await search.fill('tiyatro')
	for (const cell of await rows.locator('td:last-child').allTextContents()) expect(cell).toBe('Tiyatro oyuncusu')

	await search.fill('böyle bir mezun yok')
	await expect(rows).toHaveCount(0)
	await expect(page.getByRole('cell', { name: 'Kayıt bulunamadı.' })).toBeVisible()
	await expect(page.getByRole('status').filter({ hasText: 'kayıt listeleniyor' })).toHaveText('0 kayıt listeleniyor.')

	await page.getByRole('link', { name: 'Filtreyi temizle' }).click()
	await expect(rows).toHaveCount(total)
	await expect(page.getByRole('cell', { name: 'Kayıt bulunamadı.' })).toBeHidden()
	await expect(page).toHaveURL(PATH)
	expect(consoleErrors).toEqual([])
})

test('opens the awards with the filter from the address', async ({ page }) => {
	await page.goto(`${PATH}?yil=1985&q=GAZETEC%C4%B0`)
	await expect(page.getByLabel('NDS mezuniyet yılı')).toHaveValue('1985')
	await expect(page.getByPlaceholder('Ad, soyad, meslek…')).toHaveValue('GAZETECİ')
	const rows = page.locator('tbody tr[data-award-row]:visible')
	await expect(rows).toHaveCount(1)
	await expect(rows.first()).toContainText('1985')
	await expect(rows.first()).toContainText('Gazeteci')
	await expect(page.getByText('1 kayıt listeleniyor.')).toBeVisible()
})
