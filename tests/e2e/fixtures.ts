import AxeBuilder from '@axe-core/playwright'
import { expect, test as base, type Page } from '@playwright/test'

export const test = base.extend<{ consoleErrors: Array<string> }>({
	consoleErrors: async ({ page }, use) => {
		const errors: Array<string> = []
		page.on('pageerror', (error) => errors.push(String(error)))
		page.on('console', (message) => {
			if (message.type() === 'error') errors.push(message.text())
		})
		await use(errors)
	},
})

export { expect }

/** axe-core with the WCAG 2.x A/AA rules; returns serious and critical violations. */
export async function seriousA11yViolations(page: Page) {
	const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()
	return results.violations
		.filter((v) => v.impact === 'serious' || v.impact === 'critical')
		.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
}

/** Signs in through the login form, as a person would. */
export async function signIn(page: Page, account: { email: string; password: string }, path = '/giris') {
	await page.goto(path)
	await page.getByLabel('E-posta').fill(account.email)
	await page.getByLabel('Şifre').fill(account.password)
	await page.getByRole('button', { name: 'Giriş Yap' }).click()
}
