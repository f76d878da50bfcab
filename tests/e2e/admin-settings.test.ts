import type { Locator, Page } from '@playwright/test'
import { withAccountsServer, type RunningServer } from '#tests/setup/server.ts'
import { E2E_ADMIN } from './accounts.ts'
import { clickAndAwaitAdmin, expect, isAdminPost, seriousA11yViolations, signIn, test } from './fixtures.ts'

/**
 * Settings show on every public page (a notice bar at the top of each, the
 * footer, the dues amounts other journeys check): so this journey runs on a
 * site of its own (the production build, no demo content), not on the
 * shared one.
 */
const NEXT_YEAR = new Date().getFullYear() + 1

async function saveRefused(page: Page, button: Locator) {
	const answered = page.waitForResponse((response) => isAdminPost(response, 'ayarlar'))
	await button.click()
	expect((await answered).status()).toBe(400)
}

async function open(page: Page, server: RunningServer, path: string) {
	await page.goto(`${server.url}${path}`)
	return page
}

test('changes contact, bank accounts, dues, social links and the notice bar; the public pages show each', async ({
	page,
	browser,
}, testInfo) => {
	test.setTimeout(120_000)
	const dialect = testInfo.project.name === 'postgres' ? 'postgres' : 'sqlite'
	await withAccountsServer(dialect, [{ ...E2E_ADMIN, isAdmin: true }], async (server) => {
		const visitor = await browser.newPage()
		await signIn(page, E2E_ADMIN, `${server.url}/giris?redirect=%2Fadmin%2Fayarlar`)
		await page.waitForURL((url) => url.pathname === '/admin/ayarlar')
		await expect(page.getByRole('heading', { level: 1, name: 'Ayarlar' })).toBeVisible()
		expect(await seriousA11yViolations(page)).toEqual([])

		const contact = page.getByRole('region', { name: 'İletişim' })
		await contact.getByLabel('Telefon').fill('+90 212 555 12 34')
		await contact.getByLabel('E-posta').fill('bilgi@')
		await saveRefused(page, contact.getByRole('button', { name: 'İletişim bilgilerini kaydet' }))
		await expect(contact.getByText('Geçerli bir e-posta adresi girin.')).toBeVisible()
		await expect(contact.getByLabel('E-posta')).toHaveAttribute('aria-invalid', 'true')
		await expect(contact.getByLabel('Telefon')).toHaveValue('+90 212 555 12 34')
		await contact.getByLabel('E-posta').fill('bilgi@sion-mezunlari.org.tr')
		await clickAndAwaitAdmin(page, contact.getByRole('button', { name: 'İletişim bilgilerini kaydet' }))
		await expect(contact.getByRole('status')).toHaveText('Kaydedildi. Değişiklik sitede görünüyor.')
		await open(visitor, server, '/iletisim/iletisim-adresleri')
		await expect(visitor.getByRole('link', { name: '+90 212 555 12 34' })).toHaveAttribute('href', 'tel:+902125551234')
		await expect(visitor.getByRole('link', { name: 'bilgi@sion-mezunlari.org.tr' })).toBeVisible()
		// Undo: the contact group goes back to the value before that save, on the public page too.
		await expect(contact.getByText(/^Son değişiklik: \d{1,2} \S+ \d{4} \S+ \d{2}:\d{2}$/)).toBeVisible()
		await clickAndAwaitAdmin(page, contact.getByRole('button', { name: 'Önceki hale döndür' }))
		await expect(contact.getByLabel('Telefon')).toHaveValue('+90 212 000 00 00')
		await expect(contact.getByLabel('E-posta')).toHaveValue('iletisim@ornek-dernek.org.tr')
		await expect(contact.getByRole('status')).toHaveText('Kaydedildi. Değişiklik sitede görünüyor.')
		await expect(contact.getByRole('button', { name: 'Önceki hale döndür' })).toHaveCount(0)
		await open(visitor, server, '/iletisim/iletisim-adresleri')
		await expect(visitor.getByRole('link', { name: '+90 212 000 00 00' })).toHaveAttribute('href', 'tel:+902120000000')
		await expect(visitor.getByRole('link', { name: '+90 212 555 12 34' })).toHaveCount(0)

		const bank = page.getByRole('region', { name: 'Banka hesapları' })
		const first = bank.getByRole('group', { name: '1. hesap' })
		await first.getByLabel('Banka', { exact: true }).fill('Birinci Örnek Bankası')
		await first.getByLabel('Şube').fill('Şişli Şubesi')
		await first.getByLabel('IBAN').fill('TR34 0006 1005 1978 6457 8413 26')
		const added = bank.getByRole('group', { name: 'Yeni hesap' })
		await added.getByLabel('Banka', { exact: true }).fill('İkinci Örnek Bankası')
		await added.getByLabel('Hesap sahibi').fill('Notre Dame de Sion Mezunları Derneği')
		await added.getByLabel('IBAN').fill('DE89370400440532013000')
		await saveRefused(page, bank.getByRole('button', { name: 'Banka hesaplarını kaydet' }))
		await expect(first.getByText('IBAN kontrol basamakları tutmuyor; lütfen numarayı kontrol edin.')).toBeVisible()
		await expect(added.getByText('Geçerli bir IBAN girin (TR ile başlayan 26 karakter).')).toBeVisible()
		await expect(first.getByLabel('IBAN')).toHaveAttribute('aria-invalid', 'true')
		await expect(first.getByLabel('IBAN')).toHaveValue('TR34 0006 1005 1978 6457 8413 26')
		await expect(first.getByLabel('Şube')).toHaveValue('Şişli Şubesi')
		await expect(added.getByLabel('Banka', { exact: true })).toHaveValue('İkinci Örnek Bankası')
		await first.getByLabel('IBAN').fill('tr33 0006 1005 1978 6457 8413 26')
		await added.getByLabel('IBAN').fill('TR360001000123456789012345')
		await clickAndAwaitAdmin(page, bank.getByRole('button', { name: 'Banka hesaplarını kaydet' }))
		await expect(bank.getByRole('status')).toBeVisible()
		await expect(bank.getByRole('group', { name: '2. hesap' }).getByLabel('IBAN')).toHaveValue('TR36 0001 0001 2345 6789 0123 45')
		await expect(first.getByLabel('IBAN')).toHaveValue('TR33 0006 1005 1978 6457 8413 26')
		await open(visitor, server, '/aidat')
		const accounts = visitor.getByRole('region', { name: 'Banka Hesaplarımız' })
		await expect(accounts).toContainText('Birinci Örnek Bankası')
		await expect(accounts).toContainText('TR33 0006 1005 1978 6457 8413 26')
		await expect(accounts).toContainText('TR36 0001 0001 2345 6789 0123 45')

		const dues = page.getByRole('region', { name: 'Aidat', exact: true })
		await expect(dues.getByLabel('Kartla ödeme çarpanı')).toHaveValue('1,05')
		await dues.getByLabel('Aidat yılı').fill(String(NEXT_YEAR))
		await dues.getByLabel('Yıllık aidat (TL)').fill('500')
		await clickAndAwaitAdmin(page, dues.getByRole('button', { name: 'Aidat bilgilerini kaydet' }))
		await open(visitor, server, '/uyelik/uyelik-aidati')
		await expect(visitor.getByRole('row', { name: `${NEXT_YEAR} yılı aidatı 500 TL` })).toBeVisible()
		await open(visitor, server, '/aidat')
		await expect(visitor.getByText('500 TL için 500 TL × 1,05 = 525 TL ödenir.')).toBeVisible()

		const social = page.getByRole('region', { name: 'Sosyal medya' })
		await social.getByLabel('Instagram').fill('https://www.instagram.com/sionmezunlari/')
		await social.getByLabel('YouTube').fill('')
		await clickAndAwaitAdmin(page, social.getByRole('button', { name: 'Sosyal medya hesaplarını kaydet' }))
		await open(visitor, server, '/iletisim/nds-sosyal-medya')
		await expect(visitor.locator('.social-card').first()).toHaveAttribute('href', 'https://www.instagram.com/sionmezunlari/')
		await expect(visitor.locator('.social-card')).toHaveCount(2)
		const footerSocial = visitor.getByRole('contentinfo').getByRole('list', { name: 'Sosyal medya' })
		await expect(footerSocial.getByRole('link')).toHaveCount(2)
		await expect(footerSocial.getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', 'https://www.instagram.com/sionmezunlari/')

		const notice = page.getByRole('region', { name: 'Duyuru çubuğu' })
		await expect(notice.getByText('Şu anda kapalı.')).toBeVisible()
		await notice.getByLabel('Duyuru çubuğunu göster').check()
		await saveRefused(page, notice.getByRole('button', { name: 'Duyuru çubuğunu kaydet' }))
		await expect(notice.getByText('Duyuru çubuğu açıkken metnini boş bırakmayın.')).toBeVisible()
		await expect(notice.getByLabel('Duyuru çubuğunu göster')).toBeChecked()
		await notice.getByLabel('Duyuru metni').fill('Genel kurulumuz 14 Şubat’ta okulda.')
		await notice.getByLabel('Bağlantı (isteğe bağlı)').fill('/duyurular')
		await notice.getByLabel('Bitiş (İstanbul saati, isteğe bağlı)').fill(`${NEXT_YEAR}-02-14T18:00`)
		await clickAndAwaitAdmin(page, notice.getByRole('button', { name: 'Duyuru çubuğunu kaydet' }))
		await expect(notice.getByText('Şu anda sitenin her sayfasının üstünde gösteriliyor.')).toBeVisible()
		await expect(notice.getByLabel('Bitiş (İstanbul saati, isteğe bağlı)')).toHaveValue(`${NEXT_YEAR}-02-14T18:00`)
		for (const path of ['/', '/aidat', '/iletisim/iletisim-adresleri']) {
			await open(visitor, server, path)
			const bar = visitor.getByRole('region', { name: 'Site duyurusu' })
			await expect(bar.getByRole('link', { name: 'Genel kurulumuz 14 Şubat’ta okulda.' })).toHaveAttribute('href', '/duyurular')
			await expect(bar).toBeInViewport()
		}
		expect(await seriousA11yViolations(visitor)).toEqual([])

		await notice.getByLabel('Duyuru çubuğunu göster').uncheck()
		await clickAndAwaitAdmin(page, notice.getByRole('button', { name: 'Duyuru çubuğunu kaydet' }))
		await expect(notice.getByText('Şu anda kapalı.')).toBeVisible()
		await open(visitor, server, '/')
		await expect(visitor.getByRole('region', { name: 'Site duyurusu' })).toHaveCount(0)
		await visitor.close()
	})
})
