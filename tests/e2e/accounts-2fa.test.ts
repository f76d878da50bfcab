import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { totpCode } from '../../app/lib/totp.server.ts'
import { E2E_TWO_FACTOR } from './accounts.ts'
import { expect, seriousA11yViolations, signIn, test } from './fixtures.ts'

const SECTION = '/admin/iki-adimli-dogrulama'
const CODE_FIELD = 'Doğrulama kodu veya kurtarma kodu'

/** The code the app shows one step ahead (accepted for clock drift): never a step an earlier sign-in used. */
const appCode = (secret: string) => totpCode(secret, Date.now() + 30_000)

async function signOut(page: Page) {
	await page.getByRole('button', { name: 'Çıkış Yap' }).click()
	await page.waitForURL((url) => url.pathname === '/giris')
}

async function passwordStep(page: Page) {
	await signIn(page, E2E_TWO_FACTOR)
	await page.waitForURL((url) => url.pathname === '/giris/dogrulama')
	await expect(page.getByRole('heading', { name: 'Doğrulama kodu' })).toBeVisible()
}

async function secondStep(page: Page, code: string) {
	await page.getByLabel(CODE_FIELD).fill(code)
	await page.getByRole('button', { name: 'Doğrula ve giriş yap' }).click()
}

test('two-factor sign-in: set up with the app, keep the recovery codes, sign in with a code and with a recovery code once', async ({
	page,
}, testInfo) => {
	test.slow()
	await signIn(page, E2E_TWO_FACTOR, `/giris?redirect=${encodeURIComponent(SECTION)}`)
	await page.waitForURL((url) => url.pathname === SECTION)
	await expect(page.getByTestId('two-factor-status')).toHaveText(/Kapalı/)

	// Set up: the QR code (with the key as its text alternative) and the key to type by hand.
	await page.getByRole('button', { name: 'İki adımlı doğrulamayı aç' }).click()
	const shown = page.getByTestId('two-factor-secret')
	await expect(shown).toHaveText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/)
	const secret = (await shown.innerText()).replace(/\s/g, '')
	await expect(page.getByRole('img', { name: /Elle girilecek anahtar/ })).toBeVisible()
	expect(await seriousA11yViolations(page)).toEqual([])

	// A wrong code is refused at its field; the right one turns 2FA on and shows ten recovery codes, once.
	const field = page.getByLabel('Uygulamadaki 6 haneli kod')
	await field.fill(totpCode(secret) === '000000' ? '111111' : '000000')
	await page.getByRole('button', { name: 'Kodu doğrula ve aç' }).click()
	await expect(page.getByRole('alert').first()).toContainText('Kod doğrulanamadı')
	await page.getByLabel('Uygulamadaki 6 haneli kod').fill(totpCode(secret))
	await page.getByRole('button', { name: 'Kodu doğrula ve aç' }).click()
	const list = page.getByTestId('recovery-codes')
	await expect(list.getByRole('listitem')).toHaveCount(10)
	const codes = (await list.getByRole('listitem').allInnerTexts()).map((text) => text.trim())
	for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/)
	await expect(page.getByTestId('two-factor-status')).toHaveText(/Açık/)
	expect(await seriousA11yViolations(page)).toEqual([])

	// The download: a text file with every code.
	const downloading = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Kodları indir (.txt)' }).click()
	const download = await downloading
	expect(download.suggestedFilename()).toBe('kurtarma-kodlari.txt')
	const file = testInfo.outputPath('kurtarma-kodlari.txt')
	await download.saveAs(file)
	const text = fs.readFileSync(file, 'utf8')
	for (const code of codes) expect(text).toContain(code)
	expect(text).toContain(E2E_TWO_FACTOR.email)

	// Once: after "Kodları sakladım" the page shows how many are left, not the codes.
	await page.getByRole('link', { name: 'Kodları sakladım' }).click()
	await expect(page.getByText('Kullanılmamış kurtarma kodu: 10')).toBeVisible()
	await expect(page.getByText(codes[0] ?? '')).toHaveCount(0)

	// Signed out, the password alone leads to the second step; the app's code completes the sign-in.
	await signOut(page)
	await passwordStep(page)
	await page.goto('/admin/duyurular')
	await page.waitForURL((url) => url.pathname === '/giris')
	await passwordStep(page)
	await secondStep(page, appCode(secret))
	await page.waitForURL((url) => url.pathname.startsWith('/admin') && url.pathname !== '/admin/giris')
	await expect(page.getByRole('button', { name: 'Çıkış Yap' })).toBeVisible()

	// A recovery code instead of the app's code.
	await signOut(page)
	await passwordStep(page)
	await secondStep(page, codes[0] ?? '')
	await page.waitForURL((url) => url.pathname.startsWith('/admin'))
	await expect(page.getByRole('button', { name: 'Çıkış Yap' })).toBeVisible()

	// The same recovery code a second time: refused, with what to do.
	await signOut(page)
	await passwordStep(page)
	await secondStep(page, codes[0] ?? '')
	await expect(page.getByRole('alert')).toContainText('Kod doğrulanamadı')
	await expect(page).toHaveURL(/\/giris\/dogrulama/)
	expect(await seriousA11yViolations(page)).toEqual([])

	// Another, unused one still works; 2FA is then turned off again with the password, leaving the account as it was.
	await secondStep(page, codes[1] ?? '')
	await page.waitForURL((url) => url.pathname.startsWith('/admin'))
	await page.goto(SECTION)
	await expect(page.getByText('Kullanılmamış kurtarma kodu: 8')).toBeVisible()
	await page
		.getByRole('region', { name: 'İki adımlı doğrulamayı kapat' })
		.getByLabel('Uygulamadaki kod veya şifreniz')
		.fill(E2E_TWO_FACTOR.password)
	await page
		.getByRole('region', { name: 'İki adımlı doğrulamayı kapat' })
		.getByRole('button', { name: 'İki adımlı doğrulamayı kapat' })
		.click()
	await expect(page.getByTestId('two-factor-status')).toHaveText(/Kapalı/)
})
