import type { Locator, Page } from '@playwright/test'
import { withAccountsServer } from '#tests/setup/server.ts'
import { E2E_ADMIN } from './accounts.ts'
import { expect, isAdminPost, seriousA11yViolations, signIn, test } from './fixtures.ts'

/**
 * Pages show on the public site for everyone: this journey edits the
 * history page on a site of its own (the production build, the base pages,
 * no demo content), not on the shared one.
 */
const ADDED = 'Bu cümle yönetim panelinden eklendi.'

/** Clicks a form button and waits for the section's answer: accepted (a view, or a redirect to follow) or refused. */
async function post(page: Page, button: Locator, refused = false) {
	const answered = page.waitForResponse((response) => isAdminPost(response, 'sayfalar'))
	await button.click()
	const response = await answered
	if (refused) expect(response.status()).toBe(400)
	else expect(response.ok()).toBe(true)
}

test('edits the history page: preview without saving, save, see it public, restore the earlier version', async ({
	page,
	browser,
	consoleErrors,
}, testInfo) => {
	test.setTimeout(120_000)
	const dialect = testInfo.project.name === 'postgres' ? 'postgres' : 'sqlite'
	await withAccountsServer(dialect, [{ ...E2E_ADMIN, isAdmin: true }], async (server) => {
		const visitor = await browser.newPage()
		const publicText = async () => {
			await visitor.goto(`${server.url}/kurumsal/tarihce`)
			return visitor.locator('main').innerText()
		}
		await signIn(page, E2E_ADMIN, `${server.url}/giris?redirect=%2Fadmin%2Fsayfalar`)
		await page.waitForURL((url) => url.pathname === '/admin/sayfalar')
		await expect(page.getByRole('heading', { level: 1, name: 'Sayfalar' })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Yeni' })).toHaveCount(0)
		await expect(page.getByRole('row', { name: /Tarihçe/ }).getByRole('link', { name: '/kurumsal/tarihce' })).toBeVisible()
		expect(await seriousA11yViolations(page)).toEqual([])

		await page.getByRole('link', { name: 'Tarihçe – düzenle' }).click()
		await page.waitForURL((url) => url.searchParams.get('edit') === 'tarihce')
		const editor = page.getByRole('textbox', { name: 'Sayfa metni' })
		await expect(editor).toContainText('Derneğimiz 2025 yılında 38. yılını kutluyor.')
		await expect(editor.getByRole('heading', { level: 2, name: 'Kuruluş: 1987' })).toBeVisible()
		await expect(page.getByText('Bu sayfanın henüz önceki bir sürümü yok.')).toBeVisible()
		expect(await seriousA11yViolations(page)).toEqual([])

		await editor.getByText('Bir avuç mezunun dostluk').click()
		await page.keyboard.press('End')
		await page.keyboard.type(` ${ADDED}`)
		await post(page, page.getByRole('button', { name: 'Önizle' }))
		const preview = page.getByRole('region', { name: 'Önizleme — henüz kaydedilmedi' })
		await expect(preview).toContainText(ADDED)
		await expect(preview.getByRole('heading', { level: 2, name: 'Kuruluş: 1987' })).toHaveAttribute('id', 'kurulus-1987')
		await expect(editor).toContainText(ADDED)
		expect(await publicText()).not.toContain(ADDED)

		await post(page, page.getByRole('button', { name: 'Kaydet', exact: true }))
		await expect(page.getByRole('status')).toHaveText('Sayfa kaydedildi.')
		await expect(preview).toHaveCount(0)
		expect(await publicText()).toContain(ADDED)
		await expect(visitor.getByRole('heading', { level: 2, name: 'Kuruluş: 1987' })).toBeVisible()

		const revisions = page.getByRole('region', { name: 'Önceki sürümler' })
		await expect(revisions.getByRole('listitem')).toHaveCount(1)
		await expect(revisions.getByRole('listitem')).toContainText('İlk içerik')
		await post(page, revisions.getByRole('button', { name: /^Bu sürümü geri yükle/ }))
		await expect(page.getByRole('status')).toHaveText('Seçtiğiniz sürüm geri yüklendi. Önceki hâli sürümler listesinde duruyor.')
		await expect(editor).not.toContainText(ADDED)
		expect(await publicText()).not.toContain(ADDED)
		await expect(revisions.getByRole('listitem')).toHaveCount(2)
		await expect(revisions.getByRole('listitem').first()).toContainText(E2E_ADMIN.fullName)

		// The table goes at the end of the text, so the paragraph typed into below stays whole.
		await editor.getByText('Bir avuç mezunun dostluk').click()
		await page.keyboard.press('Control+End')
		await page.getByRole('button', { name: 'Tablo ekle' }).click()
		await page.keyboard.type('Yıl')
		await page.keyboard.press('Tab')
		await page.keyboard.type('Olay')
		await page.keyboard.press('Tab')
		await page.keyboard.type('1987')
		await page.getByRole('button', { name: 'Alta satır ekle' }).click()
		await post(page, page.getByRole('button', { name: 'Önizle' }))
		await expect(preview.getByRole('columnheader', { name: 'Yıl' })).toBeVisible()
		await expect(preview.getByRole('row')).toHaveCount(4)
		await expect(preview.getByRole('cell', { name: '1987' })).toBeVisible()

		const title = page.getByLabel('Başlık', { exact: true })
		await title.fill('')
		await editor.getByText('Bir avuç mezunun dostluk').click()
		await page.keyboard.press('End')
		await page.keyboard.type(' Yazdığım metin kaybolmasın.')
		await post(page, page.getByRole('button', { name: 'Kaydet', exact: true }), true)
		await expect(page.getByText('Sayfa başlığı gerekli.').first()).toBeVisible()
		await expect(title).toHaveAttribute('aria-invalid', 'true')
		await expect(editor).toContainText('Yazdığım metin kaybolmasın.')
		expect(await publicText()).not.toContain('Yazdığım metin kaybolmasın.')
		expect(consoleErrors.filter((error) => !error.includes('status of 400'))).toEqual([])
		await visitor.close()
	})
})
