import { chromium, type Browser, type Page } from '@playwright/test'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ADMIN_SECTIONS } from '#app/features/admin/sections.ts'
import { getSettings, updateSetting } from '#app/features/settings/settings.server.ts'
import { XSS_PAYLOADS } from '#tests/fixtures/xss-payloads.ts'
import type { TestDatabase } from '#tests/setup/db.ts'
import { alertTexts, fieldError, fieldValue, postAdmin, startAdminSite, type AdminSite, type RunningServer } from '#tests/setup/server.ts'
import { CHROMIUM_ARGS, chromiumPath } from '#tests/setup/browser.ts'

/**
 * Stored XSS, end to end: every payload goes into every text field of every
 * kind of content through the admin's real actions (and into the settings
 * through the settings module), then a real browser opens every public page
 * that shows them and the admin tables. Nothing may run: no dialog, no
 * `window.__xss`, no element with an event-handler attribute, no link or
 * frame with a javascript:/data:/vbscript: address, no foreign script,
 * frame, object, base or refresh, and no CSP violation report (which would
 * mean markup got through and only the policy stopped it).
 */

const ADMIN = { email: 'xss@example.org', password: 'Kurul-Toplantisi-1987', fullName: 'Güvenlik Denetçisi' }
const MARK = 'XSSDENEME'

let site: AdminSite
let tdb: TestDatabase
let server: RunningServer
let browser: Browser
let cookie: string

beforeAll(async () => {
	site = await startAdminSite(ADMIN)
	tdb = site.tdb
	server = site.server
	cookie = site.cookie
	// What is looked for is in the DOM, so the browser neither fetches nor draws what it does not need: no images or
	// web fonts (an injected <img onerror> is found by its attribute, fired or not). With the small window below:
	// 36 -> 29 s of browser CPU over the 300 pages.
	browser = await chromium.launch({
		executablePath: chromiumPath(),
		args: [...CHROMIUM_ARGS, '--blink-settings=imagesEnabled=false', '--disable-remote-fonts'],
	})
}, 120_000)

afterAll(async () => {
	await browser?.close()
	await site?.stop()
})

/** A new entry saved through the section's "Yeni" form; a refusal comes back in that form. */
async function save(slug: string, fields: Record<string, string>) {
	const answer = await postAdmin(server, slug, { intent: 'save', ...fields }, { cookie, query: { new: 1 } })
	return { ...answer, saved: answer.status === 303 && answer.location === `/admin/${slug}` }
}

/** What must not be on a page: runs in the browser. */
function findInjections() {
	const problems: Array<string> = []
	// Browsers ignore control characters and spaces inside a scheme, so strip them before looking.
	const unsafe = (value: string) =>
		/^(javascript|vbscript|data):/i.test(
			Array.from(value)
				.filter((char) => char.charCodeAt(0) > 0x20 && (char.charCodeAt(0) < 0x7f || char.charCodeAt(0) > 0x9f))
				.join(''),
		)
	for (const element of Array.from(document.querySelectorAll('*'))) {
		const tag = element.tagName.toLowerCase()
		for (const attribute of Array.from(element.attributes)) {
			const name = attribute.name.toLowerCase()
			if (name.startsWith('on')) problems.push(`<${tag} ${name}>`)
			if (name === 'srcdoc') problems.push(`<${tag} srcdoc>`)
			if (['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background'].includes(name) && unsafe(attribute.value))
				problems.push(`<${tag} ${name}="${attribute.value.slice(0, 40)}">`)
			if (name === 'srcset' && /javascript:/i.test(attribute.value)) problems.push(`<${tag} srcset>`)
		}
		if (['object', 'embed', 'base', 'frame', 'frameset', 'applet', 'portal'].includes(tag)) problems.push(`<${tag}>`)
		if (tag === 'iframe' && !/^https:\/\/(www\.openstreetmap\.org|www\.google\.com)\//.test((element as HTMLIFrameElement).src))
			problems.push('<iframe>')
		if (tag === 'meta' && element.hasAttribute('http-equiv')) problems.push('<meta http-equiv>')
		if (tag === 'script') {
			const script = element as HTMLScriptElement
			if (script.src ? new URL(script.src).origin !== location.origin : !script.nonce && script.type !== 'application/ld+json')
				problems.push(`<script ${script.src || 'inline'}>`)
		}
		if (tag === 'link' && (element as HTMLLinkElement).href && new URL((element as HTMLLinkElement).href).origin !== location.origin)
			problems.push('<link foreign>')
	}
	if (Reflect.get(window, '__xss')) problems.push('window.__xss')
	return problems
}

async function settle(page: Page) {
	// Give autofocus, onload and animations their chance to fire.
	await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))))
}

async function inspect(page: Page, path: string, problems: Array<string>) {
	const response = await page.goto(`${server.url}${path}`, { waitUntil: 'load' })
	expect(response?.status(), path).toBeLessThan(400)
	await settle(page)
	for (const problem of await page.evaluate(findInjections)) problems.push(`${path}: ${problem}`)
}

/**
 * Posts `fields` from the section's page as a plain form (a native submit,
 * as without JavaScript) and inspects the page that comes back: a refused
 * form echoes what was typed into its inputs. Returns the status and what
 * the named inputs hold.
 */
async function inspectRefusal(page: Page, path: string, fields: Record<string, string>, problems: Array<string>) {
	await page.goto(`${server.url}${new URL(path, server.url).pathname}`, { waitUntil: 'load' })
	const [response] = await Promise.all([
		page.waitForResponse((response) => response.request().method() === 'POST' && response.request().isNavigationRequest()),
		page.waitForEvent('load'),
		page.evaluate(
			({ action, fields }) => {
				const form = document.createElement('form')
				form.method = 'post'
				form.action = action
				form.enctype = 'multipart/form-data'
				for (const [name, value] of Object.entries(fields)) {
					const input = document.createElement('textarea')
					input.name = name
					input.value = value
					form.append(input)
				}
				document.body.append(form)
				form.submit()
			},
			{ action: path, fields },
		),
	])
	await settle(page)
	for (const problem of await page.evaluate(findInjections)) problems.push(`POST ${path}: ${problem}`)
	const shown = await page.evaluate(
		(names) =>
			Object.fromEntries(
				names.map((name) => [
					name,
					document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`form [name="${name}"]:not([type=hidden])`)?.value ?? null,
				]),
			),
		Object.keys(fields),
	)
	return { status: response.status(), shown }
}

test(`${XSS_PAYLOADS.length} payloads in every text field of every kind of content run nowhere`, { timeout: 300_000 }, async () => {
	expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(60)
	const refused: Array<string> = []
	for (const [i, payload] of XSS_PAYLOADS.entries()) {
		const title = `${MARK} ${i} ${payload}`
		const results = await Promise.all([
			save('duyurular', {
				title,
				lead: payload,
				body: payload,
				date: '2026-01-15',
				status: 'published',
				featured_home: i < 3 ? 'on' : '',
			}),
			save('etkinlikler', {
				title,
				slug: payload,
				lead: payload,
				body: payload,
				location: payload,
				starts_at: `2027-01-${String((i % 28) + 1).padStart(2, '0')}T18:30`,
				ends_at: '',
				featured_home: i < 3 ? 'on' : '',
			}),
			save('takvim', { title, date: `2027-01-${String((i % 28) + 1).padStart(2, '0')}` }),
			save('mezun-haberleri', { title, description: payload, link: `https://example.org/haber?q=${encodeURIComponent(payload)}` }),
			save('uye-avantajlari', {
				business_name: title,
				category: payload.slice(0, 60),
				discount: payload,
				discount_code: payload.slice(0, 100),
				contact_phone: payload.slice(0, 50),
				contact_email: '',
				alumnus_name: payload,
				idx: String(i),
			}),
		])
		for (const [k, result] of results.entries())
			if (!result.saved) refused.push(`${k}/${i}: ${result.status} ${alertTexts(result.html).join(' ')}`)
	}
	// Everything is stored as text: nothing refused for its content.
	expect(refused).toEqual([])

	// A javascript: link is refused where a link is asked for.
	const badLink = await save('mezun-haberleri', { title: `${MARK} bağlantı`, link: 'javascript:alert(1)' })
	expect(badLink.status).toBe(400)
	expect(fieldError(badLink.html, 'link')).toBeTruthy()
	// The refused form keeps what was typed, as text in its inputs.
	expect(fieldValue(badLink.html, 'link')).toBe('javascript:alert(1)')
	expect(fieldValue(badLink.html, 'title')).toBe(`${MARK} bağlantı`)

	const settings = await getSettings()
	const payload = XSS_PAYLOADS[0] as string
	await updateSetting('association', { ...settings.association, motto: `${settings.association.motto} ${payload}` })
	await updateSetting('contact', { ...settings.contact, addressLines: [...settings.contact.addressLines, '<img src=x onerror=alert(1)>'] })
	await updateSetting('bank', { accounts: settings.bank.accounts.map((account) => ({ ...account, branch: '"><svg onload=alert(1)>' })) })
	await updateSetting('footer', { about: payload, copyright: `${settings.footer.copyright} ${payload}` })
	await updateSetting('notice', { enabled: true, text: payload, link: 'javascript:alert(1)', until: null })

	const db = tdb.handle.db
	const announcements = await db.selectFrom('announcements').select(['id', 'title']).where('title', 'like', `${MARK}%`).execute()
	const events = await db.selectFrom('events').select(['id', 'slug']).where('title', 'like', `${MARK}%`).execute()
	const news = await db.selectFrom('alumni_news').select(['id', 'slug']).where('title', 'like', `${MARK}%`).execute()
	expect(announcements).toHaveLength(XSS_PAYLOADS.length)

	const pages = [
		'/',
		'/duyurular/takvim?ay=2027-01',
		'/uyelik/uyelere-avantajlar',
		'/iletisim/iletisim-adresleri',
		'/aidat',
		'/kurumsal/hakkimizda',
		...Array.from({ length: Math.ceil(XSS_PAYLOADS.length / 10) + 1 }, (_, n) => `/duyurular?sayfa=${n + 1}`),
		...Array.from({ length: Math.ceil(XSS_PAYLOADS.length / 10) + 1 }, (_, n) => `/duyurular/etkinlikler?sayfa=${n + 1}`),
		...Array.from({ length: Math.ceil(XSS_PAYLOADS.length / 12) + 1 }, (_, n) => `/mezunlarimiz/mezunlardan-haberler?sayfa=${n + 1}`),
		...Array.from({ length: 5 }, (_, n) => `/arama?q=${MARK}&sayfa=${n + 1}`),
		'/arama?q=script',
		'/arama?q=onerror',
		...announcements.map((a) => `/duyurular/${a.id}`),
		...events.map((e) => `/etkinlikler/${e.slug}`),
		...news.map((n) => `/mezunlarimiz/mezunlardan-haberler/${n.slug}`),
	]
	const admin = [
		...ADMIN_SECTIONS.map((section) => `/admin/${section.slug}`),
		`/admin/duyurular?edit=${announcements[0]?.id}`,
		`/admin/etkinlikler?edit=${events[10]?.id}`,
		`/admin/mezun-haberleri?edit=${news[20]?.id}`,
	]

	const problems: Array<string> = []
	const dialogs: Array<string> = []
	const cspReports: Array<string> = []
	const watch = (page: Page) => {
		page.on('dialog', (dialog) => {
			dialogs.push(`${page.url()}: ${dialog.type()} ${dialog.message()}`)
			void dialog.dismiss()
		})
		page.on('console', (message) => {
			if (/Content Security Policy/i.test(message.text())) cspReports.push(`${page.url()}: ${message.text().slice(0, 160)}`)
		})
	}
	// A small window: less to lay out and paint, the same markup.
	const smallWindow = { locale: 'tr-TR', timezoneId: 'Europe/Istanbul', viewport: { width: 360, height: 240 } }
	const visitor = await browser.newContext(smallWindow)
	const signedIn = await browser.newContext(smallWindow)
	await signedIn.addCookies(
		cookie.split('; ').map((pair) => {
			const [name = '', ...rest] = pair.split('=')
			return { name, value: rest.join('='), url: server.url }
		}),
	)
	const queue = [...pages.map((path) => ({ path, context: visitor })), ...admin.map((path) => ({ path, context: signedIn }))]
	// Two tabs at a time.
	await Promise.all(
		[0, 1].map(async () => {
			const tabs = { visitor: await visitor.newPage(), signedIn: await signedIn.newPage() }
			watch(tabs.visitor)
			watch(tabs.signedIn)
			for (let item = queue.shift(); item; item = queue.shift())
				await inspect(item.context === visitor ? tabs.visitor : tabs.signedIn, item.path, problems)
		}),
	)

	// A refused form shows every payload it was sent back in its inputs, as text: eight payloads a form,
	// refused for its javascript: link.
	const refusalTab = await signedIn.newPage()
	watch(refusalTab)
	for (let start = 0; start < XSS_PAYLOADS.length; start += 8) {
		const text = XSS_PAYLOADS.slice(start, start + 8).join(' ')
		const fields = { intent: 'save', title: `${MARK} geri ${text}`, description: text, link: 'javascript:alert(1)' }
		const { status, shown } = await inspectRefusal(refusalTab, '/admin/mezun-haberleri?new=1', fields, problems)
		expect(status, text).toBe(400)
		// Form posts send line breaks as CRLF, and a one-line input drops them; the server drops NUL from every posted field.
		const flat = (value: string | null | undefined) => value?.replace(/[\r\n]/g, '').replaceAll('\u0000', '')
		expect(flat(shown.title), text).toBe(flat(fields.title))
		expect(shown.description?.replace(/\r\n/g, '\n'), text).toBe(text.replaceAll('\u0000', ''))
	}
	await refusalTab.close()

	// The text arrived intact: the title shows as written, markup and all.
	const page = await visitor.newPage()
	await page.goto(`${server.url}/duyurular/${announcements.find((a) => a.title.endsWith(payload))?.id}`)
	expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`${MARK} 0 ${payload}`)

	await visitor.close()
	await signedIn.close()
	expect(dialogs).toEqual([])
	expect(problems).toEqual([])
	expect(cspReports).toEqual([])
})
