import { expect, seriousA11yViolations, test } from './fixtures.ts'

test('shows the search form for an empty or blank query', async ({ page }) => {
	for (const path of ['/arama', '/arama?q=', '/arama?q=%20%20%20']) {
		await page.goto(path)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('ARAMA')
		await expect(page.getByRole('searchbox', { name: 'Aranacak kelimeler' })).toBeVisible()
		await expect(page.locator('.search-hit')).toHaveCount(0)
	}
})

test('finds content whatever the case and Turkish letters, and highlights the match', async ({ page }) => {
	for (const query of ['istanbul', 'İSTANBUL', 'Istanbul']) {
		await page.goto(`/arama?q=${encodeURIComponent(query)}`)
		const hit = page.locator('.search-hit').filter({ hasText: 'Piyanist İpek Öztürk Avrupa Turnesinde' })
		await expect(hit).toHaveCount(1)
		await expect(hit.locator('mark')).toHaveText(['İstanbul'])
		await expect(hit.locator('.search-hit__kind')).toHaveText('Mezunlardan Haber')
	}
	await page.goto('/arama?q=ogretmenimiz')
	const teacher = page.locator('.search-hit').first()
	await expect(teacher.getByRole('link')).toHaveText('Emekli Öğretmenimiz Nermin Hanım’ın Anıları Kitap Oldu')
	await expect(teacher.locator('.search-hit__title mark')).toHaveText('Öğretmenimiz')

	await page.goto('/arama?q=sirin')
	await expect(page.locator('.search-hit').first().locator('mark').first()).toHaveText('Şirin')
	await expect(page.locator('.search-results__summary')).toHaveText(/için \d+ sonuç bulundu\.$/)
})

test('ranks title matches first and links each kind of result', async ({ page }) => {
	await page.goto('/arama?q=kermes')
	const kinds = page.locator('.search-hit__kind')
	const titles = page.locator('.search-hit__title')
	await expect(titles.first()).toContainText('Kermes')
	const hits = await page.locator('.search-hit').count()
	const withTitleMark = await page.locator('.search-hit__title:has(mark)').count()
	expect(withTitleMark).toBeGreaterThan(1)
	for (let i = 0; i < hits; i++) {
		const marked = (await titles.nth(i).locator('mark').count()) > 0
		expect(marked, `hit ${i}`).toBe(i < withTitleMark)
	}
	await expect(kinds).toContainText(['Duyuru'])
	await expect(kinds).toContainText(['Etkinlik'])

	await page.goto('/arama?q=mart+2024')
	const bulletin = page.locator('.search-hit').filter({ hasText: 'Mart 2024 Bülteni' })
	await expect(bulletin.getByRole('link')).toHaveAttribute('href', /\/media\/bulletins\/2024-03-.+\.pdf$/)
	await expect(bulletin.locator('.search-hit__kind')).toHaveText('Bülten')

	await page.goto('/arama?q=kitabevi')
	await page.locator('.search-hit').first().getByRole('link').click()
	await expect(page).toHaveURL(/\/uyelik\/uyelere-avantajlar\?kategori=kultur-sanat&avantaj=(\d+)#avantaj-\1$/)
	await expect(page.locator('.perk:target')).toContainText('Kalem Kitabevi')
})

test('says Sonuç bulunamadı. and suggests single words and sections when nothing matches', async ({ page }) => {
	await page.goto('/arama?q=z%C3%BCrafa+kermes')
	await expect(page.getByRole('heading', { name: 'Sonuç bulunamadı.' })).toBeVisible()
	const suggestion = page.getByRole('link', { name: /Yalnızca “kermes”/ })
	await expect(suggestion).toBeVisible()
	await suggestion.click()
	await expect(page).toHaveURL('/arama?q=kermes')
	await expect(page.locator('.search-hit').first()).toBeVisible()
	await page.goto('/arama?q=qqqxxz')
	await expect(page.getByText('Sonuç bulunamadı.')).toBeVisible()
	await expect(page.getByRole('link', { name: 'Bülten Arşivi' }).last()).toHaveAttribute('href', '/duyurular/bulten-arsivi')
})

test('searches from the header search bar', async ({ page }) => {
	await page.goto('/duyurular')
	await page.getByRole('button', { name: 'Sitede ara' }).or(page.locator('summary[aria-label="Sitede ara"]')).first().click()
	await page.getByPlaceholder('Sitede ara…').first().fill('  Burs  ')
	await page.getByPlaceholder('Sitede ara…').first().press('Enter')
	await expect(page).toHaveURL('/arama?q=Burs')
	await expect(page.locator('.search-hit mark').first()).toHaveText(/^burs$/i)
})

test('search pages have no serious accessibility violations', async ({ page, consoleErrors }) => {
	for (const path of ['/arama', '/arama?q=istanbul', '/arama?q=qqqxxz+kermes']) {
		await page.goto(path)
		expect(await seriousA11yViolations(page), path).toEqual([])
	}
	expect(consoleErrors).toEqual([])
})

test('a one-letter query highlights nothing and asks for at least two letters', async ({ page }) => {
	for (const query of ['e', 'İ', 'a b']) {
		await page.goto(`/arama?q=${encodeURIComponent(query)}`)
		await expect(page.locator('.search-results__summary')).toHaveText('Aramak için en az iki harfli bir kelime yazın.')
		await expect(page.locator('.search-hit')).toHaveCount(0)
		await expect(page.locator('mark')).toHaveCount(0)
		await expect(page.getByRole('searchbox', { name: 'Aranacak kelimeler' })).toHaveValue(query)
	}
	// Beside a real word, a single letter is ignored: only the word is marked.
	await page.goto('/arama?q=e+kermes')
	await expect(page.locator('.search-hit').first()).toBeVisible()
	const marks = await page.locator('.search-hit mark').allTextContents()
	expect(marks.length).toBeGreaterThan(0)
	for (const mark of marks) expect(mark.toLocaleLowerCase('tr-TR')).toBe('kermes')
})
