import fs from 'node:fs'
import path from 'node:path'
import { SETUP_CODE_FILE } from '#app/features/users/setup-code.server.ts'
import { startServer } from '#tests/setup/server.ts'
import { expect, seriousA11yViolations, test } from './fixtures.ts'

/**
 * The first run of a real site: no demo content and no admin, so the first
 * admin is made in the browser at /kurulum with the code the start printed.
 * It runs on a site of its own (the production build on another port), as
 * the shared site has its admins already. The screenshot is the one the
 * README's volunteer guide shows.
 */
const SCREENSHOT = path.resolve(import.meta.dirname, '..', '..', 'docs', 'screenshots', 'kurulum.png')

const PASSWORD = 'kestane pusula lodos kervansaray'

test('creates the first admin of a fresh site in the browser with the setup code, then the setup page is gone', async ({
	page,
	consoleErrors,
}) => {
	test.setTimeout(90_000)
	const server = await startServer()
	try {
		const file = path.join(server.dataDir, SETUP_CODE_FILE)
		const code = fs.readFileSync(file, 'utf8').split('\n')[0] ?? ''
		expect(server.output()).toContain(code)

		await page.goto(`${server.url}/kurulum`)
		await expect(page.getByRole('heading', { level: 1, name: 'İlk Kurulum' })).toBeVisible()
		await page.getByLabel('Kurulum kodu').fill('ABCD-EFGH-JKMN-PQRS')
		await page.getByLabel('Ad Soyad').fill('Ayşe Yılmaz')
		await page.getByLabel('E-posta').fill('baskan@example.org')
		await page.getByLabel('Şifre', { exact: true }).fill(PASSWORD)
		await page.getByLabel('Şifre (tekrar)').fill(PASSWORD)
		await page.getByLabel('Şifre (tekrar)').blur()
		await page.locator('.setup-card').screenshot({ path: SCREENSHOT })
		await page.getByRole('button', { name: 'Yöneticiyi oluştur' }).click()
		await expect(page.getByLabel('Kurulum kodu')).toHaveAccessibleDescription(/Kurulum kodu hatalı\./)
		await expect(page.getByLabel('Ad Soyad')).toHaveValue('Ayşe Yılmaz')
		await expect(page.getByLabel('E-posta')).toHaveValue('baskan@example.org')
		await expect(page.getByLabel('Şifre', { exact: true })).toHaveValue('')
		expect(await seriousA11yViolations(page)).toEqual([])

		await page.getByLabel('Kurulum kodu').fill(code.toLowerCase())
		await page.getByLabel('Şifre', { exact: true }).fill('Galatasaray1905')
		await page.getByLabel('Şifre (tekrar)').fill('Galatasaray1905')
		await page.getByRole('button', { name: 'Yöneticiyi oluştur' }).click()
		await expect(page.getByLabel('Şifre', { exact: true })).toHaveAccessibleDescription(/Bu şifre kolay tahmin edilir: /)
		await expect(page.getByLabel('Kurulum kodu')).toHaveValue(code.toLowerCase())
		await expect(page.getByLabel('Kurulum kodu')).not.toHaveAttribute('aria-invalid')

		await page.getByLabel('Şifre', { exact: true }).fill(PASSWORD)
		await page.getByLabel('Şifre (tekrar)').fill(PASSWORD)
		await page.getByRole('button', { name: 'Yöneticiyi oluştur' }).click()
		await page.waitForURL((url) => url.pathname.startsWith('/admin'))
		await expect(
			page
				.getByRole('button', { name: 'Çıkış Yap' })
				.or(page.getByRole('link', { name: 'Çıkış Yap' }))
				.first(),
		).toBeVisible()
		expect(fs.existsSync(file)).toBe(false)

		const gone = await page.goto(`${server.url}/kurulum`)
		expect(gone?.status()).toBe(404)
		await expect(page.getByRole('heading', { level: 1, name: 'Sayfa bulunamadı' })).toBeVisible()
		// The refused forms and the last page are 4xx documents, which the browser reports; nothing else may fail.
		expect(consoleErrors.filter((error) => !/^Failed to load resource: the server responded with a status of 40[04]/.test(error))).toEqual(
			[],
		)
	} finally {
		await server.stop()
	}
})
