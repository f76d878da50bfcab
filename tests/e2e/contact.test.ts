import { readMail } from './mail.ts'
import { expect, openSection, seriousA11yViolations, test } from './fixtures.ts'

const PAGE = '/iletisim/iletisim-adresleri'

test('a visitor writes through the contact form; a yönetici finds the message unread in Mesajlar, opens it and archives it', async ({
	page,
	consoleErrors,
}) => {
	const subject = `Yeni mezunlar tanışma toplantısı ${Date.now()}`
	await page.goto(PAGE)
	// The form adds no script to the page: only the site's small enhancement module.
	await expect(page.locator('script[src]')).toHaveCount(1)
	await expect(page.locator('script[src]')).toHaveAttribute('src', /\/assets\/enhance-[\w-]+\.js$/)
	const form = page.getByRole('region', { name: 'Bize yazın' })
	await form.getByLabel('Ad Soyad').fill('Deniz Arslan')
	await form.getByLabel('E-posta').fill('deniz.arslan@example.org')
	await form.getByLabel('Konu').fill(subject)
	await form
		.getByRole('textbox', { name: 'Mesaj', exact: true })
		.fill('Merhaba,\nyeni mezunlar için tanışma toplantısı ne zaman yapılacak?')
	await form.getByRole('checkbox', { name: /^KVKK Aydınlatma Metni.*’ni okudum/ }).check()
	await form.getByRole('button', { name: 'Gönder' }).click()
	await expect(page).toHaveURL(/\/iletisim\/iletisim-adresleri\?gonderildi=1#bize-yazin$/)
	await expect(form.getByRole('status')).toHaveText('Mesajınız bize ulaştı. En kısa sürede size dönüş yapacağız.')
	await expect(form.getByLabel('Konu')).toHaveValue('')
	const mail = await readMail(page, 'iletisim@ornek-dernek.org.tr', { subject })
	expect(mail.subject).toBe(`[İletişim formu] ${subject}`)
	expect(mail.replyTo).toContain('deniz.arslan@example.org')

	await openSection(page, 'mesajlar')
	await expect(
		page.getByRole('navigation', { name: 'Yönetim bölümleri' }).getByRole('link', { name: /^Mesajlar \(\d+ okunmamış mesaj\)$/ }),
	).toBeVisible()
	const row = page.getByRole('row').filter({ hasText: subject })
	await expect(row).toContainText('Okunmadı')
	await expect(row).toContainText('Deniz Arslan')
	await row.getByRole('button', { name: `${subject} – mesajı aç` }).click()
	const view = page.getByRole('article', { name: subject })
	await expect(view.getByRole('heading', { name: subject })).toBeFocused()
	await expect(view).toContainText('Deniz Arslan <deniz.arslan@example.org>')
	await expect(view).toContainText('yeni mezunlar için tanışma toplantısı ne zaman yapılacak?')
	await expect(view).toContainText('Okundu')
	await expect(row).toContainText('Okundu')
	await expect(view.getByRole('link', { name: 'Deniz Arslan kişisine e-postayla yanıt ver' })).toHaveAttribute(
		'href',
		/^mailto:deniz\.arslan@example\.org\?subject=Re%3A%20Yeni%20mezunlar/,
	)
	await view.getByRole('button', { name: 'Arşivle' }).click()
	await expect(page.getByText('Mesaj arşive taşındı.')).toBeVisible()
	await expect(page.getByRole('row').filter({ hasText: subject })).toHaveCount(0)
	await page.getByLabel('Klasör').selectOption('arsiv')
	await page.getByRole('button', { name: 'Göster' }).click()
	await expect(page).toHaveURL(/\/admin\/mesajlar\?kutu=arsiv$/)
	await expect(page.getByRole('row').filter({ hasText: subject })).toContainText('Okundu')
	expect(consoleErrors).toEqual([])
})

test('the contact page with its form, and with the form refused, has no serious accessibility violations, on a phone too', async ({
	page,
}) => {
	await page.goto(PAGE)
	expect(await seriousA11yViolations(page)).toEqual([])
	const form = page.getByRole('region', { name: 'Bize yazın' })
	await form.getByLabel('E-posta').fill('yanlis-adres')
	await form.getByRole('button', { name: 'Gönder' }).click()
	await expect(form.getByRole('alert')).toHaveText('Mesajınız gönderilemedi. Lütfen işaretli alanları düzeltin; yazdıklarınız kaybolmadı.')
	await expect(form.getByLabel('Ad Soyad')).toBeFocused()
	await expect(form.getByLabel('E-posta')).toHaveValue('yanlis-adres')
	await expect(form.getByLabel('E-posta')).toHaveAccessibleDescription(/Geçerli bir e-posta adresi yazın/)
	expect(await seriousA11yViolations(page)).toEqual([])
	await page.setViewportSize({ width: 375, height: 740 })
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
	expect(await seriousA11yViolations(page)).toEqual([])
})
