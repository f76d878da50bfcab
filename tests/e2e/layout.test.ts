import { expect, seriousA11yViolations, test } from './fixtures.ts'

test('opens a desktop dropdown on hover and closes it when the pointer leaves', async ({ page }) => {
	await page.goto('/')
	const nav = page.getByRole('navigation', { name: 'Ana menü' }).first()
	const history = nav.getByRole('link', { name: 'Tarihçe' })
	await expect(history).toBeHidden()
	await nav.getByRole('link', { name: 'Kurumsal' }).hover()
	await expect(history).toBeVisible()
	await history.hover()
	await history.click()
	await expect(page).toHaveURL('/kurumsal/tarihce')
	await page.mouse.move(640, 600)
	await expect(page.getByRole('navigation', { name: 'Ana menü' }).first().getByRole('link', { name: 'Tarihçe' })).toBeHidden()
})

test('opens a desktop dropdown on keyboard focus and closes it with Escape', async ({ page }) => {
	await page.goto('/')
	const nav = page.getByRole('navigation', { name: 'Ana menü' }).first()
	const announcements = nav.getByRole('link', { name: 'Duyurular', exact: true }).first()
	await announcements.focus()
	const calendar = nav.getByRole('link', { name: 'Takvim' })
	await expect(calendar).toBeVisible()
	await page.keyboard.press('Tab')
	await expect(nav.getByRole('link', { name: 'Duyurular', exact: true }).nth(1)).toBeFocused()
	await page.keyboard.press('Tab')
	await expect(nav.getByRole('link', { name: 'Etkinlikler' })).toBeFocused()
	await page.keyboard.press('Escape')
	await expect(calendar).toBeHidden()
	await expect(announcements).toBeFocused()
})

test('runs the mobile menu at 375 px: one section at a time, scroll locked, a link closes it', async ({ page }) => {
	await page.setViewportSize({ width: 375, height: 740 })
	await page.goto('/')
	await expect(page.getByRole('navigation', { name: 'Ana menü' }).first()).toBeHidden()
	const open = page.locator('summary[aria-label="Menüyü aç"]')
	await open.click()
	await expect(page.locator('summary[aria-label="Menüyü kapat"]')).toBeVisible()
	await expect(page.locator('html')).toHaveClass(/scroll-locked/)
	const panel = page.locator('.mobile-menu__panel')
	await panel.getByText('Kurumsal', { exact: true }).click()
	await expect(panel.getByRole('link', { name: 'Hakkımızda' })).toBeVisible()
	await panel.getByText('Üyelik', { exact: true }).click()
	await expect(panel.getByRole('link', { name: 'Nasıl Üye Olunur' })).toBeVisible()
	await expect(panel.getByRole('link', { name: 'Hakkımızda' })).toBeHidden()
	await panel.getByRole('link', { name: 'Nasıl Üye Olunur' }).click()
	await expect(page).toHaveURL('/uyelik/nasil-uye-olunur')
	await expect(page.locator('.mobile-menu__panel')).toBeHidden()
	await expect(page.locator('html')).not.toHaveClass(/scroll-locked/)
})

test('search bar: empty closes, Escape closes, Kapat closes, trimmed text searches', async ({ page }) => {
	await page.goto('/kurumsal/tarihce')
	const button = page.getByRole('button', { name: 'Sitede ara' }).or(page.locator('summary[aria-label="Sitede ara"]'))
	const input = page.getByPlaceholder('Sitede ara…')

	await button.first().click()
	await expect(input).toBeVisible()
	await expect(input).toBeFocused()
	await input.press('Enter')
	await expect(input).toBeHidden()
	await expect(page).toHaveURL('/kurumsal/tarihce')

	await button.first().click()
	await input.fill('   ')
	await input.press('Enter')
	await expect(input).toBeHidden()

	await button.first().click()
	await input.press('Escape')
	await expect(input).toBeHidden()

	await button.first().click()
	await page.getByRole('button', { name: 'Kapat' }).click()
	await expect(input).toBeHidden()

	await button.first().click()
	await input.fill('  mezun günü  ')
	await input.press('Enter')
	await expect(page).toHaveURL('/arama?q=mezun+g%C3%BCn%C3%BC')
})

test('hero carousel moves with buttons, dots and arrow keys, wraps, and can be paused', async ({ page }) => {
	await page.goto('/')
	const hero = page.getByRole('region', { name: 'Öne çıkanlar' })
	const active = hero.locator('[data-hero-slide][data-active="true"]')
	const slides = hero.locator('[data-hero-slide]')
	const count = await slides.count()
	expect(count).toBeGreaterThanOrEqual(2)
	await expect(active).toHaveAttribute('aria-label', `1 / ${count}`)

	await hero.getByRole('button', { name: 'Sonraki slayt' }).click()
	await expect(active).toHaveAttribute('aria-label', `2 / ${count}`)
	await expect(hero.getByRole('button', { name: '2. slayta git' })).toHaveAttribute('aria-current', 'true')

	await hero.getByRole('button', { name: 'Önceki slayt' }).click()
	await hero.getByRole('button', { name: 'Önceki slayt' }).click()
	await expect(active).toHaveAttribute('aria-label', `${count} / ${count}`)

	await hero.getByRole('button', { name: '1. slayta git' }).click()
	await expect(active).toHaveAttribute('aria-label', `1 / ${count}`)

	await page.keyboard.press('ArrowRight')
	await expect(active).toHaveAttribute('aria-label', `2 / ${count}`)
	await page.keyboard.press('ArrowLeft')
	await expect(active).toHaveAttribute('aria-label', `1 / ${count}`)

	const toggle = hero.getByRole('button', { name: 'Otomatik geçişi durdur' })
	await toggle.click()
	await expect(hero.getByRole('button', { name: 'Otomatik geçişi başlat' })).toBeVisible()
	await expect(hero.locator('[data-hero-slide]:not([data-active="true"])').first()).toHaveAttribute('aria-hidden', 'true')
})

test('hero carousel advances by itself every 6 seconds and not under reduced motion', async ({ page }) => {
	await page.clock.install()
	await page.goto('/')
	const active = page.locator('[data-hero-slide][data-active="true"]')
	await expect(active).toHaveAttribute('aria-label', /^1 \//)
	await page.mouse.move(5, 890)
	await page.clock.runFor(6100)
	await expect(active).toHaveAttribute('aria-label', /^2 \//)

	await page.emulateMedia({ reducedMotion: 'reduce' })
	await page.reload()
	await page.clock.runFor(13_000)
	await expect(active).toHaveAttribute('aria-label', /^1 \//)
})

test('header is transparent at the top of the home page, hides on scroll down and returns on scroll up', async ({ page }) => {
	await page.goto('/')
	const header = page.locator('[data-site-header]')
	const backgroundAlpha = () =>
		header.evaluate((el) => {
			const match = /rgba?\(([^)]+)\)/.exec(getComputedStyle(el).backgroundColor)
			const parts = match?.[1]?.split(',').map(Number) ?? []
			return parts.length === 4 ? parts[3] : 1
		})
	expect(await backgroundAlpha()).toBe(0)
	await page.mouse.wheel(0, 400)
	await expect(header).toHaveAttribute('data-hidden', 'true')
	await expect.poll(backgroundAlpha).toBe(1)
	await page.mouse.wheel(0, -150)
	await expect(header).not.toHaveAttribute('data-hidden', 'true')
	await expect(header).toBeInViewport()
})

test('light pages get a solid header and leave room for it', async ({ page }) => {
	await page.goto('/uyelik/nasil-uye-olunur')
	const header = page.locator('[data-site-header]')
	await expect(header).toHaveAttribute('data-theme', 'light')
	expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)')
	const heading = page.getByRole('heading', { level: 1 })
	const box = await heading.boundingBox()
	expect(box!.y).toBeGreaterThan(72)
})

test('member platform button opens in a new tab with a short label on narrower screens', async ({ page }) => {
	await page.goto('/')
	const button = page.locator('.site-header__actions > .member-button')
	await expect(button).toHaveAttribute('target', '_blank')
	await expect(button).toHaveAttribute('rel', /noopener/)
	await expect(button).toContainText('Üye İletişim Platformu')
	await page.setViewportSize({ width: 1100, height: 800 })
	await expect(button.locator('.member-button__short')).toHaveText('Üye Platformu')
	await expect(button.locator('.member-button__long')).toBeHidden()
})

test('footer has social links in new tabs, site links, the year, legal links and card logos', async ({ page }) => {
	await page.goto('/')
	const footer = page.getByRole('contentinfo')
	for (const name of ['Instagram', 'YouTube', 'Facebook']) {
		const link = footer.getByRole('link', { name: new RegExp(`^${name}`) })
		await expect(link).toHaveAttribute('target', '_blank')
		await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
	}
	const links = footer.getByRole('navigation', { name: 'Bağlantılar' })
	for (const [name, href] of [
		['Hakkımızda', '/kurumsal/hakkimizda'],
		['Üyelik', '/uyelik/neden-uye-olmaliyiz'],
		['Aidat', '/aidat'],
		['Duyurular', '/duyurular'],
		['İletişim', '/iletisim/iletisim-adresleri'],
	] as const) {
		await expect(links.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
	}
	const year = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Istanbul', year: 'numeric' }).format(new Date())
	await expect(footer).toContainText(`© ${year}`)
	await expect(footer.getByRole('link', { name: 'Gizlilik Sözleşmesi' })).toHaveAttribute('href', '/gizlilik-sozlesmesi')
	await expect(footer.getByRole('link', { name: 'İptal ve İade Şartları' })).toHaveAttribute('href', '/iptal-iade-sartlari')
	await expect(footer.getByRole('img', { name: 'Visa' })).toBeVisible()
	await expect(footer.getByRole('img', { name: 'Mastercard' })).toBeVisible()
})

test('answers the spec’s empty paths with server redirects', async ({ request }) => {
	for (const [from, to] of [
		['/kurumsal', '/kurumsal/hakkimizda'],
		['/mezunlarimiz', '/mezunlarimiz/mezunlardan-haberler'],
		['/uyelik', '/uyelik/neden-uye-olmaliyiz'],
		['/iletisim', '/iletisim/iletisim-adresleri'],
		['/aidat/aidat-odeme', '/aidat'],
		['/boyle-bir-sayfa-yok', '/'],
		['/kurumsal/olmayan/derin/yol?x=1', '/'],
	] as const) {
		const response = await request.get(from, { maxRedirects: 0 })
		expect(response.status(), from).toBeGreaterThanOrEqual(301)
		expect(response.status(), from).toBeLessThanOrEqual(308)
		expect(new URL(response.headers().location!, 'http://x').pathname, from).toBe(to)
	}
})

test('every navigation starts at the top of the page', async ({ page }) => {
	await page.goto('/')
	await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
	await page.getByRole('contentinfo').getByRole('link', { name: 'Aidat', exact: true }).click()
	await expect(page).toHaveURL('/aidat')
	expect(await page.evaluate(() => window.scrollY)).toBe(0)
})

test('serves robots.txt, a favicon and ignores unknown query parameters', async ({ request }) => {
	const robots = await request.get('/robots.txt')
	expect(robots.status()).toBe(200)
	expect(await robots.text()).toContain('Sitemap:')
	expect((await request.get('/favicon.ico')).status()).toBe(200)
	expect((await request.get('/?utm_source=x&foo[bar]=1')).status()).toBe(200)
})

test('home page has no serious or critical accessibility violations', async ({ page, consoleErrors }) => {
	await page.goto('/')
	expect(await seriousA11yViolations(page)).toEqual([])
	await page.setViewportSize({ width: 375, height: 740 })
	expect(await seriousA11yViolations(page)).toEqual([])
	expect(consoleErrors).toEqual([])
})
