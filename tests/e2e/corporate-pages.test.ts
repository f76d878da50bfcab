import type { Page } from '@playwright/test'
import { extractPdfText } from '#app/lib/pdf.server.ts'
import { expect, seriousA11yViolations, test } from './fixtures.ts'

/** The map is a third-party frame: answer it locally so the tests stay offline. */
async function stubMap(page: Page) {
	await page.route(/openstreetmap\.org/, (route) =>
		route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="tr"><title>Harita</title><p>Harita</p></html>' }),
	)
}

const PAGES: Array<{ path: string; heading: string; theme: 'auto' | 'light'; content: Array<string | RegExp> }> = [
	{
		path: '/kurumsal/hakkimizda',
		heading: 'HAKKIMIZDA',
		theme: 'auto',
		content: ['Biz Kimiz?', 'Amaçlarımız', 'Neler Yapıyoruz?', '2.325 üyemiz', '1987 yılında'],
	},
	{
		path: '/kurumsal/tarihce',
		heading: 'TARİHÇE',
		theme: 'auto',
		content: ['38. yılını', 'Kuruluş: 1987', 'Lokalimiz: 2008–2022', 'Haziran 2022', '2025: Yeni Yapılanma'],
	},
	{
		path: '/kurumsal/yonetim-kurulu',
		heading: 'Yönetim Kurulu',
		theme: 'light',
		content: ['yedi asıl ve yedi yedek üyeden', 'Ayşe Nur Karaca', 'Başkan', 'Denetim Kurulu', 'Geçmiş Dönem Başkanlarımız'],
	},
	{
		path: '/kurumsal/dernek-tuzugu',
		heading: 'DERNEK TÜZÜĞÜ',
		theme: 'auto',
		content: ['İçindekiler', 'Madde 21 – Hüküm Eksikliği', 'Geçici Madde 1'],
	},
	{
		path: '/kurumsal/kvkk',
		heading: 'KVKK Aydınlatma Metni',
		theme: 'light',
		content: ['6698 sayılı Kişisel Verilerin Korunması Kanunu', 'Veri Sorumlusu', /PDF, \d+,\d KB/],
	},
	{ path: '/kurumsal/nds-ailesi', heading: 'NDS Ailesi', theme: 'auto', content: ['Okulumuz', 'Kuşaktan Kuşağa', 'In Sion Firmata Sum'] },
	{
		path: '/kurumsal/nds-edebiyat-odulu',
		heading: 'NDS EDEBİYAT ÖDÜLÜ',
		theme: 'auto',
		content: ['Seçici Kurul', 'Ödül Alan Kitaplar (2009–2025)', '17. kez', 'Mansiyon'],
	},
	{
		path: '/kurumsal/baskanin-mesaji',
		heading: 'Başkanın Mesajı',
		theme: 'auto',
		content: ['Sevgili mezunlarımız', 'Ayşe Nur Karaca', 'Yönetim Kurulu Başkanı'],
	},
	{
		path: '/mezunlarimiz/basari-onur-odulleri',
		heading: 'Başarı ve Onur Ödülleri',
		theme: 'light',
		content: ['20 Ocak Mezunlar Günü', 'NDS soyadı', 'Meslek'],
	},
	{
		path: '/uyelik/nasil-uye-olunur',
		heading: 'Nasıl Üye Olunur',
		theme: 'light',
		content: ['Üyelik başvuru formu', 'Gerekli Belgeleri Hazırlayın', '20 TL giriş aidatı', 'en geç 30 gün içinde', 'IBAN:'],
	},
	{
		path: '/uyelik/neden-uye-olmaliyiz',
		heading: 'Neden Üye Olmalıyız',
		theme: 'auto',
		content: ['Öğrencilere Destek Olun', 'Nasıl üye olunur?'],
	},
	{
		path: '/uyelik/uyelik-aidati',
		heading: 'Üyelik Aidatı',
		theme: 'light',
		content: ['Giriş aidatı (üyelikte bir kez)', '2025 yılı aidatı', '450 TL', 'Alınmaz'],
	},
	{
		path: '/aidat',
		heading: 'AİDAT ÖDEME',
		theme: 'light',
		content: ['Kartla aidat öde', 'Banka Hesabımız', 'haftalık olarak', 'giriş aidatı alınmaz', '%5 hizmet bedeli', '472,50 TL'],
	},
	{
		path: '/iletisim/iletisim-adresleri',
		heading: 'İletişim Adresleri',
		theme: 'light',
		content: ['Notre Dame de Sion Mezunları Derneği', 'Cumhuriyet Caddesi', 'Haritayı yeni sekmede aç'],
	},
	{
		path: '/iletisim/nds-sosyal-medya',
		heading: 'NDS Sosyal Medya',
		theme: 'auto',
		content: ['Instagram', 'YouTube', 'Facebook mezun grubu', 'resmî hesaplar'],
	},
	{
		path: '/gizlilik-sozlesmesi',
		heading: 'Gizlilik Sözleşmesi',
		theme: 'light',
		content: ['Site Ziyaret Bilgileri ve Çerezler', 'Uluslararası Veri Akışı', 'Üçüncü Taraf Siteler'],
	},
	{
		path: '/iptal-iade-sartlari',
		heading: 'İptal ve İade Şartları',
		theme: 'light',
		content: ['en geç 15 iş günü içinde', 'Ödenen üyelik aidatları iade edilmez', 'provizyon'],
	},
]

for (const { path, heading, theme, content } of PAGES) {
	test(`${path} shows its heading and content and has no serious accessibility violations`, async ({ page, consoleErrors }) => {
		await stubMap(page)
		const response = await page.goto(path)
		expect(response?.status()).toBe(200)
		await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
		// Page titles are set in capitals, upper-cased the Turkish way.
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading.toLocaleUpperCase('tr-TR'))
		await expect(page.locator('[data-site-header]')).toHaveAttribute('data-theme', theme)
		if (theme === 'auto') await expect(page.locator('.page-hero')).toBeVisible()
		const main = page.locator('main')
		for (const text of content) await expect(main.getByText(text).first()).toBeVisible()
		expect(await seriousA11yViolations(page)).toEqual([])
		await page.setViewportSize({ width: 375, height: 740 })
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
		expect(await seriousA11yViolations(page)).toEqual([])
		expect(consoleErrors).toEqual([])
	})
}

test('gives every page its own Turkish title and description', async ({ request }) => {
	const titles = new Set<string>()
	const descriptions = new Set<string>()
	for (const { path } of PAGES) {
		const html = await (await request.get(path)).text()
		const title = /<title>([^<]+)<\/title>/.exec(html)?.[1]
		const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1]
		expect(title, path).toMatch(/ \| NDS Mezunları Derneği$/)
		expect(description?.length, path).toBeGreaterThan(50)
		titles.add(title!)
		descriptions.add(description!)
	}
	expect(titles.size).toBe(PAGES.length)
	expect(descriptions.size).toBe(PAGES.length)
})

test('lays the board out in two columns on a phone and three on a desktop', async ({ page }) => {
	const columns = () =>
		page.locator('[data-board-grid]').evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').filter(Boolean).length)
	await page.setViewportSize({ width: 375, height: 740 })
	await page.goto('/kurumsal/yonetim-kurulu')
	const cards = page.locator('[data-board-grid] > li')
	await expect(cards).toHaveCount(7)
	expect(await columns()).toBe(2)
	await expect(cards.first().getByRole('heading')).toHaveText('Ayşe Nur Karaca')
	await expect(cards.first().locator('img')).toHaveAttribute('width', /\d+/)
	await page.setViewportSize({ width: 1280, height: 900 })
	expect(await columns()).toBe(3)
	const tops = await cards.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)))
	expect(new Set(tops.slice(0, 3)).size).toBe(1)
	expect(tops[3]).toBeGreaterThan(tops[0]!)
})

test('links every bylaw article from the table of contents', async ({ page }) => {
	await page.goto('/kurumsal/dernek-tuzugu')
	const toc = page.getByRole('navigation', { name: 'İçindekiler' })
	await expect(toc.getByRole('link')).toHaveCount(22)
	await toc.getByRole('link', { name: 'Madde 7 – Üyelikten Çıkarılma' }).click()
	await expect(page).toHaveURL(/#madde-7-uyelikten-cikarilma$/)
	const article = page.getByRole('heading', { name: 'Madde 7 – Üyelikten Çıkarılma' })
	await expect(article).toBeInViewport()
	await expect(page.getByText('Üyelik aidatını, yazılı uyarıya rağmen altı ay süreyle ödememek.')).toBeVisible()
})

test('downloads the KVKK notice as a PDF with the same title and the size the page shows', async ({ page, request }) => {
	await page.goto('/kurumsal/kvkk')
	const link = page.getByRole('link', { name: /Metni PDF olarak indir/ })
	const shownSize = /PDF, ([\d,]+) KB/.exec((await link.textContent()) ?? '')?.[1]
	const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
	expect(download.suggestedFilename()).toBe('kvkk-aydinlatma-metni.pdf')

	const response = await request.get('/kurumsal/kvkk.pdf')
	expect(response.status()).toBe(200)
	expect(response.headers()['content-type']).toBe('application/pdf')
	expect(response.headers()['content-disposition']).toBe('attachment; filename="kvkk-aydinlatma-metni.pdf"')
	const bytes = await response.body()
	expect(shownSize).toBe(new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes.length / 1024))
	const text = await extractPdfText(bytes)
	expect(text).toMatch(/^KVKK Aydınlatma Metni /)
	expect(text).toContain('6698 sayılı Kişisel Verilerin Korunması Kanunu')
	expect(text).toContain('İlgili Kişi Olarak Haklarınız')

	const again = await request.get('/kurumsal/kvkk.pdf', { headers: { 'If-None-Match': response.headers().etag! } })
	expect(again.status()).toBe(304)
})

test('offers phone, e-mail and a map that can fail without breaking the contact page', async ({ page }) => {
	await page.route(/openstreetmap\.org/, (route) => route.abort())
	await page.goto('/iletisim/iletisim-adresleri')
	await expect(page.getByRole('link', { name: '+90 212 000 00 00' })).toHaveAttribute('href', 'tel:+902120000000')
	await expect(page.getByRole('link', { name: 'iletisim@ornek-dernek.org.tr' })).toHaveAttribute(
		'href',
		'mailto:iletisim@ornek-dernek.org.tr',
	)
	await expect(page.locator('main address')).toContainText('34367 İstanbul')
	const map = page.locator('iframe[title="Dernek ofisinin harita üzerindeki konumu"]')
	await expect(map).toHaveAttribute('src', /openstreetmap\.org/)
	const fallback = page.getByRole('link', { name: /Haritayı yeni sekmede aç/ })
	await expect(fallback).toBeVisible()
	await expect(fallback).toHaveAttribute('target', '_blank')
	await expect(fallback).toHaveAttribute('href', /openstreetmap\.org/)
})

test('opens the three official social accounts in new tabs and says only they speak for the association', async ({ page }) => {
	await page.goto('/iletisim/nds-sosyal-medya')
	const links = page.locator('.social-cards a')
	await expect(links).toHaveCount(3)
	for (const [name, href] of [
		['Instagram', 'https://www.instagram.com/ornekdernek/'],
		['YouTube', 'https://www.youtube.com/@ornekdernek'],
		['Facebook mezun grubu', 'https://www.facebook.com/groups/ornekdernek'],
	] as const) {
		const link = page.locator('main').getByRole('link', { name: new RegExp(`^${name}`) })
		await expect(link).toHaveAttribute('href', href)
		await expect(link).toHaveAttribute('target', '_blank')
		await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
	}
	await expect(page.getByRole('heading', { name: 'Resmî Hesaplarımız Hakkında' })).toBeVisible()
	await expect(page.getByText(/yalnızca bu sayfada bağlantısı verilen resmî hesaplar açıklama yapar/)).toBeVisible()
})

test('shows the literature award years newest first, books in two columns with honourable mentions marked', async ({ page }) => {
	await page.setViewportSize({ width: 375, height: 740 })
	await page.goto('/kurumsal/nds-edebiyat-odulu')
	const grid = page.locator('.book-grid').first()
	expect(await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length)).toBe(2)
	const books = page.locator('.book-grid li')
	expect(await books.count()).toBeGreaterThanOrEqual(17)
	await expect(books.first()).toContainText('2025')
	await expect(books.last()).toContainText('2009')
	const latest = page.getByRole('region', { name: '2025', exact: true })
	await expect(latest.getByRole('heading', { name: 'Seçici Kurul' })).toBeVisible()
	await expect(latest.getByRole('listitem').filter({ hasText: 'Sevim Aktan' })).toBeVisible()
	const mention = page.locator('.book-grid li[data-mention="true"]').first()
	await expect(mention.getByText('Mansiyon')).toBeVisible()
	await expect(mention.locator('img')).toHaveAttribute('alt', /kitabının kapağı$/)
})
