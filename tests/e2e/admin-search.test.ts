import { clickAndAwaitAdmin, expect, seriousA11yViolations, signInAsAdmin, test } from './fixtures.ts'

const unique = () => Math.random().toString(36).slice(2, 7)

test('the top search box finds a record of another section and opens its edit dialog', async ({ page, consoleErrors }) => {
	const id = unique()
	const title = `E2E Arama Şöleni ${id}`
	await signInAsAdmin(page, '/giris?redirect=%2Fadmin%2Ftakvim%3Fnew%3D1')
	const dialog = page.getByRole('dialog', { name: 'Yeni takvim kaydı' })
	await dialog.getByLabel('Başlık').fill(title)
	await dialog.getByLabel('Tarih').fill('2031-05-06')
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog).toBeHidden()

	await page.getByRole('link', { name: 'Duyurular', exact: true }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Duyurular' })).toBeVisible()
	const search = page.getByRole('searchbox', { name: 'Yönetimde ara' })
	// Typing still filters the open section's list…
	await search.fill(`şölenİ ${id.toLocaleUpperCase('tr-TR')}`)
	await expect(page.locator('tbody tr')).toHaveText(['Aramayla eşleşen kayıt yok.'])
	// …and Enter searches every section.
	await search.press('Enter')
	await expect(page).toHaveURL(/\/admin\/ara\?q=/)
	await expect(page.getByRole('heading', { level: 1, name: 'Yönetimde arama' })).toBeVisible()
	await expect(page.getByRole('status').filter({ hasText: 'kayıt bulundu' })).toHaveText(
		`"şölenİ ${id.toLocaleUpperCase('tr-TR')}" için 1 kayıt bulundu.`,
	)
	await expect(page.getByRole('heading', { level: 2, name: 'Takvim' })).toBeVisible()
	await expect(search).toHaveValue(`şölenİ ${id.toLocaleUpperCase('tr-TR')}`)
	expect(await seriousA11yViolations(page)).toEqual([])

	await page.getByRole('link', { name: title }).click()
	await expect(page).toHaveURL(/\/admin\/takvim\?edit=\d+$/)
	const editDialog = page.getByRole('dialog', { name: 'Takvim kaydını düzenle' })
	await expect(editDialog.getByLabel('Başlık')).toHaveValue(title)
	await expect(editDialog.getByLabel('Tarih')).toHaveValue('2031-05-06')
	await page.keyboard.press('Escape')
	await expect(editDialog).toBeHidden()

	// One letter is not searched: a hint instead of every record.
	await search.fill('ş')
	await search.press('Enter')
	await expect(page.getByRole('status').filter({ hasText: 'iki harf' })).toHaveText('Aramak için en az iki harf yazın.')
	await expect(page.locator('.admin-search-results a')).toHaveCount(0)

	await page.goto('/admin/takvim')
	page.once('dialog', (confirm) => confirm.accept())
	await clickAndAwaitAdmin(page, page.getByRole('link', { name: `${title} – sil` }))
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
	expect(consoleErrors).toEqual([])
})

test('the sidebar shows "Yenilikler": Turkish notes for volunteers, with the v0.4.0 and v0.3.0 notes', async ({ page }) => {
	// On the search page: the sidebar is the same on every admin page, and this one holds no section's list.
	await signInAsAdmin(page, '/giris?redirect=%2Fadmin%2Fara')
	await expect(page.getByRole('status')).toHaveText('Aramak için üstteki kutuya bir şey yazıp Enter’a basın.')
	const sidebar = page.getByRole('complementary', { name: 'Yönetim menüsü' })
	await expect(sidebar.locator('summary')).toHaveText('Yenilikler')
	await expect(sidebar.getByText('Sürüm notları', { exact: true })).toHaveCount(0)
	await sidebar.locator('summary').click()
	const notes = sidebar.locator('.admin-release-notes')
	await expect(notes.getByRole('heading', { level: 2 })).toHaveText([
		/^Sıralama · 28 Kasım 2026$/,
		/^İletişim formu, abonelikler ve paylaşım · 27 Kasım 2026$/,
		/^Hesaplar, güvenlik ve geçmiş · 25 Kasım 2026$/,
		/^Yeni yönetim paneli · 25 Kasım 2026$/,
		/^İlk sürüm · 22 Kasım 2026$/,
		/^v0\.4\.0 · 26 Ekim 2025$/,
		/^v0\.3\.0 · 24 Ekim 2025$/,
	])
	await expect(notes).toContainText('Duyurular sürükleyip bırakarak sıralanabilir.')
	await expect(notes).toContainText('eklenmezse kapak görseli kullanılır')
	await expect(notes).toContainText('Sosyal medya sayfası yenilendi.')
	await expect(notes).toContainText('Önceki hale döndür')
	await expect(notes).toContainText('Şifrenizi unuttuysanız')
	await expect(notes).toContainText('"liste değişti" uyarısı')
	await expect(notes).not.toContainText(/drag|announcements|admin area/i)
	expect(await seriousA11yViolations(page)).toEqual([])
})
