import sharp from 'sharp'
import { clickAndAwaitAdmin, expect, seriousA11yViolations, signInAsAdmin, test } from './fixtures.ts'

const ADMIN = '/giris?redirect=%2Fadmin%3Ftab%3DalumniNews'
const unique = () => Math.random().toString(36).slice(2, 7)
const adminPost = (url: URL) => url.pathname === '/admin/mezun-haberleri.data'
const pngImage = async () => ({
	name: 'haber.png',
	mimeType: 'image/png',
	buffer: await sharp({ create: { width: 900, height: 600, channels: 3, background: '#1d3b6f' } })
		.png()
		.toBuffer(),
})

test('adds alumni news with an image, finds it with the search box, shows it publicly, edits and deletes it', async ({ page }) => {
	const id = unique()
	const title = `E2E Mezun Haberi ${id} Şölen`
	const slug = `e2e-mezun-haberi-${id}-solen`
	await signInAsAdmin(page, ADMIN)
	await expect(page.getByRole('heading', { level: 1, name: 'Mezunlardan Haberler' })).toBeVisible()

	await page.getByRole('link', { name: 'Yeni', exact: true }).click()
	const dialog = page.getByRole('dialog', { name: 'Yeni haber' })
	await expect(dialog.getByLabel('Görsel', { exact: true })).toHaveAttribute('accept', 'image/*')
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog.getByRole('alert')).toHaveText('Başlık zorunlu.')
	await dialog.getByLabel('Başlık').fill(title)
	await dialog.getByLabel('Bağlantı (isteğe bağlı)').fill('ftp://ornek.org/haber')
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog.getByRole('alert')).toHaveText('Bağlantı http:// ya da https:// ile başlayan bir adres olmalı.')
	await dialog.getByLabel('Bağlantı (isteğe bağlı)').fill('https://ornek.org/e2e-haber')
	await dialog.getByLabel('Açıklama').fill(`Mezunumuz ${id} İSTANBUL şubesinde ödül aldı.`)
	await dialog.getByLabel('Görsel', { exact: true }).setInputFiles(await pngImage())
	expect(await seriousA11yViolations(page)).toEqual([])
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog).toBeHidden()

	const row = page.getByRole('row').filter({ hasText: title })
	await expect(row).toHaveCount(1)
	await expect(row.getByRole('link', { name: `/mezunlarimiz/mezunlardan-haberler/${slug}` })).toBeVisible()
	await expect(row.getByRole('link', { name: 'https://ornek.org/e2e-haber' })).toHaveAttribute('target', '_blank')
	await expect(row.locator('img')).toHaveAttribute('src', /^\/media\/alumni_news\/\d+-e2e-mezun-haberi-.*-900x600\.jpg$/)

	const search = page.getByRole('searchbox', { name: 'Yönetimde ara' })
	await search.fill(`${id.toLocaleUpperCase('tr-TR')} istanbul ŞUBESİNDE`)
	await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1)
	await expect(page.locator('tbody tr')).toHaveCount(1)
	await search.fill(`${id} sölen`)
	await expect(page.locator('tbody tr')).toHaveCount(1)
	await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1)
	await search.fill(`yok-${id}`)
	await expect(page.locator('tbody tr')).toHaveText(['Aramayla eşleşen kayıt yok.'])
	await search.fill('')

	const publicPage = await page.context().newPage()
	await publicPage.goto(`/mezunlarimiz/mezunlardan-haberler/${slug}`)
	await expect(publicPage.getByRole('heading', { level: 1 })).toHaveText(title)
	await expect(publicPage.locator('.detail__cover img')).toHaveAttribute('srcset', /w640\.webp/)
	await expect(publicPage.getByRole('link', { name: /^Kaynağı aç/ })).toHaveAttribute('href', 'https://ornek.org/e2e-haber')
	await publicPage.goto('/mezunlarimiz/mezunlardan-haberler')
	await expect(publicPage.getByRole('heading', { name: title })).toBeVisible()

	await page.getByRole('link', { name: `${title} – düzenle` }).click()
	const editDialog = page.getByRole('dialog', { name: 'Haberi düzenle' })
	await expect(editDialog.getByLabel('Başlık')).toHaveValue(title)
	await editDialog.getByLabel('Başlık').fill(`${title} (güncel)`)
	await editDialog.getByLabel('Bağlantı (isteğe bağlı)').fill('')
	await editDialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(editDialog).toBeHidden()
	const edited = page.getByRole('row').filter({ hasText: `${title} (güncel)` })
	await expect(edited.getByRole('link', { name: `/mezunlarimiz/mezunlardan-haberler/${slug}-guncel` })).toBeVisible()
	await expect(edited.getByRole('cell').nth(2)).toHaveText('—')
	await publicPage.goto(`/mezunlarimiz/mezunlardan-haberler/${slug}-guncel`)
	await expect(publicPage.getByRole('heading', { level: 1 })).toHaveText(`${title} (güncel)`)
	await expect(publicPage.getByRole('link', { name: /^Kaynağı aç/ })).toHaveCount(0)

	await page.route(adminPost, (route) => (route.request().method() === 'POST' ? route.abort('connectionreset') : route.fallback()))
	page.once('dialog', async (confirm) => {
		expect(confirm.message()).toBe(
			`Silinsin mi? ${title} (güncel)\n\nSilinen içerik çöp kutusuna taşınır ve 30 gün içinde geri yüklenebilir.`,
		)
		await confirm.accept()
	})
	await page.getByRole('link', { name: `${title} (güncel) – sil` }).click()
	await expect(page.getByRole('alert')).toHaveText('Sunucuya ulaşılamadı. Bağlantınızı kontrol edip yeniden deneyin.')
	await expect(edited).toHaveCount(1)
	await page.unroute(adminPost)

	page.once('dialog', (confirm) => confirm.accept())
	await clickAndAwaitAdmin(page, page.getByRole('link', { name: `${title} (güncel) – sil` }))
	await expect(edited).toHaveCount(0)
	const gone = await publicPage.goto(`/mezunlarimiz/mezunlardan-haberler/${slug}-guncel`)
	expect(gone?.status()).toBe(404)
})

test('shows a loading row while the news list loads', async ({ page }) => {
	await signInAsAdmin(page, ADMIN)
	await expect(page.getByRole('heading', { level: 1, name: 'Mezunlardan Haberler' })).toBeVisible()
	let release = () => {}
	const released = new Promise<void>((resolve) => {
		release = resolve
	})
	await page.route(
		(url) => url.pathname === '/admin/mezun-haberleri.data',
		async (route) => {
			await released
			await route.fallback()
		},
	)
	await page.getByRole('navigation', { name: 'Yönetim bölümleri' }).getByRole('link', { name: 'Mezunlardan Haberler' }).click()
	await expect(page.locator('tbody tr')).toHaveText(['Yükleniyor…'])
	release()
	await expect(page.locator('tbody tr').first()).not.toHaveText('Yükleniyor…')
	expect(await page.locator('tbody tr').count()).toBeGreaterThan(0)
})
