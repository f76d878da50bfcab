import { demoDay } from './demo-schedule.ts'
import { expect, seriousA11yViolations, test } from './fixtures.ts'

test('steps months forward and back across a year boundary, with the month in the address', async ({ page }) => {
	await page.goto('/duyurular/takvim?ay=2026-12')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('TAKVİM')
	const month = page.locator('#takvim-ay')
	await expect(month).toHaveText('Aralık 2026')
	await page.getByRole('link', { name: 'Sonraki Ay' }).click()
	await expect(page).toHaveURL('/duyurular/takvim?ay=2027-01')
	await expect(month).toHaveText('Ocak 2027')
	await page.getByRole('link', { name: 'Önceki Ay' }).click()
	await expect(page).toHaveURL('/duyurular/takvim?ay=2026-12')
	await expect(month).toHaveText('Aralık 2026')
	await page.goto('/duyurular/takvim?ay=2027-01')
	await page.getByRole('link', { name: 'Önceki Ay' }).click()
	await expect(month).toHaveText('Aralık 2026')
})

test('lists the month’s entries by day and says when a month is empty', async ({ page }) => {
	const day = demoDay(9)
	await page.goto(`/duyurular/takvim?ay=${day.slice(0, 7)}`)
	const entry = page.locator('.calendar__item').filter({ hasText: 'Burs Komisyonu Toplantısı' })
	await expect(entry.locator('.calendar__day')).toHaveText(String(Number(day.slice(8))))
	await expect(entry.locator('time')).toHaveAttribute('datetime', day)
	await page.goto('/duyurular/takvim?ay=2001-01')
	await expect(page.getByText('Bu ay için etkinlik bulunmuyor.')).toBeVisible()
	await page.goto('/duyurular/takvim?ay=bozuk')
	await expect(page.locator('#takvim-ay')).toHaveText(/^\S+ \d{4}$/)
})

test('shows each event in the calendar once, on its day, linked to its page, next to the manual entries', async ({ page }) => {
	// The demo event 5 days from today, which the demo calendar also lists by hand.
	const day = demoDay(5)
	await page.goto(`/duyurular/takvim?ay=${day.slice(0, 7)}`)
	const title = 'Edebiyat Söyleşisi: Yedi Tepe Arasında'
	const entry = page.locator('.calendar__item').filter({ hasText: title })
	await expect(entry).toHaveCount(1)
	await expect(entry.locator('time')).toHaveAttribute('datetime', day)
	const link = entry.getByRole('link', { name: title })
	await expect(link).toHaveAttribute('href', /^\/duyurular\/etkinlikler\/[^/]+$/)
	await page.goto(`/duyurular/takvim?ay=${demoDay(9).slice(0, 7)}`)
	const manual = page.locator('.calendar__item').filter({ hasText: 'Burs Komisyonu Toplantısı' })
	await expect(manual).toHaveCount(1)
	await expect(manual.getByRole('link')).toHaveCount(0)
	await page.goto(`/duyurular/takvim?ay=${day.slice(0, 7)}`)
	await link.click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
})

test('opens the month dialog on the month label: year stepper, 12 months, focus kept inside, Escape and İptal close it', async ({
	page,
}) => {
	await page.goto('/duyurular/takvim?ay=2026-12')
	const label = page.getByRole('button', { name: 'Aralık 2026' })
	await label.click()
	const dialog = page.getByRole('dialog', { name: 'Ay seçin' })
	await expect(dialog).toBeVisible()
	expect(await dialog.evaluate((el) => el.matches(':modal'))).toBe(true)
	await expect(dialog.locator('[data-year-label]')).toHaveText('2026')
	const months = dialog.locator('[data-month]')
	await expect(months).toHaveCount(12)
	await expect(months.nth(11)).toBeFocused()
	const columns = await months.evaluateAll((links) => new Set(links.map((a) => Math.round(a.getBoundingClientRect().left))).size)
	expect(columns).toBe(3)

	for (let i = 0; i < 20; i++) {
		await page.keyboard.press('Tab')
		expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true)
	}
	await page.keyboard.press('Shift+Tab')
	expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true)

	await page.keyboard.press('Escape')
	await expect(dialog).toBeHidden()
	await expect(label).toBeFocused()

	await label.click()
	await dialog.getByRole('button', { name: 'İptal' }).click()
	await expect(dialog).toBeHidden()
	await expect(label).toBeFocused()

	await label.press('Enter')
	await expect(dialog).toBeVisible()
	await dialog.getByRole('button', { name: 'Sonraki yıl' }).click()
	await dialog.getByRole('button', { name: 'Sonraki yıl' }).click()
	await dialog.getByRole('button', { name: 'Önceki yıl' }).click()
	await expect(dialog.locator('[data-year-label]')).toHaveText('2027')
	await dialog.getByRole('link', { name: 'Mart' }).click()
	await expect(page).toHaveURL('/duyurular/takvim?ay=2027-03')
	await expect(page.locator('#takvim-ay')).toHaveText('Mart 2027')
	await expect(page.getByRole('dialog')).toBeHidden()
})

test('calendar page, with and without the dialog, has no serious accessibility violations', async ({ page, consoleErrors }) => {
	await page.goto('/duyurular/takvim')
	expect(await seriousA11yViolations(page)).toEqual([])
	await page.locator('[data-month-picker-open]').click()
	await expect(page.getByRole('dialog')).toBeVisible()
	expect(await seriousA11yViolations(page)).toEqual([])
	await page.setViewportSize({ width: 375, height: 740 })
	expect(await seriousA11yViolations(page)).toEqual([])
	expect(consoleErrors).toEqual([])
})
