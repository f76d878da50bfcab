import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { NEXT_YEAR } from './demo-schedule.ts'
import { clickAndAwaitAdmin, expect, seriousA11yViolations, signInAsAdmin, test } from './fixtures.ts'

const ADMIN = '/giris?redirect=%2Fadmin%3Ftab%3Devents'
const unique = () => Math.random().toString(36).slice(2, 7)
const jpegCover = async () => ({
	name: 'afis.jpg',
	mimeType: 'image/jpeg',
	buffer: await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c9a227' } })
		.jpeg()
		.toBuffer(),
})

async function addEvent(page: Page, title: string) {
	await page.getByRole('link', { name: 'Yeni', exact: true }).click()
	const dialog = page.getByRole('dialog', { name: 'Yeni etkinlik' })
	await dialog.getByRole('textbox', { name: 'Başlık', exact: true }).fill(title)
	await dialog.getByLabel('Başlangıç', { exact: true }).fill(`${NEXT_YEAR}-05-20T19:30`)
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog).toBeHidden()
	await expect(page.getByRole('row', { name: new RegExp(title) }).first()).toBeVisible()
}

test('creates a featured event with a cover, shows it on its page and the home hero, edits and deletes it', async ({ page }) => {
	const tag = unique()
	const title = `E2E Bahar Şenliği ${tag}`
	const slug = `e2e-bahar-senligi-${tag}`
	await signInAsAdmin(page, ADMIN)
	await expect(page.getByRole('heading', { level: 1, name: 'Etkinlikler' })).toBeVisible()

	await page.getByRole('link', { name: 'Yeni', exact: true }).click()
	const dialog = page.getByRole('dialog', { name: 'Yeni etkinlik' })
	const titleBox = dialog.getByRole('textbox', { name: 'Başlık', exact: true })
	await expect(titleBox).toBeFocused()
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog.getByRole('alert')).toHaveText('Başlık gerekli')
	await expect(titleBox).toHaveAttribute('aria-invalid', 'true')
	await expect(dialog.getByText('Başlangıç tarihi ve saati gerekli.')).toBeVisible()

	await titleBox.fill(title)
	await dialog.getByLabel('Adres (slug)', { exact: true }).fill('!!!')
	await dialog.getByLabel('Başlangıç', { exact: true }).fill(`${NEXT_YEAR}-04-18T14:00`)
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog.getByRole('alert')).toHaveText('Başlık gerekli.')

	await dialog.getByLabel('Adres (slug)', { exact: true }).fill('')
	await dialog.getByLabel('Bitiş', { exact: true }).fill(`${NEXT_YEAR}-04-18T18:00`)
	await dialog.getByLabel('Yer', { exact: true }).fill('  Okul Bahçesi, Harbiye ')
	await dialog.getByRole('textbox', { name: 'Metin' }).fill('Bahar şenliğimize tüm mezunlarımız davetlidir.')
	await dialog.getByLabel('Ana sayfada öne çıkar').check()
	await dialog.getByLabel('Kapak görseli').setInputFiles(await jpegCover())
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog).toBeHidden()

	const row = page.getByRole('row', { name: new RegExp(title) })
	await expect(row).toContainText(`/${slug}`)
	await expect(row).toContainText(`18 Nisan ${NEXT_YEAR}`)
	await expect(row).toContainText('14:00')
	await expect(row).toContainText('Evet')
	await expect(row).toContainText('Okul Bahçesi, Harbiye')

	const visitor = await page.context().browser()!.newPage()
	await visitor.goto(`/etkinlikler/${slug}`)
	await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title)
	await expect(visitor.locator('.detail__facts')).toContainText(new RegExp(`18 Nisan ${NEXT_YEAR} \\S+ 14:00–18:00`))
	await expect(visitor.locator('.detail__facts')).toContainText('Okul Bahçesi, Harbiye')
	await expect(visitor.locator('img[src*="/media/events/"]').first()).toBeAttached()
	await visitor.goto('/')
	expect(await visitor.getByRole('region', { name: 'Öne çıkanlar' }).locator('.hero__title').allTextContents()).toContain(title)

	await row.getByRole('link', { name: /düzenle/ }).click()
	const editDialog = page.getByRole('dialog', { name: 'Etkinliği düzenle' })
	await expect(editDialog.getByLabel('Başlangıç', { exact: true })).toHaveValue(`${NEXT_YEAR}-04-18T14:00`)
	await editDialog.getByLabel('Adres (slug)', { exact: true }).fill('yilbasi-dayanisma-kermesi')
	await editDialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(editDialog.getByRole('alert')).toHaveText('Bu adres başka bir etkinlikte kullanılıyor; başka bir adres yazın.')
	await editDialog.getByLabel('Adres (slug)', { exact: true }).fill(slug)
	await editDialog.getByLabel('Ana sayfada öne çıkar').uncheck()
	await editDialog.getByLabel('Yer', { exact: true }).fill('Konferans Salonu')
	await editDialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(editDialog).toBeHidden()
	await expect(row).toContainText('Konferans Salonu')
	await expect(row).toContainText('Hayır')
	await visitor.goto(`/duyurular/etkinlikler/${slug}`)
	await expect(visitor.locator('.detail__facts')).toContainText('Konferans Salonu')

	page.once('dialog', async (confirm) => {
		expect(confirm.message()).toBe(
			'Bu etkinliği silmek istiyor musunuz?\n\nSilinen içerik çöp kutusuna taşınır ve 30 gün içinde geri yüklenebilir.',
		)
		await confirm.accept()
	})
	await clickAndAwaitAdmin(page, page.getByRole('link', { name: `${title} – sil` }))
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
	const gone = await visitor.goto(`/etkinlikler/${slug}`)
	expect(gone?.status()).toBe(404)
	await visitor.close()
})

test('gives a second event with the same title its own address', async ({ page }) => {
	const tag = unique()
	const title = `E2E İkiz Etkinlik ${tag}`
	const base = `/e2e-ikiz-etkinlik-${tag}`
	await signInAsAdmin(page, ADMIN)
	await addEvent(page, title)
	await addEvent(page, title)
	const rows = page.getByRole('row', { name: new RegExp(title) })
	const slugs = await rows.locator('.admin-table__muted').allTextContents()
	expect(slugs.toSorted()).toEqual([base, expect.stringMatching(new RegExp(`^${base}-[0-9a-z]{4}$`))])
	for (const left of [1, 0]) {
		page.once('dialog', (confirm) => confirm.accept())
		await page
			.getByRole('link', { name: `${title} – sil` })
			.first()
			.click()
		await expect(rows).toHaveCount(left)
	}
})

test('brings a deleted event back with the error when the server refuses the delete', async ({ page }) => {
	const title = `E2E Silinemeyen Etkinlik ${unique()}`
	await signInAsAdmin(page, ADMIN)
	await addEvent(page, title)
	let answer: () => void = () => {}
	const answered = new Promise<void>((resolve) => (answer = resolve))
	await page.route('**/admin/etkinlikler.data', async (route) => {
		if (route.request().method() !== 'POST') return route.fallback()
		await answered
		await route.abort('connectionreset')
	})
	page.once('dialog', (confirm) => confirm.accept())
	await page.getByRole('link', { name: `${title} – sil` }).click()
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
	answer()
	await expect(page.getByRole('alert')).toHaveText('Sunucuya ulaşılamadı. Bağlantınızı kontrol edip yeniden deneyin.')
	await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible()
	await page.unrouteAll()
	page.once('dialog', (confirm) => confirm.accept())
	await page.getByRole('link', { name: `${title} – sil` }).click()
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
})

test('has no serious accessibility violation on the events tab with the form open, and closes with Escape', async ({
	page,
	consoleErrors,
}) => {
	await signInAsAdmin(page, ADMIN)
	await expect(page.getByRole('row').nth(1)).toBeVisible()
	expect(await seriousA11yViolations(page)).toEqual([])
	const newButton = page.getByRole('link', { name: 'Yeni', exact: true })
	await newButton.click()
	const dialog = page.getByRole('dialog', { name: 'Yeni etkinlik' })
	await expect(dialog.getByRole('toolbar', { name: 'Metin biçimlendirme' })).toBeVisible()
	expect(await seriousA11yViolations(page)).toEqual([])
	await page.keyboard.press('Escape')
	await expect(dialog).toBeHidden()
	await expect(page).toHaveURL('/admin/etkinlikler')
	await expect(newButton).toBeFocused()
	expect(consoleErrors).toEqual([])
})
