import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { clickAndAwaitAdmin, expect, isAdminPost, seriousA11yViolations, signInAsAdmin, test } from './fixtures.ts'

const ADMIN = '/giris?redirect=%2Fadmin%3Ftab%3Dannouncements'

// One after the other: the reorder journey posts every announcement id, so this file's own creates and deletes must not
// run beside it; another file's may, and the reorder is then counted afresh and tried again (the server refuses an outdated order).
test.describe.configure({ mode: 'default' })
const unique = () => Math.random().toString(36).slice(2, 7)
const todayInIstanbul = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date())
const pngCover = async () => ({
	name: 'kapak.png',
	mimeType: 'image/png',
	buffer: await sharp({ create: { width: 800, height: 450, channels: 3, background: '#1d3b6f' } })
		.png()
		.toBuffer(),
})

async function addAnnouncement(page: Page, title: string, status: 'Yayında' | 'Taslak') {
	await page.getByRole('link', { name: 'Yeni', exact: true }).click()
	const dialog = page.getByRole('dialog', { name: 'Yeni duyuru' })
	await dialog.getByRole('textbox', { name: 'Başlık', exact: true }).fill(title)
	await dialog.getByLabel('Durum').selectOption({ label: status })
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog).toBeHidden()
	await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible()
}

async function deleteAnnouncement(page: Page, title: string) {
	page.once('dialog', (confirm) => confirm.accept())
	await page.getByRole('link', { name: `${title} – sil` }).click()
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
}

async function rowTitles(page: Page) {
	return page.locator('.admin-table--announcements tbody tr td:nth-child(3)').allTextContents()
}

test('creates a featured announcement with a cover, shows it on its page and the home hero, edits and deletes it', async ({ page }) => {
	const title = `E2E Duyuru ${unique()}`
	await signInAsAdmin(page, ADMIN)
	await expect(page.getByRole('heading', { level: 1, name: 'Duyurular' })).toBeVisible()

	await page.getByRole('link', { name: 'Yeni', exact: true }).click()
	const dialog = page.getByRole('dialog', { name: 'Yeni duyuru' })
	await expect(dialog.getByRole('textbox', { name: 'Başlık', exact: true })).toBeFocused()
	await expect(dialog.getByLabel('Tarih')).toHaveValue(todayInIstanbul())
	await expect(dialog.getByLabel('Durum')).toHaveValue('draft')
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog.getByRole('alert')).toHaveText('Başlık gerekli')

	await dialog.getByRole('textbox', { name: 'Başlık', exact: true }).fill(title)
	await dialog.getByLabel('Kısa açıklama').fill('Uçtan uca test duyurusu.')
	await dialog.getByRole('textbox', { name: 'Metin' }).fill('Bu duyuru İstanbul’dan yazıldı.')
	await dialog.getByLabel('Durum').selectOption({ label: 'Yayında' })
	await dialog.getByLabel('Ana sayfada öne çıkar').check()
	await dialog.getByLabel('Kapak görseli').setInputFiles(await pngCover())
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog).toBeHidden()

	const row = page.getByRole('row', { name: new RegExp(title) })
	await expect(row).toContainText('Yayında')
	await expect(row.locator('img.admin-table__thumb')).toHaveAttribute('src', /\/media\/announcements\/\d+-[0-9a-f]{8}-800x450\.jpg$/)
	const id = (await row.getByRole('link', { name: /düzenle/ }).getAttribute('href'))?.match(/edit=(\d+)/)?.[1]
	expect(id).toBeTruthy()

	const visitor = await page.context().browser()!.newPage()
	await visitor.goto(`/duyurular/${id}`)
	await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title)
	await expect(visitor.getByText('Bu duyuru İstanbul’dan yazıldı.')).toBeVisible()
	await expect(visitor.locator('img[src*="/media/announcements/"]').first()).toBeAttached()
	await visitor.goto('/')
	expect(await visitor.getByRole('region', { name: 'Öne çıkanlar' }).locator('.hero__title').allTextContents()).toContain(title)

	await row.getByRole('link', { name: /düzenle/ }).click()
	const editDialog = page.getByRole('dialog', { name: 'Duyuruyu düzenle' })
	await expect(editDialog.getByLabel('Ana sayfada öne çıkar')).toBeChecked()
	await editDialog.getByRole('textbox', { name: 'Başlık', exact: true }).fill(`${title} (taslak)`)
	await editDialog.getByLabel('Durum').selectOption({ label: 'Taslak' })
	await editDialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(editDialog).toBeHidden()
	await expect(page.getByRole('row', { name: new RegExp(`${title} \\(taslak\\)`) })).toContainText('Taslak')
	const response = await visitor.goto(`/duyurular/${id}`)
	expect(response?.status()).toBe(404)
	await expect(visitor.getByText('Duyuru bulunamadı.')).toBeVisible()
	await visitor.close()

	page.once('dialog', async (confirm) => {
		expect(confirm.message()).toBe(
			'Bu duyuruyu silmek istiyor musun?\n\nSilinen içerik çöp kutusuna taşınır ve 30 gün içinde geri yüklenebilir.',
		)
		await confirm.accept()
	})
	await clickAndAwaitAdmin(page, page.getByRole('link', { name: `${title} (taslak) – sil` }))
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
	await page.reload()
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
})

test('reorders announcements with the keyboard and the arrow buttons, and the order stays after reload and on /duyurular', async ({
	page,
}) => {
	test.slow()
	const suffix = unique()
	const first = `E2E Sıra A ${suffix}`
	const second = `E2E Sıra B ${suffix}`
	await signInAsAdmin(page, ADMIN)
	// New announcements go to the top: the one added last comes first.
	await addAnnouncement(page, second, 'Yayında')
	await addAnnouncement(page, first, 'Yayında')
	let titles = await rowTitles(page)
	expect(titles.indexOf(second)).toBeGreaterThan(titles.indexOf(first))

	const live = page.locator('[id^="DndLiveRegion"]')
	await expect(async () => {
		await page.reload()
		const current = await rowTitles(page)
		const steps = current.indexOf(second) - current.indexOf(first)
		const handle = page.getByRole('button', { name: `${second} – sürükleyerek taşı` })
		await handle.focus()
		await page.keyboard.press('Space')
		await expect(live).toContainText(`"${second}" tutuldu.`)
		for (let i = 0; i < steps; i++) {
			await page.keyboard.press('ArrowUp')
			await expect(live).toContainText(`"${second}" ${current.indexOf(second) - i}. sıraya taşındı.`)
		}
		const saved = page.waitForResponse((r) => isAdminPost(r, 'duyurular'))
		await page.keyboard.press('Space')
		expect((await saved).ok()).toBe(true)
		await expect(handle).toBeFocused()
	}).toPass({ timeout: 20_000 })
	// Other workers' tests add and move their own announcements meanwhile, so only the relative order is ours;
	// the table shows the saved order once the list has been read again after the save.
	await expect
		.poll(async () => {
			const current = await rowTitles(page)
			return current.indexOf(first) > current.indexOf(second)
		})
		.toBe(true)

	await page.reload()
	titles = await rowTitles(page)
	expect(titles.indexOf(first)).toBeGreaterThan(titles.indexOf(second))
	const visitor = await page.context().browser()!.newPage()
	await visitor.goto('/duyurular')
	let cards = await visitor.locator('.card-grid .card__title').allTextContents()
	expect(cards.indexOf(second)).toBeGreaterThanOrEqual(0)
	expect(cards.indexOf(first)).toBeGreaterThan(cards.indexOf(second))

	await expect(async () => {
		await page.reload()
		const current = await rowTitles(page)
		const saved = page.waitForResponse((r) => isAdminPost(r, 'duyurular'))
		const up = page.getByRole('button', { name: `${first} – yukarı taşı` })
		await up.click()
		expect((await saved).ok()).toBe(true)
		// At the top ▲ is disabled and its twin ▼ keeps the focus.
		const focused = current.indexOf(first) === 1 ? page.getByRole('button', { name: `${first} – aşağı taşı` }) : up
		await expect(focused).toBeFocused()
		const moved = await rowTitles(page)
		expect(moved.indexOf(first)).toBe(current.indexOf(first) - 1)
	}).toPass({ timeout: 20_000 })
	await page.reload()
	titles = await rowTitles(page)
	expect(titles.indexOf(first)).toBeLessThan(titles.indexOf(second))
	await visitor.reload()
	cards = await visitor.locator('.card-grid .card__title').allTextContents()
	expect(cards.indexOf(first)).toBeLessThan(cards.indexOf(second))
	await visitor.close()

	await deleteAnnouncement(page, first)
	await deleteAnnouncement(page, second)
})

test('shows the spec’s alert and restores the order when the server refuses it', async ({ page }) => {
	const suffix = unique()
	const first = `E2E Sıra Hatası A ${suffix}`
	const second = `E2E Sıra Hatası B ${suffix}`
	await signInAsAdmin(page, ADMIN)
	await addAnnouncement(page, second, 'Taslak')
	await addAnnouncement(page, first, 'Taslak')
	const before = await rowTitles(page)
	let answer: () => void = () => {}
	const answered = new Promise<void>((resolve) => (answer = resolve))
	await page.route('**/admin/duyurular.data', async (route) => {
		if (route.request().method() !== 'POST') return route.fallback()
		await answered
		await route.abort('connectionreset')
	})
	await page.getByRole('button', { name: `${second} – yukarı taşı` }).click()
	await expect.poll(async () => (await rowTitles(page)).indexOf(second)).toBe(before.indexOf(second) - 1)
	answer()
	await expect(page.getByRole('alert')).toHaveText('Sıralama kaydedilemedi!')
	expect(await rowTitles(page)).toEqual(before)
	await page.unrouteAll()
	await deleteAnnouncement(page, first)
	await deleteAnnouncement(page, second)
})

test('brings a deleted announcement back with the error when the server refuses the delete', async ({ page }) => {
	const title = `E2E Silinemeyen ${unique()}`
	await signInAsAdmin(page, ADMIN)
	await addAnnouncement(page, title, 'Taslak')
	let answer: () => void = () => {}
	const answered = new Promise<void>((resolve) => (answer = resolve))
	await page.route('**/admin/duyurular.data', async (route) => {
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
	await deleteAnnouncement(page, title)
})

test('has no serious accessibility violation with the form open, closes with Escape and returns focus', async ({ page, consoleErrors }) => {
	await signInAsAdmin(page, ADMIN)
	await expect(page.getByRole('button', { name: /sürükleyerek taşı$/ }).first()).toBeVisible()
	expect(await seriousA11yViolations(page)).toEqual([])
	const newButton = page.getByRole('link', { name: 'Yeni', exact: true })
	await newButton.click()
	const dialog = page.getByRole('dialog', { name: 'Yeni duyuru' })
	await expect(dialog.getByRole('toolbar', { name: 'Metin biçimlendirme' })).toBeVisible()
	expect(await seriousA11yViolations(page)).toEqual([])
	await page.keyboard.press('Escape')
	await expect(dialog).toBeHidden()
	await expect(page).toHaveURL('/admin/duyurular')
	await expect(newButton).toBeFocused()
	expect(consoleErrors).toEqual([])
})
