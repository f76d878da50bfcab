import { expect, seriousA11yViolations, test } from './fixtures.ts'

// The other files trust seriousA11yViolations() to say "none"; this proves it still finds what it must
// (it puts axe into the page once and runs it there, with violations only, to stay cheap).
test('the accessibility check reports serious and critical violations it is shown', async ({ page }) => {
	await page.goto('/iletisim/iletisim-adresleri')
	// A second check of a page reuses the axe the first one put there.
	expect(await seriousA11yViolations(page)).toEqual([])
	await page.locator('main').evaluate((main) => {
		main.insertAdjacentHTML(
			'beforeend',
			'<img src="/yok.png"><p style="color:#ccc;background:#fff">soluk metin</p><input type="text"><a href="/"></a>',
		)
	})
	const found = (await seriousA11yViolations(page)).map((line) => line.split(':')[0])
	expect(found.toSorted()).toEqual(['color-contrast', 'image-alt', 'label', 'link-name'])
})
