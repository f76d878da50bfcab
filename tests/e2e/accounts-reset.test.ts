import { E2E_ACCOUNT_PAGE, E2E_RESET } from './accounts.ts'
import { expect, seriousA11yViolations, signIn, test } from './fixtures.ts'
import { linkIn, readMail } from './mail.ts'

// Setting a password hashes it (scrypt) and checks it against the strength dictionaries: slow on a busy machine.
test.describe.configure({ timeout: 120_000 })
const SAVED = { timeout: 30_000 }

const NEW_PASSWORD = 'Lodos-Vapuru-Kadikoy-Iskelesi-88'

test('Şifremi unuttum: ask on /giris, open the link from the mail that arrived, set a new password and sign in with it', async ({
	page,
}) => {
	const since = Date.now()
	await page.goto('/giris')
	await page.getByRole('link', { name: 'Şifremi unuttum' }).click()
	await expect(page).toHaveURL(/\/sifremi-unuttum$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Şifremi Unuttum' })).toBeVisible()
	expect(await seriousA11yViolations(page)).toEqual([])
	await page.getByLabel('E-posta').fill(E2E_RESET.email)
	await page.getByRole('button', { name: 'Bağlantı gönder' }).click()
	await expect(page.getByRole('status')).toContainText('Bu e-posta adresine kayıtlı bir hesap varsa')
	await expect(page.getByRole('status')).toContainText('30 dakika geçerlidir')

	const mail = await readMail(page, E2E_RESET.email, { subject: 'Şifre yenileme', after: since })
	expect(mail.text).toContain('Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz.')
	const link = linkIn(mail, '/sifre-yenile')
	await page.goto(link)
	await expect(page.getByRole('heading', { level: 1, name: 'Yeni Şifre Belirle' })).toBeVisible()
	await expect(page.getByText(`${E2E_RESET.email} hesabı için yeni bir şifre belirleyin.`)).toBeVisible()
	expect(await seriousA11yViolations(page)).toEqual([])

	// Two different passwords: an error at the field, nothing saved.
	await page.getByLabel('Yeni şifre', { exact: true }).fill(NEW_PASSWORD)
	await page.getByLabel('Yeni şifre (tekrar)').fill(`${NEW_PASSWORD}x`)
	await page.getByRole('button', { name: 'Şifremi kaydet' }).click()
	await expect(page.getByLabel('Yeni şifre (tekrar)')).toHaveAccessibleDescription(/aynısı değil/, SAVED)

	await page.getByLabel('Yeni şifre', { exact: true }).fill(NEW_PASSWORD)
	await page.getByLabel('Yeni şifre (tekrar)').fill(NEW_PASSWORD)
	await page.getByRole('button', { name: 'Şifremi kaydet' }).click()
	await page.waitForURL((url) => url.pathname === '/giris' && url.searchParams.get('sifre') === 'yenilendi', SAVED)
	await expect(page.getByRole('status')).toContainText('Şifreniz yenilendi', SAVED)

	// The old password no longer works; the new one does.
	await signIn(page, E2E_RESET)
	await expect(page.getByRole('alert')).toContainText('e-posta adresi veya şifre hatalı', SAVED)
	await signIn(page, { email: E2E_RESET.email, password: NEW_PASSWORD })
	await page.waitForURL((url) => url.pathname.startsWith('/admin'), SAVED)

	// The link was single-use: opening it again says so and offers a new one.
	await page.goto(link)
	await expect(page.getByRole('alert')).toContainText('daha önce kullanılmış')
	await page.getByRole('link', { name: 'Yeni bağlantı iste' }).click()
	await expect(page).toHaveURL(/\/sifremi-unuttum$/)
})

test('a link that is not (or no longer) valid says so in Turkish and changes nothing', async ({ page }) => {
	await page.goto('/sifre-yenile?token=bu-baglanti-hic-verilmedi')
	await expect(page.getByRole('alert')).toContainText('Bu şifre yenileme bağlantısı geçersiz')
	await expect(page.getByLabel('Yeni şifre', { exact: true })).toHaveCount(0)
	await expect(page.getByRole('link', { name: 'Yeni bağlantı iste' })).toHaveAttribute('href', '/sifremi-unuttum')
})

test('Hesabım: the current password is required, then the new one works', async ({ page }) => {
	await signIn(page, E2E_ACCOUNT_PAGE, `/giris?redirect=${encodeURIComponent('/admin/hesabim')}`)
	await page.waitForURL((url) => url.pathname === '/admin/hesabim', SAVED)
	await expect(page.getByRole('heading', { level: 1, name: 'Hesabım' })).toBeVisible()
	const facts = page.locator('.account-facts')
	await expect(facts).toContainText(E2E_ACCOUNT_PAGE.email)
	await expect(facts).toContainText('Editör')
	expect(await seriousA11yViolations(page)).toEqual([])

	const changed = 'Poyraz-Feneri-Rumeli-Kavagi-61'
	await page.getByLabel('Mevcut şifre').fill('Yanlis-Sifre-Denemesi-55')
	await page.getByLabel('Yeni şifre', { exact: true }).fill(changed)
	await page.getByLabel('Yeni şifre (tekrar)').fill(changed)
	await page.getByRole('button', { name: 'Şifreyi değiştir' }).click()
	await expect(page.getByLabel('Mevcut şifre')).toHaveAccessibleDescription(/Mevcut şifre hatalı/, SAVED)

	await page.getByLabel('Mevcut şifre').fill(E2E_ACCOUNT_PAGE.password)
	await page.getByLabel('Yeni şifre', { exact: true }).fill(changed)
	await page.getByLabel('Yeni şifre (tekrar)').fill(changed)
	await page.getByRole('button', { name: 'Şifreyi değiştir' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Şifreniz değiştirildi' })).toBeVisible(SAVED)
	// This browser stays signed in.
	await page.reload()
	await expect(page.getByRole('heading', { level: 1, name: 'Hesabım' })).toBeVisible()

	await page.context().clearCookies()
	await signIn(page, { email: E2E_ACCOUNT_PAGE.email, password: changed })
	await page.waitForURL((url) => url.pathname.startsWith('/admin'), SAVED)
})
