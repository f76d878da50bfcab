import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { makePdf } from '#tests/fixtures/files.ts'
import { withAccountsServer, type RunningServer } from '#tests/setup/server.ts'
import { E2E_ADMIN } from './accounts.ts'
import { clickAndAwaitAdmin, expect, seriousA11yViolations, signIn, test } from './fixtures.ts'

/**
 * The default slides show only while nothing is featured, and hiding a
 * carousel changes the home page for everyone: so this journey runs on a
 * site of its own (the production build, no demo content), not on the
 * shared one.
 */

const photo = async () => ({
	name: 'kermes.png',
	mimeType: 'image/png',
	buffer: await sharp({ create: { width: 1600, height: 800, channels: 3, background: '#7a2e3b' } })
		.png()
		.toBuffer(),
})

async function heroTitles(page: Page, server: RunningServer) {
	await page.goto(`${server.url}/`)
	return page.locator('.hero__title').allTextContents()
}

const DEFAULTS = ['IN SION FIRMATA SUM', 'Notre Dame de Sion Mezunları Derneği', 'Derneğimize üye olun']

test('manages the home hero slides and sections, each change visible on the home page', async ({ page, browser }, testInfo) => {
	test.setTimeout(120_000)
	const dialect = testInfo.project.name === 'postgres' ? 'postgres' : 'sqlite'
	await withAccountsServer(dialect, [{ ...E2E_ADMIN, isAdmin: true }], async (server) => {
		const home = await browser.newPage()
		expect(await heroTitles(home, server)).toEqual(DEFAULTS)

		await signIn(page, E2E_ADMIN, `${server.url}/giris?redirect=%2Fadmin%2Fana-sayfa`)
		await page.waitForURL((url) => url.pathname === '/admin/ana-sayfa')
		await expect(page.getByRole('heading', { level: 1, name: 'Ana sayfa' })).toBeVisible()
		await expect(page.getByRole('status').filter({ hasText: 'öne çıkan' })).toHaveText(
			'Şu anda öne çıkan duyuru ya da etkinlik yok: ana sayfada bu slaytlar gösteriliyor.',
		)
		const rows = page.locator('.admin-table tbody tr')
		await expect(rows.locator('td:nth-child(3)')).toHaveText(DEFAULTS)

		await page.getByRole('link', { name: 'Yeni slayt' }).click()
		const dialog = page.getByRole('dialog', { name: 'Yeni slayt' })
		await dialog.getByLabel('Bağlantı', { exact: true }).fill('javascript:alert(1)')
		await dialog.getByRole('button', { name: 'Kaydet' }).click()
		await expect(dialog.getByText('Başlık gerekli', { exact: true }).last()).toBeVisible()
		await expect(
			dialog.getByText('Bağlantı / ile başlayan bir site adresi (örneğin /uyelik) ya da https:// ile başlayan bir adres olmalı.').last(),
		).toBeVisible()
		await dialog.getByLabel('Başlık').fill('Yılbaşı Kermesi')
		await dialog.getByLabel('Metin').fill('20 Aralık’ta okulda buluşuyoruz.')
		await dialog.getByLabel('Bağlantı', { exact: true }).fill('/duyurular')
		await dialog.getByLabel('Bağlantı metni').fill('Duyurulara göz atın')
		await dialog.getByLabel('Görsel', { exact: true }).setInputFiles(await photo())
		expect(await seriousA11yViolations(page)).toEqual([])
		await dialog.getByRole('button', { name: 'Kaydet' }).click()
		await expect(dialog).toBeHidden()
		await expect(rows.locator('td:nth-child(3)')).toHaveText([...DEFAULTS, 'Yılbaşı Kermesi'])
		await expect(rows.last().locator('img')).toHaveAttribute('src', /^\/media\/home\/hero\/\d+-[0-9a-f]{8}-1600x800\.jpg$/)

		expect(await heroTitles(home, server)).toEqual([...DEFAULTS, 'Yılbaşı Kermesi'])
		const slide = home.locator('[data-hero-slide]').filter({ hasText: 'Yılbaşı Kermesi' })
		await expect(slide.locator('.hero__subtitle')).toHaveText('20 Aralık’ta okulda buluşuyoruz.')
		await expect(slide.locator('.hero__action a')).toHaveText('Duyurulara göz atın')
		await expect(slide.locator('.hero__action a')).toHaveAttribute('href', '/duyurular')
		await expect(slide.locator('img')).toHaveAttribute('src', /^\/media\/home\/hero\/.+\.(jpg|webp)$/)

		for (const step of [1, 2, 3]) {
			await clickAndAwaitAdmin(page, page.getByRole('button', { name: 'Yılbaşı Kermesi – yukarı taşı' }))
			await expect(rows.nth(3 - step).locator('td:nth-child(3)')).toHaveText('Yılbaşı Kermesi')
		}
		await expect(page.getByRole('button', { name: 'Yılbaşı Kermesi – yukarı taşı' })).toBeDisabled()
		expect(await heroTitles(home, server)).toEqual(['Yılbaşı Kermesi', ...DEFAULTS])

		await page.getByRole('link', { name: 'Yılbaşı Kermesi – düzenle' }).click()
		const edit = page.getByRole('dialog', { name: 'Slaytı düzenle' })
		await expect(edit.getByLabel('Başlık')).toHaveValue('Yılbaşı Kermesi')
		await edit.getByLabel('Başlık').fill('Yeni Yıl Kermesi')
		await edit
			.getByLabel('Görsel', { exact: true })
			.setInputFiles({ name: 'kapak.jpg', mimeType: 'image/jpeg', buffer: await makePdf('Bülten') })
		await edit.getByRole('button', { name: 'Kaydet' }).click()
		await expect(edit.locator('.field__error')).toHaveText(['Bu dosya bir görsel değil. JPEG, PNG, WebP, GIF veya AVIF yükleyebilirsiniz.'])
		await expect(edit.getByLabel('Başlık')).toHaveValue('Yeni Yıl Kermesi')
		await expect(edit.getByLabel('Bağlantı metni')).toHaveValue('Duyurulara göz atın')
		await edit.getByLabel('Görsel', { exact: true }).setInputFiles([])
		await edit.getByRole('button', { name: 'Kaydet' }).click()
		await expect(edit).toBeHidden()
		await expect(rows.first().locator('td:nth-child(3)')).toHaveText('Yeni Yıl Kermesi')
		expect(await heroTitles(home, server)).toEqual(['Yeni Yıl Kermesi', ...DEFAULTS])

		page.once('dialog', async (confirm) => {
			expect(confirm.message()).toBe(
				'"Yeni Yıl Kermesi" slaytı silinsin mi?\n\nSilinen içerik çöp kutusuna taşınır ve 30 gün içinde geri yüklenebilir.',
			)
			await confirm.accept()
		})
		await clickAndAwaitAdmin(page, page.getByRole('link', { name: 'Yeni Yıl Kermesi – sil' }))
		await expect(rows.locator('td:nth-child(3)')).toHaveText(DEFAULTS)
		expect(await heroTitles(home, server)).toEqual(DEFAULTS)

		await expect(home.getByRole('region', { name: 'Duyurular' })).toBeVisible()
		const sections = page.getByRole('group', { name: 'Ana sayfada gösterilen bölümler' })
		await sections.getByLabel('Duyurular').uncheck()
		await clickAndAwaitAdmin(page, sections.getByRole('button', { name: 'Bölümleri kaydet' }))
		await expect(sections.getByLabel('Duyurular')).not.toBeChecked()
		await expect(sections.getByLabel('Etkinlikler')).toBeChecked()
		await home.reload()
		await expect(home.getByRole('region', { name: 'Duyurular' })).toHaveCount(0)
		await expect(home.getByRole('region', { name: 'Etkinlikler' })).toBeVisible()

		await sections.getByLabel('Duyurular').check()
		await clickAndAwaitAdmin(page, sections.getByRole('button', { name: 'Bölümleri kaydet' }))
		await home.reload()
		await expect(home.getByRole('region', { name: 'Duyurular' })).toBeVisible()
		await home.close()
	})
})
