import { expect, seriousA11yViolations, test } from './fixtures.ts'

/** Items the admin journeys create and delete while these tests run (titles in tests/e2e/admin-*.test.ts). */
const ADMIN_TEST_ITEM = /E2E |JS’siz /

test('lists bulletins by year, newest year first, with Turkish month links to the PDFs', async ({ page, request }) => {
	await page.goto('/duyurular/bulten-arsivi')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('BÜLTEN ARŞİVİ')
	const years = (await page.locator('.bulletin-archive__year > h2').allTextContents()).map(Number)
	expect(years[0]).toBeGreaterThanOrEqual(2025)
	expect(years.at(-1)).toBe(2009)
	expect(years).toEqual(years.toSorted((a, b) => b - a))
	const year2009 = page.getByRole('list', { name: '2009' })
	await expect(year2009.getByRole('link')).toHaveText(['Mart 2009 (PDF)', 'Haziran 2009 (PDF)', 'Eylül 2009 (PDF)', 'Aralık 2009 (PDF)'])
	const href = await year2009.getByRole('link').first().getAttribute('href')
	const pdf = await request.get(href!)
	expect(pdf.headers()['content-type']).toBe('application/pdf')
})

test('lists alumni news newest first and shows one with its image, text and source link', async ({ page }) => {
	await page.goto('/mezunlarimiz/mezunlardan-haberler')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('MEZUNLARDAN HABERLER')
	// Only the demo items: the admin journeys add and remove their own while this runs.
	const cards = page.locator('.card-grid > li').filter({ hasNotText: ADMIN_TEST_ITEM })
	await expect(cards).toHaveCount(6)
	await expect(cards.first().getByRole('heading')).toHaveText('Mezunumuz Dr. Selin Arıkan’a Uluslararası Bilim Ödülü')
	await expect(cards.last().getByRole('heading')).toHaveText('Piyanist İpek Öztürk Avrupa Turnesinde')
	await cards
		.first()
		.getByRole('link', { name: /^devamını oku/ })
		.click()
	await expect(page).toHaveURL(/\/mezunlarimiz\/mezunlardan-haberler\/mezunumuz-dr-selin-arikan/)
	await expect(page.locator('[data-site-header]')).toHaveAttribute('data-theme', 'light')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mezunumuz Dr. Selin Arıkan’a Uluslararası Bilim Ödülü')
	await expect(page.locator('.detail__cover img')).toHaveAttribute('srcset', /w640\.webp/)
	const source = page.getByRole('link', { name: /^Kaynağı aç/ })
	await expect(source).toHaveAttribute('target', '_blank')
	await expect(source).toHaveAttribute('rel', 'noopener noreferrer')
	await page.getByRole('link', { name: 'haberlere dön' }).click()
	await expect(page).toHaveURL('/mezunlarimiz/mezunlardan-haberler')

	const response = await page.goto('/mezunlarimiz/mezunlardan-haberler/boyle-bir-haber-yok')
	expect(response?.status()).toBe(404)
	await expect(page.getByText('Aradığınız haber bulunamadı.')).toBeVisible()
})

test('filters member perks with category chips kept in the address', async ({ page }) => {
	await page.goto('/uyelik/uyelere-avantajlar')
	const chips = page.getByRole('navigation', { name: 'Kategoriler' }).getByRole('link')
	await expect(chips.first()).toHaveText('Tümü')
	await expect(chips.first()).toHaveAttribute('aria-current', 'page')
	await expect(chips.filter({ hasNotText: ADMIN_TEST_ITEM }).last()).toContainText('Diğer')
	const perks = page.locator('.perk').filter({ hasNotText: ADMIN_TEST_ITEM })
	await expect(perks).toHaveCount(9)
	await expect(perks.first().getByRole('heading')).toHaveText('Şirin Kafe & Pastane')
	await expect(perks.last().getByRole('heading')).toHaveText('Bahar Optik')
	// "iletişime geç" opens every contact the perk has, not only the phone.
	const first = perks.first()
	await first.getByText('iletişime geç').click()
	await expect(first.getByRole('link', { name: '+90 212 000 01 01' })).toHaveAttribute('href', 'tel:+902120000101')
	const both = perks.filter({ hasText: 'Işık Göz Kliniği' })
	await expect(both.locator('.perk__contacts')).toBeHidden()
	await both.getByText('iletişime geç').click()
	await expect(both.locator('.perk__contacts a')).toHaveText(['+90 212 000 01 02', 'randevu@ornek-isik.com.tr'])
	await expect(both.locator('.perk__contacts a').first()).toHaveAttribute('href', 'tel:+902120000102')
	await expect(both.locator('.perk__contacts a').last()).toHaveAttribute('href', 'mailto:randevu@ornek-isik.com.tr')
	const kalem = perks.filter({ hasText: 'Kalem Kitabevi' })
	await kalem.getByText('iletişime geç').click()
	await expect(kalem.getByRole('link', { name: 'merhaba@ornek-kalem.com.tr' })).toHaveAttribute('href', 'mailto:merhaba@ornek-kalem.com.tr')

	await chips.filter({ hasText: 'Sağlık' }).click()
	await expect(page).toHaveURL('/uyelik/uyelere-avantajlar?kategori=saglik')
	await expect(perks).toHaveCount(2)
	await expect(page.getByRole('link', { name: /Sağlık/ })).toHaveAttribute('aria-current', 'page')
	await chips.filter({ hasText: 'Diğer' }).click()
	await expect(perks).toHaveCount(1)
	await expect(perks.first()).toContainText('Bahar Optik')
	await chips.filter({ hasText: 'Tümü' }).click()
	await expect(perks).toHaveCount(9)
})

test('bulletin archive, alumni news and member perks have no serious accessibility violations', async ({ page, consoleErrors }) => {
	for (const path of [
		'/duyurular/bulten-arsivi',
		'/mezunlarimiz/mezunlardan-haberler',
		'/mezunlarimiz/mezunlardan-haberler/1',
		'/uyelik/uyelere-avantajlar',
	]) {
		await page.goto(path)
		expect(await seriousA11yViolations(page), path).toEqual([])
	}
	await page.setViewportSize({ width: 375, height: 740 })
	await page.goto('/uyelik/uyelere-avantajlar?kategori=saglik')
	expect(await seriousA11yViolations(page)).toEqual([])
	expect(consoleErrors).toEqual([])
})
