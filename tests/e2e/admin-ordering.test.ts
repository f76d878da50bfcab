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

test('the order buttons still work when another editor has added an announcement since the list was opened', async ({ page }) => {
	test.slow()
	const suffix = unique()
	const mine = `E2E Uç C ${suffix}`
	const theirs = `E2E Uç D ${suffix}`
	const later = `E2E Uç E ${suffix}`
	await openSection(page, 'duyurular')
	await addAnnouncement(page, mine)

	/** Another editor adds one; this list does not know of it. */
	const addElsewhere = async (title: string) => {
		const other = await page.context().newPage()
		await openSection(other, 'duyurular')
		await addAnnouncement(other, title)
		await other.close()
		expect(await rowTitles(page)).not.toContain(title)
	}
	/** The list once the server's answer has come back with the other editor's announcement. */
	const answered = (title: string) => async () => {
		const titles = await rowTitles(page)
		return titles.includes(title) ? titles : []
	}

	// Each move is made on the list as the server has it: no "the list has changed" refusal.
	await addElsewhere(theirs)
	const below = (await rowTitles(page))[1]
	await clickAndAwaitAdmin(page, page.getByRole('button', { name: `${mine} – aşağı taşı` }))
	await expect
		.poll(async () => {
			const titles = await answered(theirs)()
			return titles.indexOf(mine) - titles.indexOf(below ?? '')
		})
		.toBe(1)

	await addElsewhere(later)
	await clickAndAwaitAdmin(page, page.getByRole('button', { name: `${mine} – en alta taşı` }))
	await expect.poll(async () => (await answered(later)()).at(-1)).toBe(mine)
	await clickAndAwaitAdmin(page, page.getByRole('button', { name: `${mine} – en üste taşı` }))
	await expect.poll(async () => (await rowTitles(page))[0]).toBe(mine)
	await page.reload()
	expect((await rowTitles(page))[0]).toBe(mine)
	expect((await publicTitles(page))[0]).toBe(mine)

	for (const title of [mine, theirs, later]) {
		page.once('dialog', (confirm) => confirm.accept())
		await page.getByRole('link', { name: `${title} – sil` }).click()
		await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
	}
})
