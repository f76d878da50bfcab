import sharp from 'sharp'
import { expect, signInAsAdmin, test } from './fixtures.ts'

const rowTitles = (page: import('@playwright/test').Page) =>
	page.locator('.admin-table--announcements tbody tr td:nth-child(3)').allTextContents()

test('manages announcements with plain forms when JavaScript is off, ordering included', async ({ page }) => {
	const title = `JS’siz duyuru ${Math.random().toString(36).slice(2, 7)}`
	await signInAsAdmin(page, '/giris?redirect=%2Fadmin%3Ftab%3Dannouncements')
	await page.getByRole('link', { name: 'Yeni', exact: true }).click()
	await expect(page).toHaveURL('/admin/duyurular?new=1')
	await page.getByLabel('Kısa açıklama').fill('Formu JavaScript olmadan gönderiyoruz.')
	await page.getByRole('button', { name: 'Kaydet' }).click()
	await expect(page.getByRole('alert')).toHaveText('Başlık gerekli')
	await expect(page.getByLabel('Kısa açıklama')).toHaveValue('Formu JavaScript olmadan gönderiyoruz.')

	await page.getByRole('textbox', { name: 'Başlık', exact: true }).fill(title)
	await page.getByLabel('Metin (HTML)').fill('<p>Düz <strong>HTML</strong> metin.</p><script>alert(1)</script>')
	await page.getByLabel('Durum', { exact: true }).selectOption({ label: 'Yayında' })
	await page.getByLabel('Kapak görseli').setInputFiles({
		name: 'kapak.png',
		mimeType: 'image/png',
		buffer: await sharp({ create: { width: 700, height: 400, channels: 3, background: '#7a1f2b' } })
			.png()
			.toBuffer(),
	})
	await page.getByRole('button', { name: 'Kaydet' }).click()
	await expect(page).toHaveURL('/admin/duyurular')
	const row = page.getByRole('row', { name: new RegExp(title) })
	await expect(row).toContainText('Yayında')
	await expect(row.locator('img.admin-table__thumb')).toHaveAttribute('src', /\/media\/announcements\//)
	await expect(
		page
			.locator('.order-buttons')
			.first()
			.getByRole('button', { name: /yukarı taşı$/ }),
	).toBeDisabled()

	// A new announcement goes to the top of the list.
	const before = await rowTitles(page)
	expect(before[0]).toBe(title)
	const below = before[1] as string
	await page.getByRole('button', { name: `${title} – aşağı taşı` }).click()
	await expect(page).toHaveURL('/admin/duyurular')
	const after = await rowTitles(page)
	expect(after.indexOf(title)).toBeGreaterThan(after.indexOf(below))

	const id = (await row.getByRole('link', { name: /düzenle/ }).getAttribute('href'))?.match(/edit=(\d+)/)?.[1]
	await page.goto(`/duyurular/${id}`)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
	await expect(page.locator('.detail__body strong')).toHaveText('HTML')
	await expect(page.locator('.detail__body script')).toHaveCount(0)

	await page.goto('/admin?tab=announcements')
	await page.getByRole('link', { name: `${title} – sil` }).click()
	await expect(page.getByText('Bu duyuruyu silmek istiyor musun?')).toBeVisible()
	await page.getByRole('button', { name: 'Evet, sil' }).click()
	await expect(page).toHaveURL('/admin/duyurular')
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
})
