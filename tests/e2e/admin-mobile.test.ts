import type { Page } from '@playwright/test'
import { ADMIN_SECTIONS } from '#app/features/admin/sections.ts'
import { expect, openSection, seriousA11yViolations, test, waitForAdminSettled } from './fixtures.ts'

/**
 * The admin on a phone (375×667) and a tablet (768×1024): every section's
 * list fits the screen (rows become stacked cards whose cells name their
 * column), the page never scrolls sideways, and the new-item dialog fits the
 * screen, scrolls inside itself up to its Kaydet button, wraps its editor
 * toolbar, and stays free of serious accessibility violations (checked on
 * the phone).
 */
const SIZES = [
	{ width: 375, height: 667, axe: true },
	{ width: 768, height: 1024, axe: false },
] as const

/** Serious accessibility violations, checked at the phone size: the tablet shows the same stacked rows and dialog, with more room. */
async function violationsAt(page: Page, size: (typeof SIZES)[number]) {
	return size.axe ? seriousA11yViolations(page) : []
}

/** Nothing on the page is wider than the screen: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page, width: number) {
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
	// A list inside a scrolling box would not widen the page but would still be cut off.
	const overflowing = await page.evaluate((viewport) => {
		const wide: Array<string> = []
		for (const element of document.querySelectorAll<HTMLElement>('.admin-table-wrap, .admin-table, .admin-dialog, .rich-text__toolbar')) {
			const box = element.getBoundingClientRect()
			if (box.width === 0) continue
			if (element.scrollWidth > element.clientWidth + 1 || box.right > viewport + 1 || box.left < -1) {
				wide.push(
					`${element.className}: ${Math.round(box.left)}–${Math.round(box.right)}, scroll ${element.scrollWidth}/${element.clientWidth}`,
				)
			}
		}
		return wide
	}, width)
	expect(overflowing).toEqual([])
}

for (const size of SIZES) {
	for (const section of ADMIN_SECTIONS) {
		test(`${section.label} (/admin/${section.slug}) works at ${size.width}×${size.height}`, async ({ page }) => {
			await page.setViewportSize({ width: size.width, height: size.height })
			await openSection(page, section.slug)
			await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
			await waitForAdminSettled(page)
			await expectNoSidewaysScroll(page, size.width)

			// Each cell of a stacked row names its column.
			const cells = page.locator('.admin-table tbody td[data-label]')
			if ((await cells.count()) > 0) {
				const label = await cells.first().getAttribute('data-label')
				const shown = await cells.first().evaluate((cell) => getComputedStyle(cell, '::before').content)
				if (size.width < 800) expect(shown).toBe(JSON.stringify(label))
				else expect(shown).not.toBe(JSON.stringify(label))
			}
			expect(await violationsAt(page, size)).toEqual([])

			const create = page.locator('.admin-panel__head a[data-dialog-trigger="new"]')
			if ((await create.count()) === 0) {
				// No new items here (Sayfalar, Çöp kutusu, the account pages): the first row's edit screen, if it has one, fits as well.
				const edit = page.locator('.admin-table__actions a[href*="edit="]').first()
				if ((await edit.count()) === 0) return
				await edit.click()
				await page.waitForURL((url) => url.searchParams.has('edit'))
				await waitForAdminSettled(page)
				await expectNoSidewaysScroll(page, size.width)
				const save = page.getByRole('button', { name: 'Kaydet' })
				await save.scrollIntoViewIfNeeded()
				await expect(save).toBeInViewport()
				expect(await violationsAt(page, size)).toEqual([])
				return
			}
			await create.click()
			const dialog = page.locator('dialog.admin-dialog')
			await expect(dialog).toBeVisible()
			await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true)
			await waitForAdminSettled(page)

			const box = await dialog.boundingBox()
			expect(box).not.toBeNull()
			if (box) {
				expect(box.x).toBeGreaterThanOrEqual(0)
				expect(box.y).toBeGreaterThanOrEqual(0)
				expect(box.x + box.width).toBeLessThanOrEqual(size.width)
				expect(box.y + box.height).toBeLessThanOrEqual(size.height)
			}
			await expectNoSidewaysScroll(page, size.width)

			const save = dialog.getByRole('button', { name: 'Kaydet' })
			await save.scrollIntoViewIfNeeded()
			await expect(save).toBeInViewport()
			// The whole button, not a sliver of it, can be reached inside the dialog.
			const saveBox = await save.boundingBox()
			expect(saveBox).not.toBeNull()
			if (saveBox) {
				expect(saveBox.x).toBeGreaterThanOrEqual(0)
				expect(saveBox.x + saveBox.width).toBeLessThanOrEqual(size.width)
				expect(saveBox.y + saveBox.height).toBeLessThanOrEqual(size.height)
			}
			expect(await violationsAt(page, size)).toEqual([])
		})
	}
}
