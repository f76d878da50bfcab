import { expect, test } from './fixtures.ts'

test('without JavaScript the contact form refuses bad input in Turkish at each field, keeps what was typed, then sends', async ({
	page,
}) => {
	const subject = `Betiksiz mesaj ${Date.now()}`
	await page.goto('/iletisim/iletisim-adresleri')
	const form = page.getByRole('region', { name: 'Bize yazın' })
	await form.getByLabel('Ad Soyad').fill('Selin Demir')
	await form.getByLabel('Konu').fill(subject)
	await form.getByRole('textbox', { name: 'Mesaj', exact: true }).fill('Kısa')
	await form.getByRole('button', { name: 'Gönder' }).click()

	await expect(page).toHaveURL(/\/iletisim\/iletisim-adresleri$/)
	await expect(form.getByRole('alert')).toHaveText('Mesajınız gönderilemedi. Lütfen işaretli alanları düzeltin; yazdıklarınız kaybolmadı.')
	await expect(form.getByLabel('E-posta')).toBeFocused()
	await expect(form.getByLabel('E-posta')).toHaveAttribute('aria-invalid', 'true')
	await expect(form.getByText('E-posta adresinizi yazın.')).toBeVisible()
	await expect(form.getByText('Mesajınız en az 10 karakter olmalı.')).toBeVisible()
	await expect(form.getByText('Mesajınızı gönderebilmek için KVKK Aydınlatma Metni’ni okuduğunuzu onaylayın.')).toBeVisible()
	await expect(form.getByLabel('Ad Soyad')).toHaveValue('Selin Demir')
	await expect(form.getByLabel('Konu')).toHaveValue(subject)
	await expect(form.getByRole('textbox', { name: 'Mesaj', exact: true })).toHaveValue('Kısa')

	await form.getByLabel('E-posta').fill('selin.demir@example.org')
	await form.getByRole('textbox', { name: 'Mesaj', exact: true }).fill('Merhaba, burs başvuruları için son tarih nedir?')
	await form.getByRole('checkbox', { name: /^KVKK Aydınlatma Metni.*’ni okudum/ }).check()
	await form.getByRole('button', { name: 'Gönder' }).click()
	await expect(page).toHaveURL(/\/iletisim\/iletisim-adresleri\?gonderildi=1#bize-yazin$/)
	await expect(form.getByRole('status')).toHaveText('Mesajınız bize ulaştı. En kısa sürede size dönüş yapacağız.')
	await expect(form.getByRole('heading', { name: 'Bize yazın' })).toBeInViewport()
})
