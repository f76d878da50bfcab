import type { Page } from '@playwright/test'
import { clickAndAwaitAdmin, expect, signInAsAdmin, test } from './fixtures.ts'

const unique = () => Math.random().toString(36).slice(2, 7)
const SECTION = '/giris?redirect=%2Fadmin%2Fduyurular'

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

/** Opens the announcement's edit dialog from its row and saves it with a new title. */
async function rename(page: Page, from: string, to: string) {
	await page
		.getByRole('row', { name: new RegExp(from) })
		.getByRole('link', { name: /düzenle/ })
		.click()
	const dialog = page.getByRole('dialog', { name: 'Duyuruyu düzenle' })
	await dialog.getByRole('textbox', { name: 'Başlık', exact: true }).fill(to)
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog).toBeHidden()
	await expect(page.getByRole('row', { name: new RegExp(to) })).toBeVisible()
}

async function removeAnnouncement(page: Page, title: string) {
	await page.goto('/admin/duyurular')
	page.once('dialog', (confirm) => confirm.accept())
	await clickAndAwaitAdmin(page, page.getByRole('link', { name: `${title} – sil` }))
}

test('edits an announcement twice, goes back to the first version from "Sürümler", and the public page shows it', async ({ page }) => {
	test.setTimeout(120_000)
	const base = `E2E Sürüm ${unique()}`
	const [first, second, third] = [`${base} birinci`, `${base} ikinci`, `${base} üçüncü`]
	await signInAsAdmin(page, SECTION)
	const id = await addPublished(page, first)
	await rename(page, first, second)
	await rename(page, second, third)

	await page
		.getByRole('row', { name: new RegExp(third) })
		.getByRole('link', { name: /düzenle/ })
		.click()
	const dialog = page.getByRole('dialog', { name: 'Duyuruyu düzenle' })
	await dialog.getByText('Sürümler (2)').click()
	const versions = dialog.locator('.revisions li')
	await expect(versions).toHaveCount(2)
	await expect(versions.nth(0)).toContainText(`Başlık: „${second}” → „${third}”`)
	await expect(versions.nth(1)).toContainText(`Başlık: „${first}” → „${second}”`)
	await expect(versions.nth(1)).toContainText(`Bu sürümde: „${first}”`)
	await expect(dialog.getByText('Görseller ve dosyalar değişmez')).toBeVisible()

	await clickAndAwaitAdmin(page, versions.nth(1).getByRole('button', { name: /^Bu sürüme dön/ }))
	// Back in the dialog: the form holds the first title, the list says so and keeps the text it replaced.
	await expect(dialog.getByRole('status')).toHaveText('Önceki sürüme dönüldü. Dönüşten önceki hâli de sürümler listesinde duruyor.')
	await expect(dialog.getByRole('textbox', { name: 'Başlık', exact: true })).toHaveValue(first)
	await expect(versions).toHaveCount(3)
	await expect(versions.nth(0)).toContainText(`Başlık: „${third}” → „${first}”`)

	const visitor = await page.context().newPage()
	await visitor.goto(`/duyurular/${id}`)
	await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(first)
	await visitor.close()

	await removeAnnouncement(page, first)
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('"Bu sürüme dön" is a plain form: the dialog opens again with the earlier text', async ({ page }) => {
		test.setTimeout(120_000)
		const base = `E2E Sürüm nojs ${unique()}`
		const [first, second] = [`${base} birinci`, `${base} ikinci`]
		await signInAsAdmin(page, SECTION)
		// The dialogs are pages of their own without JavaScript: ?new=1, ?edit=<id>.
		await page.goto('/admin/duyurular?new=1')
		await page.getByRole('textbox', { name: 'Başlık', exact: true }).fill(first)
		await page.getByLabel('Durum').selectOption({ label: 'Yayında' })
		await page.getByRole('button', { name: 'Kaydet' }).click()
		const href = await page
			.getByRole('row', { name: new RegExp(first) })
			.getByRole('link', { name: /düzenle/ })
			.getAttribute('href')
		const id = href?.match(/edit=(\d+)/)?.[1]
		expect(id).toBeTruthy()
		await page.goto(`/admin/duyurular?edit=${id}`)
		await page.getByRole('textbox', { name: 'Başlık', exact: true }).fill(second)
		await page.getByRole('button', { name: 'Kaydet' }).click()
		await expect(page.getByRole('row', { name: new RegExp(second) })).toBeVisible()

		await page.goto(`/admin/duyurular?edit=${id}`)
		await page.getByText('Sürümler (1)').click()
		await page
			.locator('.revisions li')
			.getByRole('button', { name: /^Bu sürüme dön/ })
			.click()
		await expect(page).toHaveURL(new RegExp(`/admin/duyurular\\?edit=${id}&surum=geri-donuldu$`))
		await expect(page.getByRole('status')).toContainText('Önceki sürüme dönüldü.')
		await expect(page.getByRole('textbox', { name: 'Başlık', exact: true })).toHaveValue(first)

		await page.goto(`/duyurular/${id}`)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(first)

		// Without JavaScript the delete is a confirmation page.
		await page.goto(`/admin/duyurular?delete=${id}`)
		await page.getByRole('button', { name: 'Evet' }).click()
	})
})
