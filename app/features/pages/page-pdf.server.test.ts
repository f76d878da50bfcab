import module from 'node:module'
import { expect, test } from 'vitest'
import { DEFAULT_SETTINGS } from '#app/features/settings/settings.defaults.ts'
import { db } from '#app/lib/db.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { extractPdfText, looksLikePdf } from '#app/lib/pdf.server.ts'
import { insertMissingPages } from '#app/features/site/seed/pages.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'
import { getKvkkPdf, renderHtmlPdf, renderMarkdownPdf } from './page-pdf.server.ts'

test('lays pages out in a worker thread: the server’s own thread never loads pdfkit, which would stay in its memory', async () => {
	const resolved: Array<string> = []
	const hooks = module.registerHooks({
		resolve(specifier, context, next) {
			const result = next(specifier, context)
			resolved.push(result.url)
			return result
		},
	})
	try {
		const pdf = await renderMarkdownPdf({ title: 'Aydınlatma Metni', markdown: '## Başlık\n\nMetin.', footer: 'Örnek Derneği' })
		expect(looksLikePdf(pdf)).toBe(true)
		expect(await extractPdfText(pdf)).toContain('Başlık Metin.')
		// The check sees what this thread loads: a package first imported now, say.
		await import('isbot')
	} finally {
		hooks.deregister()
	}
	expect(resolved.some((url) => url.includes('/node_modules/isbot/'))).toBe(true)
	expect(resolved.filter((url) => /\/node_modules\/(pdfkit|fontkit)\//.test(url))).toEqual([])
})

test('lays out Markdown in a PDF whose text keeps the Turkish letters', async () => {
	const pdf = await renderMarkdownPdf({
		title: 'Aydınlatma Metni',
		markdown:
			'# Aydınlatma Metni\n\n## 1. Başlık\n\nŞİĞÜÇÖ ışığı **kalın** ve [bağlantı](https://example.org).\n\n- birinci\n- ikinci\n\n1. sıralı\n',
		footer: 'Örnek Derneği',
	})
	expect(looksLikePdf(pdf)).toBe(true)
	const text = await extractPdfText(pdf)
	expect(text).toContain('Aydınlatma Metni')
	expect(text).toContain('ŞİĞÜÇÖ ışığı kalın ve bağlantı.')
	expect(text).toContain('• birinci • ikinci 1. sıralı')
	expect(text).toContain('Örnek Derneği · Aydınlatma Metni 1 / 1')
	expect(text.match(/Aydınlatma Metni/g)).toHaveLength(2)
})

for (const dialect of dialectsUnderTest()) {
	test(`makes the KVKK PDF from the page’s own text and remakes it when the text changes on ${dialect}`, async () => {
		const tdb = await createTestDatabase(dialect)
		try {
			await migrateToLatest(tdb.handle.db)
			await insertMissingPages(tdb.handle.db)
			const first = await getKvkkPdf()
			expect(first!.filename).toBe('kvkk-aydinlatma-metni.pdf')
			const text = await extractPdfText(first!.bytes)
			expect(text).toMatch(/^KVKK Aydınlatma Metni /)
			expect(text).toContain('6698 sayılı Kişisel Verilerin Korunması Kanunu')
			expect(text).toContain(DEFAULT_SETTINGS.contact.email)
			expect(text).toContain('Kişisel verilerinizin işlenip işlenmediğini öğrenme')
			expect(await getKvkkPdf()).toBe(first)

			await db.updateTable('pages').set({ body: '## Yeni Bölüm\n\nGüncellenmiş metin.' }).where('slug', '=', 'kvkk').execute()
			const second = await getKvkkPdf()
			expect(second!.etag).not.toBe(first!.etag)
			expect(await extractPdfText(second!.bytes)).toContain('Yeni Bölüm Güncellenmiş metin.')
		} finally {
			await tdb.cleanup()
		}
	})
}

test('lays out HTML from the editor like the same Markdown: headings, lists, quotes, tables and links', async () => {
	const pdf = await renderHtmlPdf({
		title: 'Aydınlatma Metni',
		html: [
			'<h2>1. Başlık</h2><p>ŞİĞÜÇÖ ışığı <strong>kalın</strong> ve <a href="https://example.org">bağlantı</a>.</p>',
			'<ul><li><p>birinci</p></li><li><p>ikinci</p><ol start="3"><li>üçüncü</li></ol></li></ul>',
			'<blockquote><p>alıntı</p></blockquote><img src="/resim.png" alt="resim">',
			'<table><tbody><tr><th>Veri</th><th>Süre</th></tr><tr><td><p>Kimlik</p></td><td>10 yıl</td></tr></tbody></table><script>alert(1)</script>',
		].join(''),
		footer: 'Örnek Derneği',
	})
	const text = await extractPdfText(pdf)
	expect(text).toContain('1. Başlık ŞİĞÜÇÖ ışığı kalın ve bağlantı.')
	expect(text).toContain('• birinci • ikinci 3. üçüncü')
	expect(text).toContain('alıntı Veri | Süre Kimlik | 10 yıl')
	expect(text).not.toContain('alert')
	expect(text).toContain('Örnek Derneği · Aydınlatma Metni 1 / 1')
})
