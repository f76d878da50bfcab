import { expect, test } from './fixtures.ts'

test('shows the 1.05 rule with a worked example and answers the calculator without JavaScript', async ({ page }) => {
	await page.goto('/aidat')
	const calculator = page.locator('[data-dues-calculator]')
	await expect(calculator).toContainText('%5 hizmet bedeli')
	await expect(calculator).toContainText('450 TL × 1,05 = 472,50 TL')
	await page.getByLabel('Derneğe ulaşmasını istediğiniz tutar (TL)').fill('1.000')
	await page.getByRole('button', { name: 'Hesapla' }).click()
	await expect(page).toHaveURL('/aidat?tutar=1.000#aidat-hesaplayici')
	await expect(calculator.locator('output')).toHaveText('Ödemeniz gereken tutar: 1.050 TL')
	await expect(page.getByLabel('Derneğe ulaşmasını istediğiniz tutar (TL)')).toHaveValue('1.000')
})

test('keeps the IBAN as plain text and hides the copy button without JavaScript', async ({ page }) => {
	await page.goto('/aidat')
	await expect(page.getByText('TR00 0000 0000 0000 0000 0000 00')).toBeVisible()
	await expect(page.getByRole('button', { name: 'IBAN’ı kopyala' })).toBeHidden()
})
