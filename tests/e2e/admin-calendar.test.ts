import { NEXT_YEAR } from './demo-schedule.ts'
import { clickAndAwaitAdmin, expect, seriousA11yViolations, signInAsAdmin, test } from './fixtures.ts'

test('adds, edits and deletes a calendar entry from the admin, and the public calendar follows', async ({ page }) => {
	await signInAsAdmin(page, '/giris?redirect=%2Fadmin%3Ftab%3Dcalendar')
	await expect(page.getByRole('heading', { level: 1, name: 'Takvim' })).toBeVisible()

	await page.getByRole('link', { name: 'Yeni' }).click()
	const dialog = page.getByRole('dialog', { name: 'Yeni takvim kaydı' })
	await expect(dialog).toBeVisible()
	await expect(dialog.getByLabel('Başlık')).toBeFocused()
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog.getByRole('alert')).toHaveText('Lütfen tüm alanları doldurun.')

	await dialog.getByLabel('Başlık').fill('E2E Şölen Toplantısı')
	await dialog.getByLabel('Tarih').fill(`${NEXT_YEAR}-03-14`)
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog).toBeHidden()
	const row = page.getByRole('row', { name: /E2E Şölen Toplantısı/ })
	await expect(row).toContainText(`14 Mart ${NEXT_YEAR}`)

	const publicPage = await page.context().newPage()
	await publicPage.goto(`/duyurular/takvim?ay=${NEXT_YEAR}-03`)
	await expect(publicPage.getByText('E2E Şölen Toplantısı')).toBeVisible()

	await row.getByRole('link', { name: /düzenle/ }).click()
	const editDialog = page.getByRole('dialog', { name: 'Takvim kaydını düzenle' })
	await editDialog.getByLabel('Başlık').fill('E2E Şölen Toplantısı (ertelendi)')
	await editDialog.getByLabel('Başlık').press('Enter')
	await expect(page.getByRole('row', { name: /ertelendi/ })).toBeVisible()
	await expect(page.getByRole('link', { name: 'E2E Şölen Toplantısı (ertelendi) – düzenle' })).toBeFocused()

	page.once('dialog', async (confirm) => {
		expect(confirm.message()).toContain('E2E Şölen Toplantısı (ertelendi)')
		await confirm.accept()
	})
	await clickAndAwaitAdmin(page, page.getByRole('link', { name: 'E2E Şölen Toplantısı (ertelendi) – sil' }))
	await expect(page.getByRole('row', { name: /ertelendi/ })).toHaveCount(0)
	await publicPage.reload()
	await expect(publicPage.getByText('E2E Şölen Toplantısı')).toHaveCount(0)
})

test('closes the dialog with Escape and returns focus to the button that opened it', async ({ page }) => {
	await signInAsAdmin(page, '/giris?redirect=%2Fadmin%3Ftab%3Dcalendar')
	const newButton = page.getByRole('link', { name: 'Yeni' })
	await newButton.click()
	await expect(page.getByRole('dialog')).toBeVisible()
	expect(await seriousA11yViolations(page)).toEqual([])
	await page.keyboard.press('Escape')
	await expect(page.getByRole('dialog')).toBeHidden()
	await expect(page).toHaveURL('/admin/takvim')
	await expect(newButton).toBeFocused()
})
