import { withAccountsServer } from '#tests/setup/server.ts'
import { E2E_ADMIN } from './accounts.ts'
import { expect, signIn, test } from './fixtures.ts'

/** On a site of its own: the notice bar it switches on shows on every public page. */
test('adds a bank account and switches the notice bar on without JavaScript', async ({ page, browser }) => {
	test.setTimeout(90_000)
	await withAccountsServer('sqlite', [{ ...E2E_ADMIN, isAdmin: true }], async (server) => {
		await signIn(page, E2E_ADMIN, `${server.url}/giris?redirect=%2Fadmin%2Fayarlar`)
		await page.waitForURL((url) => url.pathname === '/admin/ayarlar')

		const bank = page.getByRole('region', { name: 'Banka hesapları' })
		const added = bank.getByRole('group', { name: 'Yeni hesap' })
		await added.getByLabel('Banka', { exact: true }).fill('İkinci Örnek Bankası')
		await added.getByLabel('Hesap sahibi').fill('Notre Dame de Sion Mezunları Derneği')
		await added.getByLabel('IBAN').fill('TR36 0001 0001 2345 6789 0123 46')
		await bank.getByRole('group', { name: '1. hesap' }).getByLabel('Bu hesabı kaldır').check()
		await bank.getByRole('button', { name: 'Banka hesaplarını kaydet' }).click()
		await expect(
			page.getByRole('region', { name: 'Banka hesapları' }).getByText('IBAN kontrol basamakları tutmuyor; lütfen numarayı kontrol edin.'),
		).toBeVisible()
		const refused = page.getByRole('region', { name: 'Banka hesapları' }).getByRole('group', { name: 'Yeni hesap' })
		await expect(refused.getByLabel('Banka', { exact: true })).toHaveValue('İkinci Örnek Bankası')
		await expect(refused.getByLabel('IBAN')).toHaveValue('TR36 0001 0001 2345 6789 0123 46')
		await refused.getByLabel('IBAN').fill('TR36 0001 0001 2345 6789 0123 45')
		await expect(
			page.getByRole('region', { name: 'Banka hesapları' }).getByRole('group', { name: '1. hesap' }).getByLabel('Bu hesabı kaldır'),
		).toBeChecked()
		await page.getByRole('button', { name: 'Banka hesaplarını kaydet' }).click()
		await page.waitForURL((url) => url.searchParams.get('kaydedildi') === 'banka')
		const saved = page.getByRole('region', { name: 'Banka hesapları' })
		await expect(saved.getByRole('status')).toHaveText('Kaydedildi. Değişiklik sitede görünüyor.')
		await expect(saved.getByRole('group', { name: '1. hesap' }).getByLabel('Banka', { exact: true })).toHaveValue('İkinci Örnek Bankası')
		await expect(saved.getByRole('group', { name: '2. hesap' })).toHaveCount(0)

		const notice = page.getByRole('region', { name: 'Duyuru çubuğu' })
		await notice.getByLabel('Duyuru çubuğunu göster').check()
		await notice.getByLabel('Duyuru metni').fill('Ofisimiz 1 Mayıs’ta kapalıdır.')
		await notice.getByRole('button', { name: 'Duyuru çubuğunu kaydet' }).click()
		await page.waitForURL((url) => url.searchParams.get('kaydedildi') === 'duyuru-cubugu')

		const visitor = await browser.newPage({ javaScriptEnabled: false })
		await visitor.goto(`${server.url}/aidat`)
		await expect(visitor.getByRole('region', { name: 'Site duyurusu' })).toHaveText('Ofisimiz 1 Mayıs’ta kapalıdır.')
		const accounts = visitor.getByRole('region', { name: 'Banka Hesabımız' })
		await expect(accounts).toContainText('TR36 0001 0001 2345 6789 0123 45')
		await expect(accounts).not.toContainText('Harbiye Şubesi (örnek)')

		// Undo without JavaScript: the notice bar goes back to off.
		await page.getByRole('region', { name: 'Duyuru çubuğu' }).getByRole('button', { name: 'Önceki hale döndür' }).click()
		await expect(page.getByRole('region', { name: 'Duyuru çubuğu' }).getByText('Şu anda kapalı.')).toBeVisible()
		await expect(page.getByRole('region', { name: 'Duyuru çubuğu' }).getByRole('status')).toHaveText(
			'Kaydedildi. Değişiklik sitede görünüyor.',
		)
		await visitor.goto(`${server.url}/aidat`)
		await expect(visitor.getByRole('region', { name: 'Site duyurusu' })).toHaveCount(0)
		await visitor.close()
	})
})
