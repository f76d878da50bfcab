import { E2E_ADMIN } from './accounts.ts'
import { expect, signIn, test } from './fixtures.ts'

test('signs in, changes tab and signs out without JavaScript', async ({ page }) => {
	await page.goto('/admin?tab=events')
	await expect(page).toHaveURL('/giris?redirect=%2Fadmin%3Ftab%3Devents')
	await page.getByLabel('E-posta').fill(E2E_ADMIN.email)
	await page.getByLabel('Şifre').fill('Yanlis-Sifre-123')
	await page.getByRole('button', { name: 'Giriş Yap' }).click()
	await expect(page.getByRole('alert')).toContainText('Giriş başarısız')
	await page.getByLabel('E-posta').fill(E2E_ADMIN.email)
	await page.getByLabel('Şifre').fill(E2E_ADMIN.password)
	await page.getByRole('button', { name: 'Giriş Yap' }).click()
	await expect(page).toHaveURL('/admin/etkinlikler')
	await expect(page.getByRole('heading', { level: 1, name: 'Etkinlikler' })).toBeVisible()
	await page.getByRole('navigation', { name: 'Yönetim bölümleri' }).getByRole('link', { name: 'Takvim' }).click()
	await expect(page).toHaveURL('/admin/takvim')
	await page.getByRole('button', { name: 'Çıkış Yap' }).click()
	await expect(page).toHaveURL('/giris')
	await signIn(page, { email: E2E_ADMIN.email, password: 'Yanlis-Sifre-456' })
	await expect(page.getByRole('alert')).toBeVisible()
})
