import type { Page } from '@playwright/test'
import { clickAndAwaitAdmin, expect, openSection, test } from './fixtures.ts'

// One after the other: moving to the top or the bottom renumbers every announcement.
test.describe.configure({ mode: 'default' })
const unique = () => Math.random().toString(36).slice(2, 7)

const rowTitles = (page: Page) => page.locator('.admin-table--announcements tbody tr td:nth-child(3)').allTextContents()

/** The titles /duyurular shows, in its order. */
async function publicTitles(page: Page) {
	const visitor = await page.context().newPage()
	await visitor.goto('/duyurular')
	const titles = await visitor.locator('.card-grid .card__title').allTextContents()
	await visitor.close()
	return titles
}

async function addAnnouncement(page: Page, title: string) {
	await page.getByRole('link', { name: 'Yeni', exact: true }).click()
	const dialog = page.getByRole('dialog', { name: 'Yeni duyuru' })
	await dialog.getByRole('textbox', { name: 'Başlık', exact: true }).fill(title)
	await dialog.getByLabel('Durum').selectOption({ label: 'Yayında' })
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog).toBeHidden()
	await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible()
}

test('a new announcement comes first on /duyurular, and "En alta taşı" / "En üste taşı" move it to either end', async ({ page }) => {
	test.slow()
	const suffix = unique()
	const older = `E2E Uç A ${suffix}`
	const newer = `E2E Uç B ${suffix}`
	await openSection(page, 'duyurular')
	const before = await publicTitles(page)
	await addAnnouncement(page, older)
	await addAnnouncement(page, newer)

	// Newest first, ahead of everything that was there before.
	let cards = await publicTitles(page)
	expect(cards.indexOf(newer)).toBeGreaterThanOrEqual(0)
	expect(cards.indexOf(older)).toBeGreaterThan(cards.indexOf(newer))
	for (const title of before.filter((title) => cards.includes(title))) expect(cards.indexOf(title)).toBeGreaterThan(cards.indexOf(older))
	expect((await rowTitles(page)).indexOf(newer)).toBeLessThan((await rowTitles(page)).indexOf(older))

	await clickAndAwaitAdmin(page, page.getByRole('button', { name: `${newer} – en alta taşı` }))
	await expect.poll(async () => (await rowTitles(page)).at(-1)).toBe(newer)
	// The row's controls keep the focus: the pressed button is now disabled, so its ▲ takes it.
	await expect(page.getByRole('button', { name: `${newer} – en alta taşı` })).toBeDisabled()
	await expect(page.getByRole('button', { name: `${newer} – yukarı taşı` })).toBeFocused()
	await page.reload()
	expect((await rowTitles(page)).at(-1)).toBe(newer)
	cards = await publicTitles(page)
	expect(cards.indexOf(newer)).toBeGreaterThan(cards.indexOf(older))

	await clickAndAwaitAdmin(page, page.getByRole('button', { name: `${newer} – en üste taşı` }))
	await expect.poll(async () => (await rowTitles(page))[0]).toBe(newer)
	await expect(page.getByRole('button', { name: `${newer} – en üste taşı` })).toBeDisabled()
	await expect(page.getByRole('button', { name: `${newer} – aşağı taşı` })).toBeFocused()
	await page.reload()
	expect((await rowTitles(page))[0]).toBe(newer)
	expect((await publicTitles(page))[0]).toBe(newer)

	for (const title of [older, newer]) {
		page.once('dialog', (confirm) => confirm.accept())
		await page.getByRole('link', { name: `${title} – sil` }).click()
		await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
	}
})
