import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { makePdf } from '#tests/fixtures/files.ts'
import { clickAndAwaitAdmin, expect, isAdminPost, openSection, seriousA11yViolations, test } from './fixtures.ts'

const SECTION = 'edebiyat-odulu'
/** A year the demo has books in; the journeys add their own books to it and remove them again. */
const YEAR = 2012
/** One sortable list per group: each has its own live region, and only the one in use speaks. */
const announced = (page: Page, text: string) => page.locator('[id^="DndLiveRegion"]', { hasText: text })
const unique = () => Math.random().toString(36).slice(2, 7)
const cover = async () => ({
	name: 'kapak.png',
	mimeType: 'image/png',
	buffer: await sharp({ create: { width: 400, height: 600, channels: 3, background: '#13294b' } })
		.png()
		.toBuffer(),
})
const pdfAsJpeg = async () => ({ name: 'kapak.jpg', mimeType: 'image/jpeg', buffer: await makePdf('Kapak') })

const yearTable = (page: Page, year: number) => page.getByRole('table', { name: `${year} yılının kitapları, sayfadaki sırayla` })
const bookTitles = (page: Page, year: number) => yearTable(page, year).locator('tbody tr td:nth-child(3)').allTextContents()

async function publicYear(page: Page, year: number) {
	await page.goto('/kurumsal/nds-edebiyat-odulu')
	return page.getByRole('region', { name: String(year), exact: true })
}

async function addBook(page: Page, title: string, author: string) {
	await page.getByRole('link', { name: `${YEAR} – kitap ekle` }).click()
	const dialog = page.getByRole('dialog', { name: 'Yeni kitap' })
	await expect(dialog.getByLabel('Yıl')).toHaveValue(String(YEAR))
	await dialog.getByLabel('Kitap adı').fill(title)
	await dialog.getByLabel('Yazar').fill(author)
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog).toBeHidden()
	await expect(yearTable(page, YEAR).getByRole('row', { name: new RegExp(title) })).toBeVisible()
}

async function removeBook(page: Page, title: string) {
	page.once('dialog', async (confirm) => {
		expect(confirm.message()).toBe(`Silinsin mi? ${title}\n\nSilinen içerik çöp kutusuna taşınır ve 30 gün içinde geri yüklenebilir.`)
		await confirm.accept()
	})
	await clickAndAwaitAdmin(page, page.getByRole('link', { name: `${title} – sil` }))
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
}

test('adds an award year with its jury and announcement, refuses a taken year, edits it and deletes it', async ({ page }) => {
	const year = new Date().getFullYear() + 1
	const juror = `E2E Jüri ${unique()}`
	await openSection(page, SECTION)
	await expect(page.getByRole('heading', { level: 1, name: 'Edebiyat Ödülü' })).toBeVisible()

	await page.getByRole('link', { name: 'Yeni yıl' }).click()
	const dialog = page.getByRole('dialog', { name: 'Yeni ödül yılı' })
	await dialog.getByLabel('Yıl').fill('2025')
	await dialog.getByLabel('Seçici kurul').fill(`${juror} – Eleştirmen\n\nNermin Bayraktar – Yazar`)
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog.getByLabel('Yıl')).toHaveAccessibleDescription('2025 yılı zaten var; o yılı düzenleyin.')
	await expect(dialog.getByLabel('Seçici kurul')).toHaveValue(`${juror} – Eleştirmen\n\nNermin Bayraktar – Yazar`)
	await dialog.getByLabel('Yıl').fill(String(year))
	await dialog.getByLabel('Kazananların duyurusu').fill('Ödül töreni nisan ayında.\n\nTüm adaylara teşekkürler.')
	expect(await seriousA11yViolations(page)).toEqual([])
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog).toBeHidden()
	const block = page.getByRole('region', { name: String(year), exact: true })
	await expect(block).toContainText(`Seçici kurul (2 kişi): ${juror} – Eleştirmen, Nermin Bayraktar – Yazar`)
	await expect(block.getByRole('row')).toHaveText([/.*/, 'Bu yıl için henüz kitap yok.'])

	const visitor = await page.context().newPage()
	let shown = await publicYear(visitor, year)
	await expect(shown.getByRole('heading', { name: 'Seçici Kurul' })).toBeVisible()
	await expect(shown.getByRole('listitem')).toHaveText([`${juror} – Eleştirmen`, 'Nermin Bayraktar – Yazar'])
	await expect(shown.locator('p')).toHaveText(['Ödül töreni nisan ayında.', 'Tüm adaylara teşekkürler.'])
	await expect(visitor.locator('[data-award-year]').first()).toHaveAttribute('data-award-year', String(year))

	await page.getByRole('link', { name: `${year} – yılı düzenle` }).click()
	const edit = page.getByRole('dialog', { name: 'Ödül yılını düzenle' })
	await edit.getByLabel('Seçici kurul').fill(juror)
	await edit.getByRole('button', { name: 'Kaydet' }).click()
	await expect(edit).toBeHidden()
	shown = await publicYear(visitor, year)
	await expect(shown.getByRole('listitem')).toHaveText([juror])

	page.once('dialog', async (confirm) => {
		expect(confirm.message()).toBe(`${year} yılı silinsin mi?\n\nSilinen içerik çöp kutusuna taşınır ve 30 gün içinde geri yüklenebilir.`)
		await confirm.accept()
	})
	await clickAndAwaitAdmin(page, page.getByRole('link', { name: `${year} – yılı sil` }))
	await expect(block).toHaveCount(0)
	await visitor.goto('/kurumsal/nds-edebiyat-odulu')
	await expect(visitor.getByRole('region', { name: String(year), exact: true })).toHaveCount(0)
	await expect(visitor.locator('main')).not.toContainText(juror)
	await visitor.close()
})

test('adds books with a cover, refuses a PDF named .jpg at the cover field, reorders them with the keyboard, and keeps a year with books', async ({
	page,
}) => {
	test.slow()
	const suffix = unique()
	const first = `E2E Kitap A ${suffix}`
	const second = `E2E Kitap B ${suffix}`
	await openSection(page, SECTION)

	await page.getByRole('link', { name: `${YEAR} – kitap ekle` }).click()
	const dialog = page.getByRole('dialog', { name: 'Yeni kitap' })
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog.getByRole('alert')).toHaveText('Kitap adı gerekli.')
	await dialog.getByLabel('Kitap adı').fill(first)
	await dialog.getByLabel('Yazar').fill('Deniz Ersoy')
	await dialog.getByLabel('Mansiyon (onur ödülü)').check()
	await dialog.getByLabel('Kapak', { exact: true }).setInputFiles(await pdfAsJpeg())
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog.getByLabel('Kapak', { exact: true })).toHaveAccessibleDescription(
		/Bu dosya bir görsel değil\. JPEG, PNG, WebP, GIF veya AVIF yükleyebilirsiniz\./,
	)
	await expect(dialog.getByLabel('Kitap adı')).toHaveValue(first)
	await expect(dialog.getByLabel('Yazar')).toHaveValue('Deniz Ersoy')
	await expect(dialog.getByLabel('Mansiyon (onur ödülü)')).toBeChecked()
	await dialog.getByLabel('Kapak', { exact: true }).setInputFiles(await cover())
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog).toBeHidden()
	const row = yearTable(page, YEAR).getByRole('row', { name: new RegExp(first) })
	await expect(row.getByRole('cell').nth(4)).toHaveText('Mansiyon')
	await expect(row.getByRole('cell').nth(5)).toHaveText(`${YEAR} – ${first}, Deniz Ersoy`)
	await expect(row.locator('img')).toHaveAttribute('src', /^\/media\/books\/\d+-[0-9a-f]{8}-400x600\.jpg$/)

	const visitor = await page.context().newPage()
	let shown = await publicYear(visitor, YEAR)
	const card = shown.locator('li').filter({ hasText: first })
	await expect(card.getByText('Mansiyon')).toBeVisible()
	await expect(card.locator('img')).toHaveAttribute('alt', `${first} kitabının kapağı`)

	await addBook(page, second, 'Ece Tan')
	let titles = await bookTitles(page, YEAR)
	expect(titles.indexOf(second)).toBe(titles.indexOf(first) + 1)
	await page.getByRole('button', { name: `${second} – sürükleyerek taşı` }).focus()
	await page.keyboard.press('Space')
	await expect(announced(page, `"${second}" tutuldu.`)).toHaveCount(1)
	await page.keyboard.press('ArrowUp')
	await expect(announced(page, `"${second}" ${titles.indexOf(first) + 1}. sıraya taşındı.`)).toHaveCount(1)
	const saved = page.waitForResponse((response) => isAdminPost(response, SECTION))
	await page.keyboard.press('Space')
	expect((await saved).ok()).toBe(true)
	await expect.poll(async () => (await bookTitles(page, YEAR)).indexOf(second)).toBe(titles.indexOf(first))
	await page.reload()
	titles = await bookTitles(page, YEAR)
	expect(titles.indexOf(second)).toBe(titles.indexOf(first) - 1)
	shown = await publicYear(visitor, YEAR)
	let captions = await shown.locator('.book-card__caption').allTextContents()
	expect(captions.indexOf(`${YEAR} – ${second}, Ece Tan`)).toBe(captions.indexOf(`${YEAR} – ${first}, Deniz Ersoy`) - 1)

	await page.getByRole('link', { name: `${first} – düzenle` }).click()
	const edit = page.getByRole('dialog', { name: 'Kitabı düzenle' })
	await expect(edit.getByLabel('Mansiyon (onur ödülü)')).toBeChecked()
	await edit.getByLabel('Kapak altı yazısı').fill(`${first}: seçici kurulun özel övgüsü`)
	await edit.getByRole('button', { name: 'Kaydet' }).click()
	await expect(edit).toBeHidden()
	shown = await publicYear(visitor, YEAR)
	captions = await shown.locator('.book-card__caption').allTextContents()
	expect(captions).toContain(`${first}: seçici kurulun özel övgüsü`)

	page.once('dialog', (confirm) => confirm.accept())
	const refused = page.waitForResponse((response) => isAdminPost(response, SECTION))
	await page.getByRole('link', { name: `${YEAR} – yılı sil` }).click()
	expect((await refused).status()).toBe(400)
	await expect(page.getByRole('alert')).toHaveText(
		new RegExp(`^Silinemedi: ${YEAR} yılında \\d+ kitap var\\. Kitaplar yanlışlıkla silinmesin diye yıl kitaplarıyla birlikte silinmez`),
	)
	await expect(page.getByRole('region', { name: String(YEAR), exact: true })).toBeVisible()

	await removeBook(page, first)
	await removeBook(page, second)
	shown = await publicYear(visitor, YEAR)
	await expect(shown).not.toContainText(suffix)
	await visitor.close()
})
