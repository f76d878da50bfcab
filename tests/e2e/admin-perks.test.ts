import sharp from 'sharp'
import { clickAndAwaitAdmin, expect, seriousA11yViolations, signInAsAdmin, test } from './fixtures.ts'

const ADMIN = '/giris?redirect=%2Fadmin%3Ftab%3DmemberPerks'
const unique = () => Math.random().toString(36).slice(2, 7)
const adminPost = (url: URL) => url.pathname === '/admin/uye-avantajlari.data'
const pngLogo = async () => ({
	name: 'logo.png',
	mimeType: 'image/png',
	buffer: await sharp({ create: { width: 400, height: 200, channels: 3, background: '#c9a227' } })
		.png()
		.toBuffer(),
})

test('adds a member perk with a logo, shows it publicly, edits and deletes it', async ({ page }) => {
	const id = unique()
	const firm = `E2E Kafe ${id}`
	const category = `E2E Kategori ${id}`
	await signInAsAdmin(page, ADMIN)
	await expect(page.getByRole('heading', { level: 1, name: 'Üye Avantajları' })).toBeVisible()

	await page.getByRole('link', { name: 'Yeni', exact: true }).click()
	const dialog = page.getByRole('dialog', { name: 'Yeni avantaj' })
	// The internal sort value (999999) is not shown: the order is optional and explained in words.
	await expect(dialog.getByLabel('Sıra (isteğe bağlı)')).toHaveValue('')
	await expect(dialog.getByLabel('Sıra (isteğe bağlı)')).toHaveAccessibleDescription(/küçük olan önce gösterilir/)
	await expect(dialog).not.toContainText('999999')
	// Categories come from the list of those in use, with "Yeni kategori…" last.
	const categorySelect = dialog.getByRole('combobox', { name: 'Kategori', exact: true })
	await expect(categorySelect).toHaveValue('Diğer')
	await expect(categorySelect.locator('option').last()).toHaveText('Yeni kategori…')
	await expect(categorySelect.locator('option', { hasText: 'Sağlık' })).toHaveCount(1)
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog.getByRole('alert')).toHaveText('Firma adı gerekli')
	await dialog.getByLabel('Firma adı').fill(firm)
	await dialog.getByLabel('İletişim e-postası').fill('kafe@')
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog.getByRole('alert')).toHaveText('Geçerli bir e-posta adresi yazın (örneğin ad@ornek.com).')
	await dialog.getByLabel('İletişim e-postası').fill(`kafe-${id}@ornek.com.tr`)
	await categorySelect.selectOption({ label: 'Yeni kategori…' })
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog.getByRole('alert')).toHaveText('Yeni kategorinin adını yazın ya da listeden bir kategori seçin.')
	await dialog.getByLabel('Yeni kategorinin adı').fill(category)
	await dialog.getByLabel('Web sitesi').fill('ornek')
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog.getByRole('alert')).toHaveText('Geçerli bir web adresi yazın (örneğin www.ornek.com).')
	await dialog.getByLabel('Web sitesi').fill(`www.kafe-${id}.com.tr`)
	await dialog.getByLabel('Adres').fill('Moda Cad. 1, Kadıköy')
	await dialog.getByLabel('İndirim', { exact: true }).fill('%20 indirim')
	await dialog.getByLabel('İndirim kodu').fill(`NDS${id}`)
	await dialog.getByLabel('İletişim telefonu').fill('0212 000 00 00')
	await dialog.getByLabel('Mezunumuzun adı').fill('Ayşe Yılmaz (1998)')
	await dialog.getByLabel('Logo').setInputFiles(await pngLogo())
	expect(await seriousA11yViolations(page)).toEqual([])
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog).toBeHidden()

	const row = page.getByRole('row').filter({ hasText: firm })
	await expect(row.getByRole('cell')).toHaveText([
		'',
		firm,
		category,
		'%20 indirim',
		`NDS${id}`,
		'0212 000 00 00',
		`kafe-${id}@ornek.com.tr`,
		'Ayşe Yılmaz (1998)',
		'Düzenle Sil',
	])
	await expect(row.getByRole('link', { name: `kafe-${id}@ornek.com.tr` })).toHaveAttribute('href', `mailto:kafe-${id}@ornek.com.tr`)
	await expect(row.locator('img')).toHaveAttribute('src', /^\/media\/perks\/\d+-[0-9a-f]{8}-400x200\.jpg$/)

	const publicPage = await page.context().newPage()
	await publicPage.goto('/uyelik/uyelere-avantajlar')
	const perk = publicPage.locator('.perk').filter({ hasText: firm })
	await expect(perk.getByRole('heading')).toHaveText(firm)
	await expect(perk).toContainText('%20 indirim')
	// "iletişime geç" offers every contact the perk has.
	const contact = perk.locator('details.perk__contact')
	await expect(contact.locator('summary')).toHaveText(`iletişime geç: ${firm}`)
	const contacts = contact.locator('.perk__contacts li')
	await expect(contact.locator('.perk__contacts')).toBeHidden()
	await contact.locator('summary').click()
	await expect(contacts.locator('.perk__contact-kind')).toHaveText(['Telefon', 'E-posta', 'Web sitesi', 'Adres'])
	await expect(contacts.last().locator('address')).toHaveText('Moda Cad. 1, Kadıköy')
	await expect(contact.getByRole('link', { name: '0212 000 00 00' })).toHaveAttribute('href', 'tel:02120000000')
	await expect(contact.getByRole('link', { name: `kafe-${id}@ornek.com.tr` })).toHaveAttribute('href', `mailto:kafe-${id}@ornek.com.tr`)
	const web = contact.getByRole('link', { name: new RegExp(`^www\\.kafe-${id}\\.com\\.tr`) })
	await expect(web).toHaveAttribute('href', `https://www.kafe-${id}.com.tr`)
	await expect(web).toHaveAttribute('target', '_blank')
	expect(await seriousA11yViolations(publicPage)).toEqual([])

	await page.getByRole('link', { name: `${firm} – düzenle` }).click()
	const editDialog = page.getByRole('dialog', { name: 'Avantajı düzenle' })
	const editCategory = editDialog.getByRole('combobox', { name: 'Kategori', exact: true })
	await expect(editCategory).toHaveValue(category)
	await expect(editDialog.getByLabel('Web sitesi')).toHaveValue(`https://www.kafe-${id}.com.tr`)
	await expect(editDialog.getByLabel('Sıra (isteğe bağlı)')).toHaveValue('')
	await editDialog.getByLabel('İndirim', { exact: true }).fill('%25 indirim')
	await editCategory.selectOption('Diğer')
	await editDialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(editDialog).toBeHidden()
	await expect(row.getByRole('cell').nth(2)).toHaveText('Diğer')
	await expect(row.getByRole('cell').nth(3)).toHaveText('%25 indirim')
	await publicPage.reload()
	await expect(perk).toContainText('%25 indirim')

	await page.route(adminPost, (route) => (route.request().method() === 'POST' ? route.abort('connectionreset') : route.fallback()))
	page.once('dialog', async (confirm) => {
		expect(confirm.message()).toBe(`"${firm}" silinsin mi?\n\nSilinen içerik çöp kutusuna taşınır ve 30 gün içinde geri yüklenebilir.`)
		await confirm.accept()
	})
	await page.getByRole('link', { name: `${firm} – sil` }).click()
	await expect(page.getByRole('alert')).toHaveText('Sunucuya ulaşılamadı. Bağlantınızı kontrol edip yeniden deneyin.')
	await expect(row).toHaveCount(1)
	await page.unroute(adminPost)

	page.once('dialog', (confirm) => confirm.accept())
	await clickAndAwaitAdmin(page, page.getByRole('link', { name: `${firm} – sil` }))
	await expect(row).toHaveCount(0)
	await publicPage.reload()
	await expect(perk).toHaveCount(0)
})

test('shows a loading row while the perks list loads', async ({ page }) => {
	await signInAsAdmin(page, ADMIN)
	await expect(page.getByRole('heading', { level: 1, name: 'Üye Avantajları' })).toBeVisible()
	let release = () => {}
	const released = new Promise<void>((resolve) => {
		release = resolve
	})
	await page.route(
		(url) => url.pathname === '/admin/uye-avantajlari.data',
		async (route) => {
			await released
			await route.fallback()
		},
	)
	await page.getByRole('navigation', { name: 'Yönetim bölümleri' }).getByRole('link', { name: 'Üye Avantajları' }).click()
	await expect(page.locator('tbody tr')).toHaveText(['Yükleniyor…'])
	release()
	await expect(page.locator('tbody tr').first()).not.toHaveText('Yükleniyor…')
})
