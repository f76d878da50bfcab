import fs from 'node:fs'
import { createRequire } from 'node:module'
import { expect, test as base, type Cookie, type Locator, type Page } from '@playwright/test'
import { E2E_ADMIN } from './accounts.ts'

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

/**
 * Clicks an admin control and waits until the server has answered the save
 * or delete it sends: the table changes at once (optimistically), so a public
 * page opened before the answer could still show the old content.
 */
export async function clickAndAwaitAdmin(page: Page, target: Locator) {
	const answered = page.waitForResponse(isAdminPost)
	await target.click()
	expect((await answered).ok()).toBe(true)
}

/** A section's action as the enhanced admin posts it: `POST /admin/<section>.data`. */
export function isAdminPost(response: { url(): string; request(): { method(): string } }, section?: string) {
	const { pathname } = new URL(response.url())
	const match = /^\/admin\/([a-z-]+)\.data$/.exec(pathname)
	return response.request().method() === 'POST' && match !== null && (section === undefined || match[1] === section)
}

/** Opens an admin section as the e2e admin. */
export async function openSection(page: Page, section: string) {
	await signInAsAdmin(page, `/giris?redirect=${encodeURIComponent(`/admin/${section}`)}`)
	await page.waitForURL((url) => url.pathname === `/admin/${section}`)
}

/**
 * Waits until what an admin screen loads after it is shown has arrived, so
 * its layout is final: the fonts, the pictures (but lazy ones), and in place of each body
 * field's plain textarea (what the server renders) the rich text editor,
 * whose code loads after hydration. A condition, where `networkidle` waited
 * half a second after the last request every time.
 */
export async function waitForAdminSettled(page: Page) {
	await page.waitForFunction(
		() =>
			document.fonts.status === 'loaded' &&
			// A lazy picture off the screen never loads; its box has its size already.
			Array.from(document.images).every((image) => image.complete || image.loading === 'lazy') &&
			document.querySelectorAll('.field textarea[id$="-html"]').length === 0,
	)
}

/** axe-core's browser build, put into a page by seriousA11yViolations. */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/**
 * axe-core with the WCAG 2.x A/AA rules; returns serious and critical violations.
 * axe is put into the page once (a later check of the same page, after a
 * resize say, reuses it) and only violations are collected, summarised in the
 * page: the same rules and findings as @axe-core/playwright's builder, which
 * put axe in again for every check (a second check of a page: 0.13–0.23 s
 * against 0.35–0.43 s; the two heaviest files took 5–10 % less CPU). Frames are not
 * entered: the only one is the contact page's map, a third party's page
 * (stubbed in the tests); the frame element itself is checked (its title).
 */
export async function seriousA11yViolations(page: Page) {
	await page.evaluate(`if (!window.axe) { ${AXE_SOURCE} }`)
	return page.evaluate(async (tags) => {
		const { axe } = window as unknown as { axe: typeof import('axe-core') }
		const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false })
		return violations
			.filter((v) => v.impact === 'serious' || v.impact === 'critical')
			.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
	}, WCAG_TAGS)
}

/** Signs in through the login form, as a person would. */
export async function signIn(page: Page, account: { email: string; password: string }, path = '/giris') {
	await page.goto(path)
	await page.getByLabel('E-posta').fill(account.email)
	await page.getByLabel('Şifre').fill(account.password)
	await page.getByRole('button', { name: 'Giriş Yap' }).click()
}

let adminCookies: Array<Cookie> | undefined

/**
 * Opens the admin as the e2e admin: the first call in a worker signs in
 * through the form, later calls reuse that session and its device cookie
 * (saving a sign-in per test; the login limits count only failed attempts,
 * so signing in again is never refused). A session that has ended is
 * replaced by a new sign-in.
 */
export async function signInAsAdmin(page: Page, loginPath = '/giris?redirect=%2Fadmin') {
	const target = new URL(loginPath, 'http://localhost').searchParams.get('redirect') ?? '/admin'
	if (adminCookies) {
		await page.context().addCookies(adminCookies)
		await page.goto(target)
		if (!new URL(page.url()).pathname.startsWith('/giris')) return
	}
	await signIn(page, E2E_ADMIN, loginPath)
	await page.waitForURL((url) => url.pathname.startsWith('/admin'))
	adminCookies = (await page.context().cookies()).filter((cookie) => cookie.name.startsWith('nds.'))
}
