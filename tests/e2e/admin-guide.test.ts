import path from 'node:path'
import { ADMIN_SECTIONS } from '#app/features/admin/sections.ts'
import { expect, openSection, seriousA11yViolations, test } from './fixtures.ts'

/**
 * Every section of the admin opens with its heading and no serious
 * accessibility violation, and leaves a picture of itself for the volunteer
 * guide in the README (docs/screenshots/<section>.jpg), so the guide always
 * shows the admin as it is.
 */
const SCREENSHOTS = path.resolve(import.meta.dirname, '..', '..', 'docs', 'screenshots')

for (const section of ADMIN_SECTIONS) {
	test(`section “${section.label}” opens at /admin/${section.slug}, accessible, and is pictured for the guide`, async ({
		page,
	}, testInfo) => {
		await page.setViewportSize({ width: 1280, height: 800 })
		await openSection(page, section.slug)
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		await expect(page.getByRole('navigation', { name: 'Yönetim bölümleri' }).getByRole('link', { name: section.label })).toHaveAttribute(
			'aria-current',
			'page',
		)
		expect(await seriousA11yViolations(page)).toEqual([])
		if (testInfo.project.name === 'chromium') {
			await page.screenshot({ path: path.join(SCREENSHOTS, `${section.slug}.jpg`), type: 'jpeg', quality: 70 })
		}
	})
}
