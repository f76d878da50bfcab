import crypto from 'node:crypto'
import { Lexer, Marked } from 'marked'
import { data } from 'react-router'
import { formatIban } from '#app/features/settings/iban.ts'
import { getSettings } from '#app/features/settings/settings.server.ts'
import type { Settings } from '#app/features/settings/settings.schema.ts'
import { db } from '#app/lib/db.server.ts'
import type { PageBodyFormat } from '#app/lib/db-types.ts'
import { toIso } from '#app/lib/db-utils.server.ts'
import { htmlToText, renderHtml, renderMarkdown, sanitizeHtml, type Heading, type Rendered } from '#app/lib/html.server.ts'
import { telHref } from '#app/lib/links.ts'
import { memoByText } from '#app/lib/text-memo.ts'
import { formatLira, formatNumber, monthName } from '#app/lib/tr.ts'
import { splitAtTopLevel } from './html-tree.server.ts'

export type { PageBodyFormat }

/** A page's stored body (Markdown or HTML) with the settings placeholders filled in. */
export type PageSource = {
	slug: string
	title: string
	description: string
	format: PageBodyFormat
	body: string
	updatedAt: string | null
}

export type Page = {
	slug: string
	title: string
	description: string
	/** Sanitised HTML of the whole body. */
	html: string
	/** Every h2–h4 with its anchor id, for a table of contents. */
	headings: ReadonlyArray<Heading>
	updatedAt: string | null
}

export type PageSection = { id: string; title: string; html: string }

export type SectionedPage = Omit<Page, 'html'> & {
	/** What comes before the first `##` heading. */
	introHtml: string
	/** One section per `##` heading: its text and the HTML that follows it. */
	sections: Array<PageSection>
}

/**
 * The values a page's Markdown may name as `{{group.key}}`, so amounts,
 * addresses and links live in one place (settings) and every page that
 * mentions them changes together.
 */
export function pageVariables(settings: Settings): Record<string, string> {
	const { association, contact, bank, dues, links, social } = settings
	const [asOfYear, asOfMonth] = association.memberCountAsOf.split('-').map(Number)
	const factor = 1 + dues.serviceCutPercent / 100
	const firstAccount = bank.accounts[0]
	return {
		'association.name': association.name,
		'association.shortName': association.shortName,
		'association.foundedYear': String(association.foundedYear),
		'association.memberCount': formatNumber(association.memberCount),
		'association.memberCountAsOf': asOfYear && asOfMonth ? `${monthName(asOfMonth)} ${asOfYear}` : association.memberCountAsOf,
		'contact.organisation': association.name,
		'contact.address': contact.addressLines.join(', '),
		'contact.phone': contact.phone,
		'contact.phoneHref': telHref(contact.phone) ?? '',
		'contact.email': contact.email,
		'contact.officeHours': contact.officeHours,
		// The first account, for pages written when there was one; `bank.accounts` lists them all.
		'bank.bankName': firstAccount?.bankName ?? '',
		'bank.branch': firstAccount?.branch ?? '',
		'bank.accountHolder': firstAccount?.accountHolder ?? '',
		'bank.iban': firstAccount ? formatIban(firstAccount.iban) : '',
		'bank.accounts': bankAccountsMarkdown(bank.accounts),
		'dues.year': String(dues.year),
		'dues.entryFee': formatLira(dues.entryFee),
		'dues.annualDues': formatLira(dues.annualDues),
		'dues.firstYearTotal': formatLira(dues.entryFee + dues.annualDues),
		'dues.serviceCutPercent': formatNumber(dues.serviceCutPercent),
		'dues.payFactor': formatNumber(factor),
		'dues.annualDuesWithCut': formatLira(dues.annualDues * factor),
		'links.memberPlatform': links.memberPlatform,
		'links.paymentPage': links.paymentPage,
		'links.membershipForm': links.membershipForm,
		'social.instagram': social.instagram,
		'social.youtube': social.youtube,
		'social.facebook': social.facebook,
		'social.communityGroup': social.communityGroup,
	}
}

const PLACEHOLDER = /\{\{\s*([a-zA-Z]+\.[a-zA-Z]+)\s*\}\}/g

/**
 * Every bank account as a Markdown list, one item a line (the placeholder
 * stands alone on its line): `- Bank – Branch; hesap sahibi: …; IBAN: TR…`.
 */
function bankAccountsMarkdown(accounts: Settings['bank']['accounts']): string {
	return accounts
		.map((account) => {
			const bank = [account.bankName, account.branch].filter(Boolean).join(' – ')
			return `- ${bank}; hesap sahibi: ${account.accountHolder}; IBAN: ${formatIban(account.iban)}`
		})
		.join('\n')
}

/**
 * Replaces `{{key}}` with its value, escaped so a value can never add
 * Markdown of its own. Unknown keys are left visible for the editor to notice.
 */
export function fillPlaceholders(markdown: string, variables: Record<string, string>) {
	return markdown.replace(PLACEHOLDER, (match, key: string) => {
		const value = variables[key]
		return value === undefined ? match : value.replace(/[\\`*_[\]<>]/g, '\\$&')
	})
}

const escapeHtml = (text: string) =>
	text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string)

/** Placeholders whose value is a block of Markdown (a list of bank accounts), not a phrase. */
const BLOCK_PLACEHOLDERS: ReadonlySet<string> = new Set(['bank.accounts'])

/**
 * `{{key}}` in an HTML body, in text or in a link's address alike, replaced
 * by its value escaped for HTML, so a value can never add markup. A block
 * placeholder alone in its paragraph becomes that block (the list), as it
 * does on a Markdown page. Unknown keys are left visible.
 */
export function fillHtmlPlaceholders(html: string, variables: Record<string, string>) {
	return html
		.replace(/<p>\s*\{\{\s*([a-zA-Z]+\.[a-zA-Z]+)\s*\}\}\s*<\/p>/g, (match, key: string) =>
			BLOCK_PLACEHOLDERS.has(key) && variables[key] !== undefined ? renderMarkdown(fillPlaceholders(`{{${key}}}`, variables)).html : match,
		)
		.replace(PLACEHOLDER, (match, key: string) => {
			const value = variables[key]
			return value === undefined ? match : escapeHtml(value)
		})
}

/**
 * Sanitises an HTML page body for storing, keeping its placeholders: the
 * sanitiser would drop a link whose address is `{{links.paymentPage}}`, so
 * each placeholder passes through it as a site path only this call knows.
 */
export function sanitizePageHtml(html: string): string {
	const nonce = crypto.randomBytes(6).toString('hex')
	const protectedHtml = html.replace(PLACEHOLDER, (_match, key: string) => `/yer-tutucu-${nonce}/${key}/`)
	return sanitizeHtml(protectedHtml)
		.replace(new RegExp(`/yer-tutucu-${nonce}/([a-zA-Z]+\\.[a-zA-Z]+)/`, 'g'), '{{$1}}')
		.trim()
}

/**
 * A Markdown page as the HTML the editor opens: the same rendering as the
 * public page, placeholders kept as literal `{{key}}` text (and link
 * addresses), heading ids left to the public rendering. `variables` are
 * today's values: a placeholder whose value is an e-mail address or a web
 * address is linked where the public page links it (Markdown links such
 * bare values by itself).
 */
export function markdownToEditorHtml(markdown: string, variables: Record<string, string>): string {
	const keys: Array<string> = []
	// Letters and digits: Markdown neither formats nor escapes them; addresses keep them as they are.
	const tokens = markdown.replace(PLACEHOLDER, (_match, key: string) => {
		const token = `zqyertutucu${keys.push(key) - 1}z`
		const value = variables[key] ?? ''
		if (/^[^\s@<>()]+@[^\s@<>()]+\.[a-z]{2,}$/i.test(value)) return `${token}@yer-tutucu.example`
		if (/^https?:\/\/\S+$/i.test(value)) return `https://yer-tutucu.example/${token}`
		return token
	})
	const html = new Marked({ gfm: true, breaks: false }).parse(tokens, { async: false })
	const restored = html.replace(/(?:https:\/\/yer-tutucu\.example\/)?zqyertutucu(\d+)z(?:@yer-tutucu\.example)?/g, (match, i: string) => {
		const key = keys[Number(i)]
		return key === undefined ? match : `{{${key}}}`
	})
	return sanitizePageHtml(restored).replace(/<(h[2-4]) id="[^"]*">/g, '<$1>')
}

/** A stored body, placeholders filled, as safe HTML with its headings, whichever format it is in. */
export function renderPageBody(format: PageBodyFormat, body: string): Rendered {
	return format === 'html' ? renderHtml(body) : renderMarkdown(body)
}

/** A stored body with the settings filled in, escaped for its format. */
export function fillPageBody(format: PageBodyFormat, body: string, variables: Record<string, string>) {
	return format === 'html' ? fillHtmlPlaceholders(body, variables) : fillPlaceholders(body, variables)
}

/** The stored format, read defensively: anything but `html` is the seeded Markdown. */
export const toBodyFormat = (value: unknown): PageBodyFormat => (value === 'html' ? 'html' : 'markdown')

/** The values for one settings object (getSettings gives the same object until the content changes). */
const variablesBySettings = new WeakMap<Settings, Record<string, string>>()
function variablesOf(settings: Settings) {
	let variables = variablesBySettings.get(settings)
	if (!variables) variablesBySettings.set(settings, (variables = Object.freeze(pageVariables(settings))))
	return variables
}

/** The page's body, placeholders filled; null when there is no such page. */
export async function getPageSource(slug: string): Promise<PageSource | null> {
	const [row, settings] = await Promise.all([
		db
			.selectFrom('pages')
			.select(['slug', 'title', 'description', 'body', 'body_format', 'updated_at'])
			.where('slug', '=', slug)
			.executeTakeFirst(),
		getSettings(),
	])
	if (!row) return null
	const format = toBodyFormat(row.body_format)
	return {
		slug: row.slug,
		title: row.title,
		description: row.description ?? '',
		format,
		body: fillPageBody(format, row.body, variablesOf(settings)),
		updatedAt: toIso(row.updated_at),
	}
}

/** A page rendered to safe HTML, with its headings for a table of contents. */
export function renderPage(source: PageSource): Page {
	const { html, headings } = renderPageBody(source.format, source.body)
	return { slug: source.slug, title: source.title, description: source.description, html, headings, updatedAt: source.updatedAt }
}

/** A page rendered to safe HTML, with its headings for a table of contents. */
export async function getPage(slug: string): Promise<Page | null> {
	const source = await getPageSource(slug)
	return source ? renderPage(source) : null
}

/** A page cut into sections at its top-level second-level headings (`##`, `<h2>`). */
export function renderSectionedPage(source: PageSource): SectionedPage {
	const base = { slug: source.slug, title: source.title, description: source.description, updatedAt: source.updatedAt }
	return { ...base, ...sectionsOnce(`${source.format}\n${source.body}`) }
}

type Sections = Pick<SectionedPage, 'headings' | 'introHtml' | 'sections'>

/**
 * The sections of a body, computed once per body and format (the key is the
 * format, a line break, then the body): a static page's Markdown was lexed
 * again on every render (0.5 of the 4.6 ms of CPU that /kurumsal/tarihce
 * took uncached in a profile).
 */
const sectionsOnce = memoByText(
	(key: string): Sections => {
		const cut = key.indexOf('\n')
		return sectionsOf(key.slice(0, cut) as PageBodyFormat, key.slice(cut + 1))
	},
	{ sizeOf: (out) => out.introHtml.length + out.sections.reduce((sum, s) => sum + s.title.length + s.html.length, 0) },
)

function sectionsOf(format: PageBodyFormat, body: string): Sections {
	if (format === 'html') {
		const { html, headings } = renderHtml(body)
		const { intro, sections } = splitAtTopLevel(html, 'h2')
		return {
			headings,
			introHtml: intro.trim(),
			sections: sections.map((section, i) => ({
				id: section.attrs.id || `bolum-${i + 1}`,
				title: htmlToText(section.headingHtml),
				html: section.body.trim(),
			})),
		}
	}
	const { headings } = renderMarkdown(body)
	const { intro, sections } = splitSections(body)
	const used = new Set<string>()
	return {
		headings,
		introHtml: intro.trim() ? renderMarkdown(intro).html : '',
		sections: sections.map((section, i) => {
			const rendered = renderMarkdown(`## ${section.heading}`)
			const title = htmlToText(rendered.html)
			let id = rendered.headings[0]?.id ?? `bolum-${i + 1}`
			if (used.has(id)) id = `${id}-${i + 1}`
			used.add(id)
			return { id, title, html: renderMarkdown(section.body).html }
		}),
	}
}

/** A page cut into sections at its `##` headings (the image-and-text blocks of about and history). */
export async function getSectionedPage(slug: string): Promise<SectionedPage | null> {
	const source = await getPageSource(slug)
	return source ? renderSectionedPage(source) : null
}

/** Splits Markdown at its top-level `##` headings (never inside quotes, lists or code). */
export function splitSections(markdown: string): { intro: string; sections: Array<{ heading: string; body: string }> } {
	let intro = ''
	const sections: Array<{ heading: string; body: string }> = []
	for (const token of Lexer.lex(markdown)) {
		if (token.type === 'heading' && token.depth === 2) {
			sections.push({ heading: (token as { text: string }).text, body: '' })
			continue
		}
		const current = sections.at(-1)
		if (current) current.body += token.raw
		else intro += token.raw
	}
	return { intro, sections }
}

/** Like getPage, but a missing page is a 404 for the route's error boundary. */
export async function requirePage(slug: string): Promise<Page> {
	const page = await getPage(slug)
	if (!page) throw data('Sayfa bulunamadı.', { status: 404 })
	return page
}

export async function requireSectionedPage(slug: string): Promise<SectionedPage> {
	const page = await getSectionedPage(slug)
	if (!page) throw data('Sayfa bulunamadı.', { status: 404 })
	return page
}
