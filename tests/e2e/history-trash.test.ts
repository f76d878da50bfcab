import type { Page } from '@playwright/test'
import { clickAndAwaitAdmin, expect, seriousA11yViolations, signInAsAdmin, test } from './fixtures.ts'

const unique = () => Math.random().toString(36).slice(2, 7)
const TRASH_NOTE = 'Silinen içerik çöp kutusuna taşınır ve 30 gün içinde geri yüklenebilir.'

/** Adds a published announcement and answers its id. */
async function addPublished(page: Page, title: string) {
	await page.getByRole('link', { name: 'Yeni', exact: true }).click()
	const dialog = page.getByRole('dialog', { name: 'Yeni duyuru' })
	await dialog.getByRole('textbox', { name: 'Başlık', exact: true }).fill(title)
	await dialog.getByLabel('Durum').selectOption({ label: 'Yayında' })
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog).toBeHidden()
	const href = await page
		.getByRole('row', { name: new RegExp(title) })
		.getByRole('link', { name: /düzenle/ })
		.getAttribute('href')
	const id = href?.match(/edit=(\d+)/)?.[1]
	expect(id).toBeTruthy()
	return id as string
}

async function deleteFromDuyurular(page: Page, title: string) {
	page.once('dialog', async (confirm) => {
		expect(confirm.message()).toBe(`Bu duyuruyu silmek istiyor musun?\n\n${TRASH_NOTE}`)
		await confirm.accept()
	})
	await clickAndAwaitAdmin(page, page.getByRole('link', { name: `${title} – sil` }))
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
}

test('a deleted announcement waits in Çöp kutusu, comes back on the public list when restored, and a yönetici purges it for good', async ({
	page,
}) => {
	test.setTimeout(120_000)
	const title = `E2E Çöp ${unique()}`
	await signInAsAdmin(page, '/giris?redirect=%2Fadmin%2Fduyurular')
	const id = await addPublished(page, title)
	await deleteFromDuyurular(page, title)

	const visitor = await page.context().browser()!.newPage()
	expect((await visitor.goto(`/duyurular/${id}`))?.status()).toBe(404)

	await page.getByRole('navigation', { name: 'Yönetim bölümleri' }).getByRole('link', { name: 'Çöp kutusu' }).click()
	await expect(page).toHaveURL('/admin/cop-kutusu')
	await expect(page.getByRole('heading', { level: 1, name: 'Çöp kutusu' })).toBeVisible()
	const row = page.getByRole('row', { name: new RegExp(title) })
	await expect(row).toContainText('Duyuru')
	await expect(row).toContainText('30 gün sonra kalıcı olarak silinecek')
	expect(await seriousA11yViolations(page)).toEqual([])

	await row.getByRole('button', { name: `${title} – geri yükle` }).click()
	await expect(page.getByRole('status').filter({ hasText: `"${title}" geri yüklendi.` })).toBeVisible()
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)

	await visitor.goto(`/duyurular/${id}`)
	await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title)
	await visitor.goto('/duyurular')
	await expect(visitor.getByRole('link', { name: title }).first()).toBeVisible()

	await page.getByRole('link', { name: 'Bölümünde aç' }).click()
	await expect(page).toHaveURL(`/admin/duyurular?edit=${id}`)
	await expect(page.getByRole('dialog', { name: 'Duyuruyu düzenle' }).getByRole('textbox', { name: 'Başlık', exact: true })).toHaveValue(
		title,
	)

	await page.goto('/admin/duyurular')
	await deleteFromDuyurular(page, title)
	await page.goto('/admin/cop-kutusu')
	page.once('dialog', async (confirm) => {
		expect(confirm.message()).toContain(`"${title}" kalıcı olarak silinsin mi?`)
		await confirm.accept()
	})
	await page.getByRole('link', { name: `${title} – kalıcı olarak sil` }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Kalıcı olarak silindi.' })).toBeVisible()
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
	expect((await visitor.goto(`/duyurular/${id}`))?.status()).toBe(404)
	await visitor.close()
})
