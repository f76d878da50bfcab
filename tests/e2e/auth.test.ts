import { E2E_ADMIN, E2E_MEMBER } from './accounts.ts'
import { expect, seriousA11yViolations, signIn, test } from './fixtures.ts'

test('signs in to /admin, shows the welcome line and signs out to the login page', async ({ page }) => {
	await signIn(page, E2E_ADMIN)
	await expect(page).toHaveURL('/admin/duyurular')
	await expect(page.getByText(`Hoş geldin, ${E2E_ADMIN.fullName}`)).toBeVisible()
	await expect(page.locator('.admin-avatar')).toHaveText('T')
	await expect(page.getByRole('link', { name: 'Siteye dön' })).toHaveAttribute('href', '/')

	await page.getByRole('button', { name: 'Çıkış Yap' }).click()
	await expect(page).toHaveURL('/giris')
	await expect(page.getByRole('heading', { name: 'Yönetici Girişi' })).toBeVisible()
	await page.goto('/admin')
	await expect(page).toHaveURL('/giris?redirect=%2Fadmin')
})

test('returns to the page that asked for login, and ignores redirects off the site', async ({ page }) => {
	await page.goto('/admin?tab=calendar')
	await expect(page).toHaveURL('/giris?redirect=%2Fadmin%3Ftab%3Dcalendar')
	await page.getByLabel('E-posta').fill(E2E_ADMIN.email)
	await page.getByLabel('Şifre').fill(E2E_ADMIN.password)
	await page.getByRole('button', { name: 'Giriş Yap' }).click()
	await expect(page).toHaveURL('/admin/takvim')
	await expect(page.getByRole('heading', { level: 1, name: 'Takvim' })).toBeVisible()

	await page.context().clearCookies()
	await signIn(page, E2E_ADMIN, '/giris?redirect=https%3A%2F%2Fevil.example%2F')
	await expect(page).toHaveURL('/admin/duyurular')
	await page.context().clearCookies()
	await signIn(page, E2E_ADMIN, '/giris?redirect=%2F%2Fevil.example')
	await expect(page).toHaveURL('/admin/duyurular')
})

test('shows the failure above the form and “Giriliyor…” while the request runs', async ({ page }) => {
	await page.goto('/giris')
	await page.getByLabel('E-posta').fill(E2E_ADMIN.email)
	await page.getByLabel('Şifre').fill('Yanlis-Sifre-123')
	let release: () => void = () => {}
	const held = new Promise<void>((resolve) => (release = resolve))
	await page.route('**/giris.data**', async (route) => {
		await held
		await route.continue()
	})
	await page.getByRole('button', { name: 'Giriş Yap' }).click()
	await expect(page.getByRole('button', { name: 'Giriliyor…' })).toBeDisabled()
	release()
	const alert = page.getByRole('alert')
	await expect(alert).toContainText('Giriş başarısız')
	const box = await alert.boundingBox()
	const form = await page.getByLabel('E-posta').boundingBox()
	expect(box!.y).toBeLessThan(form!.y)
	await expect(page.getByRole('button', { name: 'Giriş Yap' })).toBeEnabled()
})

test('keeps non-admins out of the admin area', async ({ page }) => {
	await signIn(page, E2E_MEMBER)
	await expect(page).toHaveURL('/')
	await page.goto('/admin')
	await expect(page).toHaveURL('/')
})

test('shares the session between pages and ends it everywhere on sign-out', async ({ page, context }) => {
	await signIn(page, E2E_ADMIN)
	await expect(page).toHaveURL('/admin/duyurular')
	const other = await context.newPage()
	await other.goto('/admin?tab=events')
	await expect(other.getByRole('heading', { level: 1, name: 'Etkinlikler' })).toBeVisible()
	await page.getByRole('button', { name: 'Çıkış Yap' }).click()
	await expect(page).toHaveURL('/giris')
	await other.getByRole('link', { name: 'Takvim' }).click()
	await expect(other).toHaveURL('/giris?redirect=%2Fadmin%2Ftakvim')
})

test('switches sections by click and by address, takes old ?tab= links, and says when a section is unknown', async ({ page }) => {
	await signIn(page, E2E_ADMIN)
	const nav = page.getByRole('navigation', { name: 'Yönetim bölümleri' })
	await expect(nav.getByRole('link', { name: 'Duyurular' })).toHaveAttribute('aria-current', 'page')
	for (const [label, id] of [
		['Etkinlikler', 'etkinlikler'],
		['Takvim', 'takvim'],
		['Bültenler', 'bultenler'],
		['Mezunlardan Haberler', 'mezun-haberleri'],
		['Üye Avantajları', 'uye-avantajlari'],
	] as const) {
		await nav.getByRole('link', { name: label }).click()
		await expect(page).toHaveURL(`/admin/${id}`)
		await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page')
		await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible()
	}
	await page.goBack()
	await expect(page.getByRole('heading', { level: 1, name: 'Mezunlardan Haberler' })).toBeVisible()
	await page.goto('/admin?tab=alumniNews&edit=999999')
	await expect(page).toHaveURL('/admin/mezun-haberleri?edit=999999')
	const missing = await page.goto('/admin/bilinmeyen-bolum')
	expect(missing?.status()).toBe(404)
	await expect(page.getByRole('heading', { level: 1, name: 'Bölüm bulunamadı' })).toBeVisible()
})

test('works on a 375 px phone with the sidebar behind a menu button', async ({ page }) => {
	await page.setViewportSize({ width: 375, height: 740 })
	await signIn(page, E2E_ADMIN)
	const nav = page.getByRole('navigation', { name: 'Yönetim bölümleri' })
	await expect(nav).toBeHidden()
	await page.getByRole('button', { name: 'Menüyü aç' }).click()
	await expect(nav).toBeVisible()
	await nav.getByRole('link', { name: 'Bültenler' }).click()
	await expect(page).toHaveURL('/admin/bultenler')
	await expect(nav).toBeHidden()
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
})

test('login and admin pages have no serious or critical accessibility violations', async ({ page }) => {
	await page.goto('/giris')
	expect(await seriousA11yViolations(page)).toEqual([])
	await signIn(page, E2E_ADMIN)
	await expect(page).toHaveURL('/admin/duyurular')
	expect(await seriousA11yViolations(page)).toEqual([])
})
