import { expect, test } from './fixtures.ts'

test('shows the home carousels as scrollable rows of plain links without JavaScript', async ({ page }) => {
	await page.goto('/')
	for (const name of ['Duyurular', 'Etkinlikler']) {
		const frame = page.getByRole('group', { name })
		await expect(frame.locator('[data-clone]')).toHaveCount(0)
		await expect(frame.getByRole('button')).toHaveCount(0)
		const links = frame.getByRole('link', { name: /^devamını oku/ })
		expect(await links.count()).toBeGreaterThan(3)
		expect(await frame.locator('[data-carousel-viewport]').evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
	}
	const first = page
		.getByRole('group', { name: 'Duyurular' })
		.getByRole('link', { name: /^devamını oku/ })
		.first()
	await first.click()
	await expect(page).toHaveURL(/\/duyurular\/\d+$/)
})

test('shows the agenda and the publication covers as links without JavaScript', async ({ page }) => {
	await page.goto('/')
	await expect(page.getByRole('region', { name: 'Ajanda' }).getByRole('listitem')).toHaveCount(4)
	const covers = page.locator('[data-pub-grid] a')
	await expect(covers).toHaveCount(9)
	await expect(covers.first()).toHaveAttribute('href', /\.pdf$/)
	await expect(page.locator('[data-pub-toggle]')).toBeHidden()
})

test('picks a month with plain links and closes the picker without JavaScript', async ({ page }) => {
	await page.goto('/duyurular/takvim?ay=2026-12')
	await expect(page.getByRole('dialog')).toBeHidden()
	await page.getByRole('link', { name: 'Aralık 2026' }).click()
	await expect(page).toHaveURL('/duyurular/takvim?ay=2026-12&yil=2026#ay-secici')
	const dialog = page.getByRole('dialog', { name: 'Ay seçin' })
	await expect(dialog).toBeVisible()
	await dialog.getByRole('link', { name: 'Sonraki yıl' }).click()
	await expect(dialog.locator('[data-year-label]')).toHaveText('2027')
	await dialog.getByRole('button', { name: 'İptal' }).click()
	await expect(dialog).toBeHidden()
	await page.getByRole('link', { name: 'Aralık 2026' }).click()
	await page.getByRole('dialog').getByRole('link', { name: 'Şubat' }).click()
	await expect(page).toHaveURL('/duyurular/takvim?ay=2026-02')
	await expect(page.locator('#takvim-ay')).toHaveText('Şubat 2026')
	await page.getByRole('link', { name: 'Önceki Ay' }).click()
	await expect(page.locator('#takvim-ay')).toHaveText('Ocak 2026')
})

test('filters member perks and searches without JavaScript', async ({ page }) => {
	await page.goto('/uyelik/uyelere-avantajlar')
	await page
		.getByRole('navigation', { name: 'Kategoriler' })
		.getByRole('link', { name: /Kültür-Sanat/ })
		.click()
	await expect(page).toHaveURL('/uyelik/uyelere-avantajlar?kategori=kultur-sanat')
	await expect(page.locator('.perk')).toHaveCount(2)

	await page.goto('/arama')
	await page.getByRole('searchbox', { name: 'Aranacak kelimeler' }).fill('ŞİRİN')
	await page.getByRole('button', { name: 'Ara', exact: true }).last().click()
	await expect(page).toHaveURL('/arama?q=%C5%9E%C4%B0R%C4%B0N')
	await expect(page.locator('.search-hit mark').first()).toHaveText('Şirin')
})

test('gives every content image its size and lazy loading below the fold', async ({ page }) => {
	for (const [path, lazy] of [
		['/', true],
		['/duyurular', true],
		['/duyurular/1', false],
		['/uyelik/uyelere-avantajlar', true],
		['/mezunlarimiz/mezunlardan-haberler', true],
	] as const) {
		await page.goto(path)
		const images = await page.locator('main img').evaluateAll((imgs) =>
			imgs.map((img) => ({
				width: img.getAttribute('width'),
				height: img.getAttribute('height'),
				loading: img.getAttribute('loading'),
				priority: img.getAttribute('fetchpriority'),
			})),
		)
		expect(images.length, path).toBeGreaterThan(0)
		for (const image of images) {
			expect(image.width, path).toMatch(/^\d+$/)
			expect(image.height, path).toMatch(/^\d+$/)
		}
		expect(images.filter((i) => i.priority === 'high').length, path).toBeLessThanOrEqual(1)
		if (lazy) expect(images.filter((i) => i.loading === 'lazy').length, path).toBeGreaterThan(0)
	}
})
