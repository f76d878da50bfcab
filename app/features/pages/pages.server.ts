import { Lexer } from 'marked'
import { data } from 'react-router'
import { formatIban } from '#app/features/settings/iban.ts'
import { getSettings } from '#app/features/settings/settings.server.ts'
import type { Settings } from '#app/features/settings/settings.schema.ts'
import { db } from '#app/lib/db.server.ts'
import { toIso } from '#app/lib/db-utils.server.ts'
import { htmlToText, renderMarkdown, type Heading } from '#app/lib/html.server.ts'
import { telHref } from '#app/lib/links.ts'
import { formatLira, formatNumber, monthName } from '#app/lib/tr.ts'

/** A page's stored Markdown with the settings placeholders filled in. */
export type PageSource = { slug: string; title: string; description: string; markdown: string; updatedAt: string | null }

export type Page = {
	slug: string
	title: string
	description: string
	/** Sanitised HTML of the whole body. */
	html: string
	/** Every h2–h4 with its anchor id, for a table of contents. */
	headings: Array<Heading>
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
	return markdown.replace(/\{\{\s*([a-zA-Z]+\.[a-zA-Z]+)\s*\}\}/g, (match, key: string) => {
		const value = variables[key]
		return value === undefined ? match : value.replace(/[\\`*_[\]<>]/g, '\\$&')
	})
}

/** The page's Markdown, placeholders filled; null when there is no such page. */
export async function getPageSource(slug: string): Promise<PageSource | null> {
	const [row, settings] = await Promise.all([
		db.selectFrom('pages').select(['slug', 'title', 'description', 'body', 'updated_at']).where('slug', '=', slug).executeTakeFirst(),
		getSettings(),
	])
	if (!row) return null
	return {
		slug: row.slug,
		title: row.title,
		description: row.description ?? '',
		markdown: fillPlaceholders(row.body, pageVariables(settings)),
		updatedAt: toIso(row.updated_at),
	}
}

/** A page rendered to safe HTML, with its headings for a table of contents. */
export async function getPage(slug: string): Promise<Page | null> {
	const source = await getPageSource(slug)
	if (!source) return null
	const { html, headings } = renderMarkdown(source.markdown)
	return { slug: source.slug, title: source.title, description: source.description, html, headings, updatedAt: source.updatedAt }
}

/** A page cut into sections at its `##` headings (the image-and-text blocks of about and history). */
export async function getSectionedPage(slug: string): Promise<SectionedPage | null> {
	const source = await getPageSource(slug)
	if (!source) return null
	const { headings } = renderMarkdown(source.markdown)
	const { intro, sections } = splitSections(source.markdown)
	const used = new Set<string>()
	return {
		slug: source.slug,
		title: source.title,
		description: source.description,
		headings,
		updatedAt: source.updatedAt,
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
