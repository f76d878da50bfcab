import type { Page } from '@playwright/test'
import { expect, seriousA11yViolations, signInAsAdmin, test } from './fixtures.ts'

const unique = () => Math.random().toString(36).slice(2, 7)

async function addAnnouncement(page: Page, title: string, status: 'Yayında' | 'Taslak', date?: string) {
	await page.getByRole('link', { name: 'Yeni', exact: true }).click()
	const dialog = page.getByRole('dialog', { name: 'Yeni duyuru' })
	await dialog.getByRole('textbox', { name: 'Başlık', exact: true }).fill(title)
	if (date) await dialog.getByLabel('Tarih', { exact: true }).fill(date)
	await dialog.getByLabel('Durum', { exact: true }).selectOption({ label: status })
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog).toBeHidden()
	await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible()
}

const idOf = async (page: Page, title: string) =>
	(
		await page
			.getByRole('row', { name: new RegExp(title) })
			.getByRole('link', { name: /düzenle/ })
			.getAttribute('href')
	)?.match(/edit=(\d+)/)?.[1]

test('lists a future-dated announcement as Zamanlandı with its date and time, filters by status, and previews it for admins only', async ({
	page,
	browser,
}) => {
	const scheduled = `E2E Zamanlı duyuru ${unique()}`
	const draft = `E2E Taslak duyuru ${unique()}`
	await signInAsAdmin(page, '/giris?redirect=%2Fadmin%2Fduyurular')
	await addAnnouncement(page, scheduled, 'Yayında', '2099-05-01')
	await addAnnouncement(page, draft, 'Taslak')

	// Published with a future date is not "Yayında": its page is not public yet.
	const row = page.getByRole('row', { name: new RegExp(scheduled) })
	await expect(row.locator('.status-badge')).toHaveText(/^Zamanlandı: 1 Mayıs 2099 .*00:00$/)
	await expect(page.getByRole('row', { name: new RegExp(draft) }).locator('.status-badge')).toHaveText('Taslak')
	const id = await idOf(page, scheduled)
	expect((await page.request.get(`/duyurular/${id}`)).status()).toBe(404)

	// The status filter: a GET form, filtered on the server.
	await page.getByLabel('Göster', { exact: true }).selectOption({ label: 'Zamanlandı' })
	await page.getByRole('button', { name: 'Uygula' }).click()
	await expect(page).toHaveURL('/admin/duyurular?durum=zamanlandi')
	await expect(page.getByRole('row', { name: new RegExp(scheduled) })).toBeVisible()
	await expect(page.getByRole('row', { name: new RegExp(draft) })).toHaveCount(0)
	await expect(page.locator('.admin-table tbody .status-badge--published')).toHaveCount(0)
	// A part of the list cannot be reordered.
	await expect(page.locator('.order-buttons')).toHaveCount(0)
	expect(await seriousA11yViolations(page)).toEqual([])

	await page.getByLabel('Göster', { exact: true }).selectOption({ label: 'Taslak' })
	await page.getByRole('button', { name: 'Uygula' }).click()
	await expect(page).toHaveURL('/admin/duyurular?durum=taslak')
	await expect(page.getByRole('row', { name: new RegExp(draft) })).toBeVisible()
	await expect(page.getByRole('row', { name: new RegExp(scheduled) })).toHaveCount(0)

	// Önizle: the public page as it will look, with a banner, never cached, noindex.
	const preview = page.getByRole('link', { name: `Önizle – ${draft}` })
	await expect(preview).toHaveText('Önizle')
	const href = (await preview.getAttribute('href')) as string
	const answer = await page.goto(href)
	expect(answer?.status()).toBe(200)
	expect(answer?.headers()['cache-control']).toBe('no-store')
	expect(answer?.headers()['x-robots-tag']).toContain('noindex')
	expect(answer?.headers()['x-render-cache']).toBeUndefined()
	await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(draft)
	await expect(page.getByRole('complementary', { name: 'Önizle' })).toContainText('henüz ziyaretçilere açık değil')
	// The public chrome, not the admin's.
	await expect(page.locator('.admin-sidebar')).toHaveCount(0)
	await expect(page.locator('footer')).toBeVisible()

	await page.goto(`/admin/onizleme/duyuru/${id}`)
	await expect(page.getByRole('complementary', { name: 'Önizle' })).toContainText('1 Mayıs 2099')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(scheduled)

	// A published announcement offers no preview (its page is public).
	await page.goto('/admin/duyurular?durum=yayinda')
	await expect(page.getByRole('link', { name: /^Önizle – / })).toHaveCount(0)

	// Signed out: the sign-in page, never the draft.
	const anonymous = await browser.newContext()
	try {
		const refused = await anonymous.request.get(href, { maxRedirects: 0 })
		expect(refused.status()).toBe(302)
		expect(refused.headers().location).toMatch(/^\/giris\?redirect=/)
	} finally {
		await anonymous.close()
	}

	// Clean up.
	await page.goto('/admin/duyurular')
	for (const title of [scheduled, draft]) {
		page.once('dialog', (confirm) => confirm.accept())
		await page.getByRole('link', { name: `${title} – sil` }).click()
		await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
	}
})

for (const width of [375, 768]) {
	test(`shows the preview banner in view and the status filter without horizontal scrolling at ${width} px`, async ({ page }) => {
		await page.setViewportSize({ width, height: 800 })
		const title = `E2E Dar ekran taslağı ${unique()}`
		await signInAsAdmin(page, '/giris?redirect=%2Fadmin%2Fduyurular')
		await addAnnouncement(page, title, 'Taslak')
		const id = await idOf(page, title)
		await expect(page.locator('[data-status-filter]')).toBeVisible()
		await page.goto(`/admin/onizleme/duyuru/${id}`)
		await expect(page.getByRole('complementary', { name: 'Önizle' })).toBeInViewport()
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
		await page.goto('/admin/duyurular')
		page.once('dialog', (confirm) => confirm.accept())
		await page.getByRole('link', { name: `${title} – sil` }).click()
		await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
	})
}

test('lists events as Yayında or Geçmiş and filters them by status', async ({ page }) => {
	const title = `E2E Geçmiş etkinlik ${unique()}`
	await signInAsAdmin(page, '/giris?redirect=%2Fadmin%2Fetkinlikler')
	await page.getByRole('link', { name: 'Yeni', exact: true }).click()
	const dialog = page.getByRole('dialog', { name: 'Yeni etkinlik' })
	await dialog.getByRole('textbox', { name: 'Başlık', exact: true }).fill(title)
	await dialog.getByLabel('Başlangıç', { exact: true }).fill('2020-03-01T19:30')
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog).toBeHidden()
	await expect(page.getByRole('row', { name: new RegExp(title) }).locator('.status-badge')).toHaveText('Geçmiş')

	await page.getByLabel('Göster', { exact: true }).selectOption({ label: 'Yayında' })
	await page.getByRole('button', { name: 'Uygula' }).click()
	await expect(page).toHaveURL('/admin/etkinlikler?durum=yayinda')
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
	await expect(page.locator('.admin-table tbody .status-badge--past')).toHaveCount(0)

	await page.getByLabel('Göster', { exact: true }).selectOption({ label: 'Geçmiş' })
	await page.getByRole('button', { name: 'Uygula' }).click()
	await expect(page).toHaveURL('/admin/etkinlikler?durum=gecmis')
	await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible()
	expect(await seriousA11yViolations(page)).toEqual([])

	page.once('dialog', (confirm) => confirm.accept())
	await page.getByRole('link', { name: `${title} – sil` }).click()
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
})
