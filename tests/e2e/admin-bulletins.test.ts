import sharp from 'sharp'
import { pdfUpload as makePdf } from '#tests/fixtures/files.ts'
import { clickAndAwaitAdmin, expect, seriousA11yViolations, signInAsAdmin, test } from './fixtures.ts'

const ADMIN = '/giris?redirect=%2Fadmin%3Ftab%3Dbulletins'
const adminPost = (url: URL) => url.pathname === '/admin/bultenler.data'

const istanbulNow = () => {
	const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit' })
		.format(new Date())
		.split('-')
		.map(Number)
	return { year: year!, month: month! }
}

test('opens the new bulletin form with this month as default, refuses what is wrong and has no serious accessibility violation', async ({
	page,
}) => {
	await signInAsAdmin(page, ADMIN)
	await expect(page.getByRole('heading', { level: 1, name: 'Bültenler' })).toBeVisible()
	const newButton = page.getByRole('link', { name: 'Yeni', exact: true })
	await newButton.click()
	const dialog = page.getByRole('dialog', { name: 'Yeni bülten' })
	await expect(dialog.getByLabel('PDF dosyası')).toHaveAttribute('accept', 'application/pdf')
	const now = istanbulNow()
	await expect(dialog.getByLabel('Yıl', { exact: true })).toHaveValue(String(now.year))
	await expect(dialog.getByLabel('Ay', { exact: true })).toHaveValue(String(now.month))
	expect(await seriousA11yViolations(page)).toEqual([])

	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog.getByRole('alert')).toHaveText('PDF seçmelisiniz.')
	await expect(dialog.getByLabel('PDF dosyası')).toHaveAttribute('aria-invalid', 'true')
	await dialog.getByLabel('PDF dosyası').setInputFiles({
		name: 'bulten.pdf',
		mimeType: 'application/pdf',
		buffer: await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
			.png()
			.toBuffer(),
	})
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog.getByRole('alert')).toHaveText('Bu dosya bir PDF değil.')
	await dialog.getByLabel('Yıl', { exact: true }).fill('1900')
	await dialog.getByLabel('PDF dosyası').setInputFiles(await makePdf('Yanlis yil'))
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog.getByRole('alert')).toHaveText('Yıl 1987 ile 2100 arasında olmalı.')
	await expect(dialog.getByLabel('Yıl', { exact: true })).toHaveValue('1900')
	await page.keyboard.press('Escape')
	await expect(dialog).toBeHidden()
	await expect(newButton).toBeFocused()
})

test('adds a bulletin with a PDF, replaces it with a second upload for the same month, edits and deletes it', async ({ page }) => {
	const year = 2031 + Math.floor(Math.random() * 5)
	const first = await makePdf(`Birinci bulten ${year}`)
	const second = await makePdf(`Ikinci bulten ${year}`)
	await signInAsAdmin(page, ADMIN)

	await page.getByRole('link', { name: 'Yeni', exact: true }).click()
	const dialog = page.getByRole('dialog', { name: 'Yeni bülten' })
	await dialog.getByLabel('PDF dosyası').setInputFiles(first)
	await dialog.getByLabel('Ay', { exact: true }).selectOption({ label: 'Mart' })
	await dialog.getByLabel('Yıl', { exact: true }).fill(String(year))
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog).toBeHidden()

	const rows = page.getByRole('row').filter({ hasText: String(year) })
	await expect(rows).toHaveCount(1)
	await expect(rows.getByRole('cell').nth(0)).toHaveText('Mart')
	const view = rows.getByRole('link', { name: `Mart ${year} PDF’ini görüntüle (yeni sekmede açılır)` })
	await expect(view).toHaveAttribute('target', '_blank')
	await expect(view).toHaveAttribute('rel', 'noopener noreferrer')
	const firstHref = await view.getAttribute('href')
	expect(firstHref).toMatch(new RegExp(`^/media/bulletins/${year}-03-\\d+\\.pdf$`))
	expect(Buffer.from(await (await page.request.get(firstHref!)).body()).equals(first.buffer)).toBe(true)

	const archive = await page.context().newPage()
	await archive.goto('/duyurular/bulten-arsivi')
	await expect(archive.getByRole('list', { name: String(year) }).getByRole('link')).toHaveText([`Mart ${year} (PDF)`])
	await expect(archive.getByRole('link', { name: `Mart ${year} (PDF)` })).toHaveAttribute('href', firstHref!)

	await page.getByRole('link', { name: 'Yeni', exact: true }).click()
	await dialog.getByLabel('PDF dosyası').setInputFiles(second)
	await dialog.getByLabel('Ay', { exact: true }).selectOption({ label: 'Mart' })
	await dialog.getByLabel('Yıl', { exact: true }).fill(String(year))
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog).toBeHidden()
	await expect(rows).toHaveCount(1)
	await expect(view).not.toHaveAttribute('href', firstHref!)
	const secondHref = await view.getAttribute('href')
	expect(Buffer.from(await (await page.request.get(secondHref!)).body()).equals(second.buffer)).toBe(true)
	await archive.reload()
	await expect(archive.getByRole('list', { name: String(year) }).getByRole('link')).toHaveCount(1)
	await expect(archive.getByRole('link', { name: `Mart ${year} (PDF)` })).toHaveAttribute('href', secondHref!)

	await page.getByRole('link', { name: `Mart ${year} – düzenle` }).click()
	const editDialog = page.getByRole('dialog', { name: 'Bülteni düzenle' })
	await expect(editDialog.getByRole('link', { name: 'Mevcut PDF’i aç' })).toHaveAttribute('href', secondHref!)
	await editDialog.getByLabel('Ay', { exact: true }).selectOption({ label: 'Nisan' })
	await editDialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(editDialog).toBeHidden()
	await expect(rows.getByRole('cell').nth(0)).toHaveText('Nisan')
	await expect(page.getByRole('link', { name: `Nisan ${year} – düzenle` })).toBeFocused()
	await archive.reload()
	await expect(archive.getByRole('link', { name: `Nisan ${year} (PDF)` })).toHaveAttribute('href', secondHref!)

	await page.route(adminPost, (route) => (route.request().method() === 'POST' ? route.abort('connectionreset') : route.fallback()))
	page.once('dialog', async (confirm) => {
		expect(confirm.message()).toBe(
			'Bu bülteni silmek istiyor musunuz?\n\nSilinen içerik çöp kutusuna taşınır ve 30 gün içinde geri yüklenebilir.',
		)
		await confirm.accept()
	})
	await page.getByRole('link', { name: `Nisan ${year} – sil` }).click()
	await expect(page.getByRole('alert')).toHaveText('Sunucuya ulaşılamadı. Bağlantınızı kontrol edip yeniden deneyin.')
	await expect(rows).toHaveCount(1)
	await page.unroute(adminPost)

	page.once('dialog', (confirm) => confirm.accept())
	await clickAndAwaitAdmin(page, page.getByRole('link', { name: `Nisan ${year} – sil` }))
	await expect(rows).toHaveCount(0)
	await archive.reload()
	await expect(archive.getByRole('list', { name: String(year) })).toHaveCount(0)
})
