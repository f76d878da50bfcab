import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { makePdf } from '#tests/fixtures/files.ts'
import { clickAndAwaitAdmin, expect, isAdminPost, openSection, seriousA11yViolations, test } from './fixtures.ts'

const SECTION = 'yonetim-kurulu'
// One after the other: both journeys change the audit board, and a new order that names another journey's
// half-made row is refused as outdated (the server accepts only the group's current members).
test.describe.configure({ mode: 'default' })
/** One sortable list per group: each has its own live region, and only the one in use speaks. */
const announced = (page: Page, text: string) => page.locator('[id^="DndLiveRegion"]', { hasText: text })
const unique = () => Math.random().toString(36).slice(2, 7)
const portrait = async () => ({
	name: 'portre.png',
	mimeType: 'image/png',
	buffer: await sharp({ create: { width: 480, height: 480, channels: 3, background: '#6d4c41' } })
		.png()
		.toBuffer(),
})
const pdfAsJpeg = async () => ({ name: 'portre.jpg', mimeType: 'image/jpeg', buffer: await makePdf('Özgeçmiş') })

const auditTable = (page: Page) => page.getByRole('table', { name: 'Denetim Kurulu, sayfadaki sırayla' })
const auditNames = (page: Page) => auditTable(page).locator('tbody tr td:nth-child(3)').allTextContents()

async function publicAuditNames(page: Page) {
	await page.goto('/kurumsal/yonetim-kurulu')
	return page.getByRole('region', { name: 'Denetim Kurulu' }).getByRole('heading', { level: 3 }).allTextContents()
}

async function addToAudit(page: Page, name: string) {
	await page.getByRole('link', { name: 'Denetim Kurulu – kişi ekle' }).click()
	const dialog = page.getByRole('dialog', { name: 'Yeni kişi' })
	await expect(dialog.getByLabel('Grup')).toHaveValue('audit')
	await dialog.getByLabel('Ad soyad').fill(name)
	await dialog.getByLabel('Görev').fill('Üye')
	await dialog.getByLabel('Dönem').fill('2025-2027')
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog).toBeHidden()
	await expect(auditTable(page).getByRole('row', { name: new RegExp(name) })).toBeVisible()
}

async function remove(page: Page, name: string) {
	page.once('dialog', async (confirm) => {
		expect(confirm.message()).toBe(`Silinsin mi? ${name}\n\nSilinen içerik çöp kutusuna taşınır ve 30 gün içinde geri yüklenebilir.`)
		await confirm.accept()
	})
	await clickAndAwaitAdmin(page, page.getByRole('link', { name: `${name} – sil` }))
	await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0)
}

test('adds an audit board member with a photo, refuses a PDF named .jpg at the photo field, edits, moves to past presidents and deletes', async ({
	page,
}) => {
	const name = `E2E Denetçi ${unique()}`
	await openSection(page, SECTION)
	await expect(page.getByRole('heading', { level: 1, name: 'Yönetim Kurulu' })).toBeVisible()
	await expect(page.locator('.admin-group h2')).toHaveText(['Yönetim Kurulu', 'Denetim Kurulu', 'Geçmiş Dönem Başkanları'])

	await page.getByRole('link', { name: 'Denetim Kurulu – kişi ekle' }).click()
	const dialog = page.getByRole('dialog', { name: 'Yeni kişi' })
	await expect(dialog.getByLabel('Grup')).toHaveValue('audit')
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog.getByRole('alert')).toHaveText('Ad soyad gerekli.')
	await dialog.getByLabel('Ad soyad').fill(name)
	await dialog.getByLabel('Görev').fill('Üye')
	await dialog.getByLabel('Dönem').fill('25-27')
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog.getByLabel('Dönem')).toHaveAccessibleDescription(
		/Dönemi 2024–2026 biçiminde ya da tek bir yıl olarak \(2024\) yazın\./,
	)
	await dialog.getByLabel('Dönem').fill('2025-2027')
	await dialog.getByLabel('Fotoğraf').setInputFiles(await pdfAsJpeg())
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog.getByLabel('Fotoğraf')).toHaveAccessibleDescription(
		/Bu dosya bir görsel değil\. JPEG, PNG, WebP, GIF veya AVIF yükleyebilirsiniz\./,
	)
	await expect(dialog.getByLabel('Ad soyad')).toHaveValue(name)
	await expect(dialog.getByLabel('Dönem')).toHaveValue('2025-2027')
	await expect(dialog.getByLabel('Grup')).toHaveValue('audit')
	await dialog.getByLabel('Fotoğraf').setInputFiles(await portrait())
	expect(await seriousA11yViolations(page)).toEqual([])
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog).toBeHidden()

	const row = auditTable(page).getByRole('row', { name: new RegExp(name) })
	await expect(row.getByRole('cell').nth(2)).toHaveText(name)
	await expect(row.getByRole('cell').nth(3)).toHaveText('Üye')
	await expect(row.getByRole('cell').nth(4)).toHaveText('2025–2027')
	await expect(row.locator('img')).toHaveAttribute('src', /^\/media\/board\/\d+-[0-9a-f]{8}-480x480\.jpg$/)

	const visitor = await page.context().newPage()
	expect(await publicAuditNames(visitor)).toContain(name)
	await expect(
		visitor.getByRole('region', { name: 'Denetim Kurulu' }).locator('li').filter({ hasText: name }).locator('img'),
	).toHaveAttribute('src', /480x480/)

	await page.getByRole('link', { name: `${name} – düzenle` }).click()
	const edit = page.getByRole('dialog', { name: 'Kişiyi düzenle' })
	await expect(edit.getByLabel('Dönem')).toHaveValue('2025–2027')
	await edit.getByLabel('Görev').fill('Başkan')
	await edit.getByLabel('Dönem').fill('2019-2025')
	await edit.getByLabel('Grup').selectOption({ label: 'Geçmiş Dönem Başkanları' })
	await edit.getByRole('button', { name: 'Kaydet' }).click()
	await expect(edit).toBeHidden()
	await expect(auditTable(page).getByRole('row', { name: new RegExp(name) })).toHaveCount(0)
	await expect(
		page.getByRole('table', { name: 'Geçmiş Dönem Başkanları, sayfadaki sırayla' }).getByRole('row', { name: new RegExp(name) }),
	).toBeVisible()

	await visitor.goto('/kurumsal/yonetim-kurulu')
	await expect(visitor.getByRole('region', { name: 'Denetim Kurulu' })).not.toContainText(name)
	await expect(visitor.getByRole('region', { name: 'Geçmiş Dönem Başkanlarımız' }).locator('li').filter({ hasText: name })).toContainText(
		'2019–2025',
	)

	await remove(page, name)
	await visitor.reload()
	await expect(visitor.locator('main')).not.toContainText(name)
	await visitor.close()
})

test('reorders the audit board with the keyboard and the arrow buttons, and the public page follows', async ({ page }) => {
	test.slow()
	const suffix = unique()
	const first = `E2E Sıra A ${suffix}`
	const second = `E2E Sıra B ${suffix}`
	await openSection(page, SECTION)
	await addToAudit(page, first)
	await addToAudit(page, second)
	let names = await auditNames(page)
	expect(names.indexOf(second)).toBe(names.indexOf(first) + 1)

	const handle = page.getByRole('button', { name: `${second} – sürükleyerek taşı` })
	await handle.focus()
	await page.keyboard.press('Space')
	await expect(announced(page, `"${second}" tutuldu.`)).toHaveCount(1)
	await page.keyboard.press('ArrowUp')
	await expect(announced(page, `"${second}" ${names.indexOf(first) + 1}. sıraya taşındı.`)).toHaveCount(1)
	const saved = page.waitForResponse((response) => isAdminPost(response, SECTION))
	await page.keyboard.press('Space')
	expect((await saved).ok()).toBe(true)
	await expect.poll(async () => (await auditNames(page)).indexOf(second)).toBe(names.indexOf(first))
	await page.reload()
	names = await auditNames(page)
	expect(names.indexOf(second)).toBe(names.indexOf(first) - 1)

	const visitor = await page.context().newPage()
	let shown = await publicAuditNames(visitor)
	expect(shown.indexOf(second)).toBe(shown.indexOf(first) - 1)

	const down = page.getByRole('button', { name: `${second} – aşağı taşı` })
	const answered = page.waitForResponse((response) => isAdminPost(response, SECTION))
	await down.click()
	expect((await answered).ok()).toBe(true)
	await expect(page.getByRole('button', { name: `${second} – yukarı taşı` })).toBeFocused()
	await expect
		.poll(async () => {
			const current = await auditNames(page)
			return current.indexOf(second) - current.indexOf(first)
		})
		.toBe(1)
	shown = await publicAuditNames(visitor)
	expect(shown.indexOf(second)).toBe(shown.indexOf(first) + 1)
	await visitor.close()

	await remove(page, first)
	await remove(page, second)
})
