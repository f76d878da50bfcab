import { E2E_USERS_ADMIN, E2E_USERS_TARGET } from './accounts.ts'
import { expect, seriousA11yViolations, signIn, test } from './fixtures.ts'
import { linkIn, readMail } from './mail.ts'

// Setting a password hashes it and checks it against the strength dictionaries: slow on a busy machine.
test.describe.configure({ timeout: 150_000 })
const SAVED = { timeout: 30_000 }

test('Kullanıcılar: a yönetici invites an editör, who opens the e-mailed link, chooses a password and sees only the content sections', async ({
	page,
	browser,
}) => {
	const since = Date.now()
	const invitee = {
		email: `e2e-davetli-${since}@example.org`,
		fullName: 'Test Davetli Editör',
		password: 'Kestane-Sekeri-Bursa-Ulus-1923',
	}
	await signIn(page, E2E_USERS_ADMIN, '/giris?redirect=%2Fadmin%2Fkullanicilar')
	await page.waitForURL((url) => url.pathname === '/admin/kullanicilar', SAVED)
	await expect(page.getByRole('heading', { level: 1, name: 'Kullanıcılar' })).toBeVisible()
	const accounts = page.getByRole('table', { name: 'Yönetim paneli hesapları' })
	await expect(accounts.getByRole('row').filter({ hasText: E2E_USERS_ADMIN.email })).toContainText('(siz)')
	await expect(accounts.getByRole('row').filter({ hasText: E2E_USERS_ADMIN.email })).toContainText('Yönetici')
	expect(await seriousA11yViolations(page)).toEqual([])

	await page.getByLabel('Ad Soyad').fill(invitee.fullName)
	await page.getByLabel('E-posta').fill(invitee.email)
	await page.getByLabel('Rol', { exact: true }).selectOption({ label: 'Editör' })
	await page.getByRole('button', { name: 'Davet gönder' }).click()
	await expect(page.getByText(`${invitee.email} adresine davet e-postası gönderildi. Bağlantı 48 saat geçerli.`)).toBeVisible(SAVED)
	const pending = page.getByRole('table', { name: 'Bekleyen davetler' }).getByRole('row').filter({ hasText: invitee.email })
	await expect(pending).toContainText('Davet bekliyor')
	await expect(pending).toContainText('Editör')

	const mail = await readMail(page, invitee.email, { subject: 'yönetim paneline davet', after: since })
	expect(mail.text).toContain(`Merhaba ${invitee.fullName},`)
	expect(mail.text).toContain('48 saat geçerlidir')
	const link = linkIn(mail, '/davet')

	// The invited person, in a browser of their own.
	const context = await browser.newContext()
	try {
		const guest = await context.newPage()
		await guest.goto(link)
		await expect(guest.getByRole('heading', { level: 1, name: 'Davet' })).toBeVisible()
		await expect(guest.getByText(`Hoş geldiniz, ${invitee.fullName}. Yönetim paneline Editör olarak davet edildiniz`)).toBeVisible()
		expect(await seriousA11yViolations(guest)).toEqual([])

		// Two different passwords: the error at the second field, no account yet.
		await guest.getByLabel('Şifre', { exact: true }).fill(invitee.password)
		await guest.getByLabel('Şifre (tekrar)').fill(`${invitee.password}x`)
		await guest.getByRole('button', { name: 'Hesabımı oluştur' }).click()
		await expect(guest.getByLabel('Şifre (tekrar)')).toHaveAccessibleDescription('Şifreler birbirini tutmuyor.', SAVED)

		await guest.getByLabel('Şifre', { exact: true }).fill(invitee.password)
		await guest.getByLabel('Şifre (tekrar)').fill(invitee.password)
		await guest.getByRole('button', { name: 'Hesabımı oluştur' }).click()
		await guest.waitForURL((url) => url.pathname === '/giris' && url.searchParams.get('bildirim') === 'davet', SAVED)

		await signIn(guest, invitee)
		await guest.waitForURL((url) => url.pathname.startsWith('/admin'), SAVED)
		const menu = guest
			.getByRole('navigation')
			.filter({ has: guest.getByRole('link', { name: 'Duyurular' }) })
			.first()
		await expect(menu.getByRole('link', { name: 'Duyurular' })).toBeVisible()
		await expect(menu.getByRole('link', { name: 'Kullanıcılar' })).toHaveCount(0)
		await expect(menu.getByRole('link', { name: 'Ayarlar' })).toHaveCount(0)
		const refused = await guest.goto('/admin/ayarlar')
		expect(refused?.status()).toBe(403)
		await expect(guest.getByText('Bu bölüm yalnızca yönetici rolündeki hesaplara açık.')).toBeVisible()

		// The link was single-use.
		await guest.goto(link)
		await expect(guest.getByRole('alert')).toContainText('Bu davet bağlantısı zaten kullanılmış.')
	} finally {
		await context.close()
	}

	// The yönetici sees the new account, and the invitation is no longer pending.
	await page.reload()
	await expect(accounts.getByRole('row').filter({ hasText: invitee.email })).toContainText('Editör')
	await expect(accounts.getByRole('row').filter({ hasText: invitee.email })).toContainText('Etkin')
	await expect(page.getByRole('table', { name: 'Bekleyen davetler' }).getByRole('row').filter({ hasText: invitee.email })).toHaveCount(0)
})

test('Kullanıcılar: a yönetici makes an editör a yönetici and back, disables the account (its session ends at once) and enables it again, at 375 px', async ({
	page,
	browser,
}) => {
	await page.setViewportSize({ width: 375, height: 800 })
	// The editör is signed in elsewhere.
	const context = await browser.newContext()
	try {
		const other = await context.newPage()
		await signIn(other, E2E_USERS_TARGET, '/giris?redirect=%2Fadmin%2Fduyurular')
		await other.waitForURL((url) => url.pathname === '/admin/duyurular', SAVED)
		expect((await other.goto('/admin/kullanicilar'))?.status()).toBe(403)

		await signIn(page, E2E_USERS_ADMIN, '/giris?redirect=%2Fadmin%2Fkullanicilar')
		await page.waitForURL((url) => url.pathname === '/admin/kullanicilar', SAVED)
		// Nothing sticks out sideways on a phone.
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
		const row = page.getByRole('table', { name: 'Yönetim paneli hesapları' }).getByRole('row').filter({ hasText: E2E_USERS_TARGET.email })
		await expect(row).toContainText('Editör')

		await row.getByRole('link', { name: `${E2E_USERS_TARGET.fullName} hesabını yönet` }).click()
		const dialog = page.getByRole('dialog', { name: `Hesap: ${E2E_USERS_TARGET.fullName}` })
		await expect(dialog).toBeVisible()
		expect(await seriousA11yViolations(page)).toEqual([])
		await dialog.getByLabel('Rol', { exact: true }).selectOption({ label: 'Yönetici' })
		await dialog.getByRole('button', { name: 'Rolü kaydet' }).click()
		await expect(dialog.getByText(`${E2E_USERS_TARGET.email} artık Yönetici.`)).toBeVisible(SAVED)
		// The change holds on the editör's next request: Kullanıcılar opens for them now.
		expect((await other.goto('/admin/kullanicilar'))?.status()).toBe(200)
		await dialog.getByLabel('Rol', { exact: true }).selectOption({ label: 'Editör' })
		await dialog.getByRole('button', { name: 'Rolü kaydet' }).click()
		await expect(dialog.getByText(`${E2E_USERS_TARGET.email} artık Editör.`)).toBeVisible(SAVED)
		expect((await other.goto('/admin/kullanicilar'))?.status()).toBe(403)

		await dialog.getByRole('button', { name: 'Hesabı devre dışı bırak' }).click()
		await expect(dialog.getByText(`${E2E_USERS_TARGET.email} devre dışı bırakıldı; açık oturumları kapatıldı.`)).toBeVisible(SAVED)
		await expect(dialog.getByText('Devre dışı', { exact: true })).toBeVisible()
		// Signed out at once, and the password no longer opens the admin.
		await other.goto('/admin/duyurular')
		await other.waitForURL((url) => url.pathname === '/giris', SAVED)
		await signIn(other, E2E_USERS_TARGET, '/giris?redirect=%2Fadmin%2Fduyurular')
		await other.waitForLoadState('networkidle')
		await other.goto('/admin/duyurular')
		await other.waitForURL((url) => url.pathname === '/giris', SAVED)

		await dialog.getByRole('button', { name: 'Hesabı yeniden etkinleştir' }).click()
		await expect(dialog.getByText(`${E2E_USERS_TARGET.email} yeniden etkin.`)).toBeVisible(SAVED)
		await signIn(other, E2E_USERS_TARGET, '/giris?redirect=%2Fadmin%2Fduyurular')
		await other.waitForURL((url) => url.pathname === '/admin/duyurular', SAVED)

		// One's own role needs the confirmation box.
		await dialog.getByRole('link', { name: 'Kapat' }).last().click()
		const own = page.getByRole('table', { name: 'Yönetim paneli hesapları' }).getByRole('row').filter({ hasText: E2E_USERS_ADMIN.email })
		await own.getByRole('link', { name: `${E2E_USERS_ADMIN.fullName} hesabını yönet` }).click()
		const ownDialog = page.getByRole('dialog', { name: `Hesap: ${E2E_USERS_ADMIN.fullName}` })
		await ownDialog.getByLabel('Rol', { exact: true }).selectOption({ label: 'Editör' })
		await ownDialog.getByRole('button', { name: 'Rolü kaydet' }).click()
		await expect(ownDialog.getByRole('alert')).toContainText('Kendi hesabınızı değiştirmek üzeresiniz', SAVED)
		await page.reload()
		await expect(own).toContainText('Yönetici')
	} finally {
		await context.close()
	}
})
