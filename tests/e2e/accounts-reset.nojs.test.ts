import { E2E_RESET_NOJS } from './accounts.ts'
import { expect, signIn, test } from './fixtures.ts'
import { linkIn, readMail } from './mail.ts'

// Setting a password hashes it (scrypt) and checks it against the strength dictionaries: slow on a busy machine.
test.describe.configure({ timeout: 120_000 })
const SAVED = { timeout: 30_000 }

const NEW_PASSWORD = 'Firtina-Sonrasi-Ada-Vapuru-73'

test('Şifremi unuttum without JavaScript: plain forms from the request to signing in with the new password', async ({ page }) => {
	const since = Date.now()
	await page.goto('/giris')
	await page.getByRole('link', { name: 'Şifremi unuttum' }).click()
	await page.getByRole('button', { name: 'Bağlantı gönder' }).click()
	await expect(page.getByLabel('E-posta')).toHaveAccessibleDescription('E-posta adresinizi yazın.')
	await page.getByLabel('E-posta').fill(E2E_RESET_NOJS.email)
	await page.getByRole('button', { name: 'Bağlantı gönder' }).click()
	await expect(page.getByRole('status')).toContainText('Bu e-posta adresine kayıtlı bir hesap varsa')

	const link = linkIn(await readMail(page, E2E_RESET_NOJS.email, { after: since }), '/sifre-yenile')
	await page.goto(link)
	await page.getByLabel('Yeni şifre', { exact: true }).fill('kisa')
	await page.getByLabel('Yeni şifre (tekrar)').fill('kisa')
	await page.getByRole('button', { name: 'Şifremi kaydet' }).click()
	await expect(page.getByLabel('Yeni şifre', { exact: true })).toHaveAccessibleDescription(/en az 12 karakter/, SAVED)
	// Passwords are never sent back.
	await expect(page.getByLabel('Yeni şifre', { exact: true })).toHaveValue('')

	await page.getByLabel('Yeni şifre', { exact: true }).fill(NEW_PASSWORD)
	await page.getByLabel('Yeni şifre (tekrar)').fill(NEW_PASSWORD)
	await page.getByRole('button', { name: 'Şifremi kaydet' }).click()
	await expect(page.getByRole('status')).toContainText('Şifreniz yenilendi', SAVED)
	await signIn(page, { email: E2E_RESET_NOJS.email, password: NEW_PASSWORD })
	await page.waitForURL((url) => url.pathname.startsWith('/admin'), SAVED)
})
