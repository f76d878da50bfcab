import { expect, test } from './fixtures.ts'

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

test('the dues calculator answers as the visitor types', async ({ page, consoleErrors }) => {
	await page.goto('/aidat')
	const calculator = page.locator('[data-dues-calculator]')
	await expect(calculator).toContainText('450 TL × 1,05 = 472,50 TL')
	const amount = page.getByLabel('Derneğe ulaşmasını istediğiniz tutar (TL)')
	const result = calculator.locator('output')
	// Answering as one types needs the script (typing before it arrives is enhance-early-input's case).
	await expect(calculator).toHaveAttribute('data-enhanced', 'true', { timeout: 15_000 })
	await amount.fill('450')
	await expect(result).toHaveText('Ödemeniz gereken tutar: 472,50 TL')
	await amount.fill('1.000')
	await expect(result).toHaveText('Ödemeniz gereken tutar: 1.050 TL')
	await amount.fill('20,5')
	await expect(result).toHaveText('Ödemeniz gereken tutar: 21,53 TL')
	await amount.fill('yirmi')
	await expect(result).toHaveText('Lütfen geçerli bir tutar girin (örneğin 450 ya da 472,50).')
	await amount.fill('470')
	await amount.press('Enter')
	await expect(result).toHaveText('Ödemeniz gereken tutar: 493,50 TL')
	await expect(page).toHaveURL('/aidat')
	expect(consoleErrors).toEqual([])
})

test('copies the IBAN to the clipboard', async ({ page }) => {
	await page.goto('/aidat')
	const bank = page.getByRole('region', { name: 'Banka Hesabımız' })
	await expect(bank).toContainText('Örnek Bankası')
	await expect(bank).toContainText('Harbiye Şubesi (örnek)')
	await expect(bank).toContainText('Notre Dame de Sion Mezunları Derneği')
	await expect(bank).toContainText('TR00 0000 0000 0000 0000 0000 00')
	await bank.getByRole('button', { name: 'IBAN’ı kopyala' }).click()
	await expect(bank.getByRole('status')).toHaveText('IBAN panoya kopyalandı.')
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('TR000000000000000000000000')
})

test('links to the payment page and the member platform in new tabs', async ({ page }) => {
	await page.goto('/aidat')
	const pay = page.getByRole('link', { name: /^Kartla aidat öde/ })
	await expect(pay).toHaveAttribute('href', 'https://odeme.ornek-dernek.org.tr/')
	await expect(pay).toHaveAttribute('target', '_blank')
	const balance = page.getByRole('link', { name: /^Aidat borcumu sorgula/ })
	await expect(balance).toHaveAttribute('href', 'https://uye.ornek-dernek.org.tr/')
	await expect(balance).toHaveAttribute('target', '_blank')
})
