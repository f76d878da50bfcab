import { expect, test } from 'vitest'
import { DEFAULT_SETTINGS } from '#app/features/settings/settings.defaults.ts'
import { updateSetting } from '#app/features/settings/settings.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { insertMissingPages, readPageSources } from '#app/features/site/seed/pages.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'
import { PAGE_PATHS } from './page-paths.ts'
import {
	fillHtmlPlaceholders,
	fillPageBody,
	fillPlaceholders,
	getPage,
	getSectionedPage,
	markdownToEditorHtml,
	pageVariables,
	renderPageBody,
	renderSectionedPage,
	requirePage,
	sanitizePageHtml,
	splitSections,
} from './pages.server.ts'

const HOSTILE = `# Başlık

## Madde 1 – Derneğin Adı

Metin <script>alert(1)</script> ve [tıkla](javascript:alert(1)) ile <img src="/x.png" onerror="alert(2)">
<a href="/aidat" onclick="steal()">aidat</a> <p onmouseover="x()">üzerine gel</p>
<iframe src="https://evil.example"></iframe><style>body{display:none}</style>

## İletişim

[e-posta](mailto:{{contact.email}}) ve {{bilinmeyen.anahtar}}
`

test('fills settings placeholders, escapes their Markdown and leaves unknown keys visible', () => {
	const variables = { ...pageVariables(DEFAULT_SETTINGS), 'contact.email': 'a_b*c@example.org' }
	expect(fillPlaceholders('{{ dues.entryFee }} ve {{dues.annualDues}}', variables)).toBe('20 TL ve 450 TL')
	expect(fillPlaceholders('{{contact.email}}', variables)).toBe('a\\_b\\*c@example.org')
	expect(fillPlaceholders('{{yok.boyle}}', variables)).toBe('{{yok.boyle}}')
	expect(pageVariables(DEFAULT_SETTINGS)['association.memberCount']).toBe('2.325')
	expect(pageVariables(DEFAULT_SETTINGS)['association.memberCountAsOf']).toBe('Ekim 2025')
	expect(pageVariables(DEFAULT_SETTINGS)['dues.annualDuesWithCut']).toBe('472,50 TL')
	expect(pageVariables(DEFAULT_SETTINGS)['contact.phoneHref']).toBe('tel:+902120000000')
})

test('fills placeholders in HTML escaped, in text and in addresses, and a block placeholder as its list', () => {
	const variables = { ...pageVariables(DEFAULT_SETTINGS), 'contact.officeHours': '<b>"09.00"</b> & sonrası' }
	expect(
		fillHtmlPlaceholders(
			'<p>{{contact.officeHours}} <a href="{{links.paymentPage}}">öde</a> {{ dues.entryFee }} {{yok.boyle}}</p>',
			variables,
		),
	).toBe(
		`<p>&lt;b&gt;&quot;09.00&quot;&lt;/b&gt; &amp; sonrası <a href="${DEFAULT_SETTINGS.links.paymentPage}">öde</a> 20 TL {{yok.boyle}}</p>`,
	)
	expect(fillHtmlPlaceholders('<p>Hesaplar:</p><p>{{bank.accounts}}</p>', variables)).toMatch(/^<p>Hesaplar:<\/p><ul>\n<li>.+IBAN: TR00/)
})

test('keeps placeholders through the sanitiser, in link addresses too', () => {
	expect(
		sanitizePageHtml(
			'<p onclick="x()"><a href="{{links.paymentPage}}">öde</a> <a href="mailto:{{contact.email}}">{{contact.email}}</a><script>1</script></p>',
		),
	).toBe('<p><a href="{{links.paymentPage}}">öde</a> <a href="mailto:{{contact.email}}">{{contact.email}}</a></p>')
})

test('opens every seeded page in the editor as HTML that the site shows exactly as it showed the Markdown', () => {
	const variables = pageVariables(DEFAULT_SETTINGS)
	const tight = (html: string) => html.replace(/>\s+</g, '><').trim()
	for (const page of readPageSources()) {
		const editorHtml = markdownToEditorHtml(page.body, variables)
		expect(editorHtml, page.slug).not.toMatch(/zqyertutucu|yer-tutucu|##|\*\*/)
		const before = renderPageBody('markdown', fillPageBody('markdown', page.body, variables))
		const after = renderPageBody('html', fillPageBody('html', editorHtml, variables))
		expect(tight(after.html), page.slug).toBe(tight(before.html))
		expect(after.headings, page.slug).toEqual(before.headings)
		const source = { slug: page.slug, title: page.title, description: page.description, updatedAt: null }
		const sectionedBefore = renderSectionedPage({ ...source, format: 'markdown', body: fillPageBody('markdown', page.body, variables) })
		const sectionedAfter = renderSectionedPage({ ...source, format: 'html', body: fillPageBody('html', editorHtml, variables) })
		expect(
			sectionedAfter.sections.map((s) => [s.id, s.title, tight(s.html)]),
			page.slug,
		).toEqual(sectionedBefore.sections.map((s) => [s.id, s.title, tight(s.html)]))
		expect(tight(sectionedAfter.introHtml), page.slug).toBe(tight(sectionedBefore.introHtml))
	}
})

test('cuts a body into sections once, and a changed body again', () => {
	const source = { slug: 'tarihce', title: 'Tarihçe', description: '', updatedAt: null, format: 'markdown' as const }
	const body = 'Giriş\n\n## 1856\n\nOkul açılır.\n\n## 1920\n\nYeni bina.\n'
	const first = renderSectionedPage({ ...source, body })
	const again = renderSectionedPage({ ...source, title: 'Yeni başlık', body: `${body}` })
	// The same body gives the very same sections (computed once); the page's own fields are its own.
	expect(again.sections).toBe(first.sections)
	expect(again.title).toBe('Yeni başlık')
	expect(first.sections.map((s) => s.title)).toEqual(['1856', '1920'])
	const edited = renderSectionedPage({ ...source, body: body.replace('Yeni bina.', 'Yeni bina, 1921.') })
	expect(edited.sections[1]!.html).toContain('Yeni bina, 1921.')
	expect(first.sections[1]!.html).not.toContain('1921')
	// The same text as HTML is another key: it is cut as HTML.
	const html = renderSectionedPage({ ...source, format: 'html', body: '<p>Giriş</p><h2>1856</h2><p>Okul açılır.</p>' })
	expect(html.sections.map((s) => [s.title, s.html])).toEqual([['1856', '<p>Okul açılır.</p>']])
})

test('splits Markdown at top-level second-level headings only', () => {
	const { intro, sections } = splitSections('Giriş\n\n## Bir\n\nmetin\n\n> ## alıntıda\n\n## İki\n\n- madde\n')
	expect(intro.trim()).toBe('Giriş')
	expect(sections.map((s) => s.heading)).toEqual(['Bir', 'İki'])
	expect(sections[0]!.body).toContain('> ## alıntıda')
})

for (const dialect of dialectsUnderTest()) {
	test(`renders a stored page without scripts, javascript: links or event handlers on ${dialect}`, async () => {
		const tdb = await createTestDatabase(dialect)
		try {
			await migrateToLatest(tdb.handle.db)
			await insertMissingPages(tdb.handle.db, [{ slug: 'deneme', title: 'Deneme', description: 'Açıklama', body: HOSTILE }])
			const page = await getPage('deneme')
			expect(page).not.toBeNull()
			expect(page!.html).not.toMatch(/<script|javascript:|onerror|onclick|onmouseover|<iframe|<style|alert\(/i)
			expect(page!.html).toContain('<a href="/aidat">aidat</a>')
			expect(page!.html).toContain(`<a href="mailto:${DEFAULT_SETTINGS.contact.email}">e-posta</a>`)
			expect(page!.html).toContain('{{bilinmeyen.anahtar}}')
			expect(page!.headings).toEqual([
				{ id: 'baslik', text: 'Başlık', level: 2 },
				{ id: 'madde-1-dernegin-adi', text: 'Madde 1 – Derneğin Adı', level: 2 },
				{ id: 'iletisim', text: 'İletişim', level: 2 },
			])
			expect(page!.html).toContain('<h2 id="madde-1-dernegin-adi">Madde 1 – Derneğin Adı</h2>')
			expect(page!.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)

			const sectioned = await getSectionedPage('deneme')
			expect(sectioned!.sections.map((s) => [s.id, s.title])).toEqual([
				['madde-1-dernegin-adi', 'Madde 1 – Derneğin Adı'],
				['iletisim', 'İletişim'],
			])
			expect(sectioned!.sections.map((s) => s.html).join('')).not.toMatch(/<script|javascript:|onerror|onclick/i)

			expect(await getPage('olmayan-sayfa')).toBeNull()
			await expect(requirePage('olmayan-sayfa')).rejects.toMatchObject({ init: { status: 404 } })
		} finally {
			await tdb.cleanup()
		}
	})

	test(`seeds every page of the site from content/pages and follows setting changes on ${dialect}`, async () => {
		const tdb = await createTestDatabase(dialect)
		try {
			await migrateToLatest(tdb.handle.db)
			await insertMissingPages(tdb.handle.db)
			for (const slug of Object.keys(PAGE_PATHS)) {
				const page = await getPage(slug)
				expect(page?.title, slug).toBeTruthy()
				expect(page?.description.length, slug).toBeGreaterThan(50)
				expect(page?.html, slug).not.toContain('{{')
			}
			expect((await getPage('uyelik-aidati'))!.html).toContain('450 TL')
			await updateSetting('dues', { ...DEFAULT_SETTINGS.dues, year: 2026, annualDues: 500 })
			const html = (await getPage('uyelik-aidati'))!.html
			expect(html).toContain('2026 yılı için yıllık aidat <strong>500 TL</strong>')
			expect(html).toContain('525 TL')
			expect(readPageSources().length).toBe(Object.keys(PAGE_PATHS).length)
		} finally {
			await tdb.cleanup()
		}
	})
}
