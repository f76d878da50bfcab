import { withAccountsServer } from '#tests/setup/server.ts'
import { E2E_ADMIN } from './accounts.ts'
import { expect, signIn, test } from './fixtures.ts'

/** On a site of its own: the page it edits shows to every visitor. */
test('previews, saves and restores a page without JavaScript', async ({ page, browser }) => {
	test.setTimeout(90_000)
	await withAccountsServer('sqlite', [{ ...E2E_ADMIN, isAdmin: true }], async (server) => {
		const visitor = await browser.newPage()
		await signIn(page, E2E_ADMIN, `${server.url}/giris?redirect=%2Fadmin%2Fsayfalar%3Fedit%3Dnds-sosyal-medya`)
		await page.waitForURL((url) => url.searchParams.get('edit') === 'nds-sosyal-medya')

		const body = page.getByLabel('Sayfa metni (HTML)')
		await expect(body).toHaveValue(/<h2>Resmî Hesaplarımız Hakkında<\/h2>/)
		const typed = `${await body.inputValue()}<h2>Yeni Bölüm</h2><p>Aidat: {{dues.annualDues}}<script>alert(1)</script></p>`
		await body.fill(typed)
		await page.getByRole('button', { name: 'Önizle' }).click()
		const preview = page.getByRole('region', { name: 'Önizleme — henüz kaydedilmedi' })
		await expect(preview.getByRole('heading', { level: 2, name: 'Yeni Bölüm' })).toBeVisible()
		await expect(preview).toContainText('Aidat: 450 TL')
		await expect(page.getByLabel('Sayfa metni (HTML)')).toHaveValue(/<h2>Yeni Bölüm<\/h2><p>Aidat: \{\{dues\.annualDues\}\}<\/p>$/)
		await visitor.goto(`${server.url}/iletisim/nds-sosyal-medya`)
		await expect(visitor.getByText('Yeni Bölüm')).toHaveCount(0)

		await page.getByLabel('Başlık', { exact: true }).fill('')
		await page.getByRole('button', { name: 'Kaydet', exact: true }).click()
		await expect(page.getByLabel('Başlık', { exact: true })).toHaveAttribute('aria-invalid', 'true')
		await expect(page.getByLabel('Sayfa metni (HTML)')).toHaveValue(/Yeni Bölüm/)
		await page.getByLabel('Başlık', { exact: true }).fill('NDS Sosyal Medya')
		await page.getByRole('button', { name: 'Kaydet', exact: true }).click()
		await page.waitForURL((url) => url.searchParams.get('durum') === 'kaydedildi')
		await expect(page.getByRole('status')).toHaveText('Sayfa kaydedildi.')
		await visitor.goto(`${server.url}/iletisim/nds-sosyal-medya`)
		await expect(visitor.getByRole('heading', { level: 2, name: 'Yeni Bölüm' })).toBeVisible()
		await expect(visitor.getByText('Aidat: 450 TL')).toBeVisible()

		await page.getByRole('button', { name: /^Bu sürümü geri yükle/ }).click()
		await page.waitForURL((url) => url.searchParams.get('durum') === 'geri-yuklendi')
		await visitor.goto(`${server.url}/iletisim/nds-sosyal-medya`)
		await expect(visitor.getByText('Yeni Bölüm')).toHaveCount(0)
		await visitor.close()
	})
})
