import fs from 'node:fs'
import { E2E_AUDITOR } from './accounts.ts'
import { expect, seriousA11yViolations, signIn, test } from './fixtures.ts'

/**
 * Kayıtlar: a yönetici signs in (twice) and ends the other session in
 * Oturumlar, then finds both in the audit log by person, kind and day, and
 * downloads the filtered log as CSV.
 */

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'

const istanbulToday = () =>
	new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())

test('Kayıtlar filters by person, kind and day, and downloads the filtered log as CSV', async ({ page, browser, baseURL }) => {
	// Several browsers sign in and out one after another: more than the default half minute on a busy machine.
	test.setTimeout(120_000)
	const elsewhere = await browser.newContext({ userAgent: FIREFOX_LINUX, baseURL })
	const otherPage = await elsewhere.newPage()
	await signIn(otherPage, E2E_AUDITOR, '/giris?redirect=%2Fadmin%2Fduyurular')
	await otherPage.waitForURL((url) => url.pathname === '/admin/duyurular')

	await signIn(page, E2E_AUDITOR, '/giris?redirect=%2Fadmin%2Foturumlar')
	await page.waitForURL((url) => url.pathname === '/admin/oturumlar')
	page.once('dialog', (dialog) => void dialog.accept())
	await page.getByRole('button', { name: 'Diğer tüm oturumları kapat' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Diğer 1 oturum kapatıldı.' })).toBeVisible()
	await elsewhere.close()

	await page.getByRole('link', { name: 'Kayıtlar' }).click()
	await page.waitForURL((url) => url.pathname === '/admin/kayitlar')
	await expect(page.getByRole('heading', { level: 1, name: 'Kayıtlar' })).toBeVisible()

	const today = istanbulToday()
	const filters = page.getByRole('search', { name: 'Süz' })
	await filters.getByLabel('Kişi').selectOption(E2E_AUDITOR.email)
	await filters.getByLabel('Tür').selectOption({ label: 'Hesap' })
	await filters.getByLabel('Başlangıç günü').fill(today)
	await filters.getByLabel('Bitiş günü').fill(today)
	await filters.getByRole('button', { name: 'Süz' }).click()
	await page.waitForURL((url) => url.searchParams.get('tur') === 'account' && url.searchParams.get('kisi') === E2E_AUDITOR.email)

	const rows = page.locator('table.audit-table tbody tr')
	await expect(rows).toHaveCount(1)
	await expect(rows.first()).toContainText('Oturumlar kapatıldı')
	await expect(rows.first()).toContainText('Bu oturum dışındaki 1 oturum kapatıldı')
	await expect(rows.first()).toContainText(E2E_AUDITOR.email)
	await expect(page.getByRole('status').filter({ hasText: '1 kayıt' })).toBeVisible()
	expect(await seriousA11yViolations(page)).toEqual([])

	// The sign-ins are there too, under "Giriş".
	await filters.getByLabel('Tür').selectOption({ label: 'Giriş' })
	await filters.getByRole('button', { name: 'Süz' }).click()
	await page.waitForURL((url) => url.searchParams.get('tur') === 'auth')
	await expect(rows.filter({ hasText: 'Giriş yaptı' })).toHaveCount(2)
	await expect(rows.filter({ hasText: 'Firefox · Linux' })).toHaveCount(1)

	// The CSV holds exactly the filtered rows, in Excel's Turkish dialect.
	const downloading = page.waitForEvent('download')
	await page.getByRole('link', { name: 'CSV olarak indir' }).click()
	const download = await downloading
	expect(download.suggestedFilename()).toBe(`kayitlar-${today}.csv`)
	const bytes = fs.readFileSync((await download.path()) ?? '')
	expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf])
	const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean)
	expect(lines[0]).toMatch(/^Zaman;Kim \(ad\);Kim \(e-posta\);Tür;İşlem;/)
	expect(lines).toHaveLength(3)
	for (const line of lines.slice(1)) {
		expect(line).toContain(`;Test Denetçisi;${E2E_AUDITOR.email};Giriş;Giriş yaptı;`)
		expect(line.startsWith(today)).toBe(true)
	}

	// On a phone the filter and the table still fit.
	await page.setViewportSize({ width: 375, height: 800 })
	await page.reload()
	await expect(rows).toHaveCount(2)
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
})
