import type { Browser, Page } from '@playwright/test'
import { E2E_SESSIONS } from './accounts.ts'
import { expect, seriousA11yViolations, signIn, test } from './fixtures.ts'

/**
 * Oturumlar: the journey's own account signs in in two (then three)
 * browsers; from the first it ends the other, which is signed out on its
 * next step; then "Diğer tüm oturumları kapat" ends the rest and keeps this one.
 */

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
const SAFARI_IPHONE =
	'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

async function signedInElsewhere(browser: Browser, userAgent: string, baseURL: string | undefined) {
	const context = await browser.newContext({ userAgent, baseURL, locale: 'tr-TR', timezoneId: 'Europe/Istanbul' })
	const page = await context.newPage()
	await signIn(page, E2E_SESSIONS, '/giris?redirect=%2Fadmin%2Fduyurular')
	await page.waitForURL((url) => url.pathname === '/admin/duyurular')
	return page
}

/** The next step in a browser whose session was ended: a link in the admin leads to the sign-in page. */
async function expectSignedOut(page: Page) {
	await page.locator('.admin-nav').getByRole('link', { name: 'Oturumlar' }).click()
	await page.waitForURL((url) => url.pathname === '/giris')
	await expect(page.getByRole('button', { name: 'Giriş Yap' })).toBeVisible()
}

test('ending a session elsewhere signs that browser out; ending all others keeps this one', async ({ page, browser, baseURL }) => {
	// Several browsers sign in and out one after another: more than the default half minute on a busy machine.
	test.setTimeout(120_000)
	const firefox = await signedInElsewhere(browser, FIREFOX_LINUX, baseURL)

	await signIn(page, E2E_SESSIONS, '/giris?redirect=%2Fadmin%2Foturumlar')
	await page.waitForURL((url) => url.pathname === '/admin/oturumlar')
	await expect(page.getByRole('heading', { level: 1, name: 'Oturumlar' })).toBeVisible()
	const table = page.getByRole('table', { name: 'Açık oturumlarınız' })
	const rows = table.locator('tbody tr')
	await expect(rows).toHaveCount(2)
	const current = rows.filter({ hasText: 'Bu oturum' })
	await expect(current).toHaveCount(1)
	await expect(current.getByRole('rowheader')).toContainText(/^Chrome · (Windows|Linux)/)
	const other = rows.filter({ hasText: 'Firefox · Linux' })
	await expect(other).not.toContainText('Bu oturum')
	await expect(other).toContainText('127.0.0.1')
	expect(await seriousA11yViolations(page)).toEqual([])

	await other.getByRole('button', { name: /^Oturumu kapat: Firefox · Linux, son etkinlik / }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Oturum kapatıldı.' })).toBeVisible()
	await expect(rows).toHaveCount(1)
	await expectSignedOut(firefox)

	// Two more browsers; "Diğer tüm oturumları kapat" ends both and keeps this one.
	const phone = await signedInElsewhere(browser, SAFARI_IPHONE, baseURL)
	const firefox2 = await signedInElsewhere(browser, FIREFOX_LINUX, baseURL)
	await page.reload()
	await expect(rows).toHaveCount(3)
	await expect(rows.filter({ hasText: 'Safari · iPhone' })).toHaveCount(1)
	page.once('dialog', (dialog) => void dialog.accept())
	await page.getByRole('button', { name: 'Diğer tüm oturumları kapat' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Diğer 2 oturum kapatıldı.' })).toBeVisible()
	await expect(rows).toHaveCount(1)
	await expect(rows.first()).toContainText('Bu oturum')
	await expectSignedOut(phone)
	await expectSignedOut(firefox2)

	// Still signed in here, and the screen fits a phone.
	await page.setViewportSize({ width: 375, height: 800 })
	await page.reload()
	await expect(rows).toHaveCount(1)
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
	const button = rows.first().getByRole('button', { name: 'Oturumu kapat: bu oturum (çıkış yapılır)' })
	const box = await button.boundingBox()
	expect(box?.height).toBeGreaterThanOrEqual(44)

	// Ending this very session asks first, then signs this browser out.
	page.once('dialog', (dialog) => void dialog.accept())
	await button.click()
	await page.waitForURL((url) => url.pathname === '/giris')
	await page.goto('/admin/oturumlar')
	await page.waitForURL((url) => url.pathname === '/giris')
})
