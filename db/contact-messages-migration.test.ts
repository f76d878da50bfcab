import fs from 'node:fs'
import { Migrator } from 'kysely/migration'
import { expect, test } from 'vitest'
import { parsePageSource } from '#app/features/site/seed/pages.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'
import { withKvkkParagraphs } from './migrations/2026-11-27T1040_contact-messages.ts'
import { migrations } from './migrations/index.ts'

const PARAGRAPH_START = 'İnternet sitemizdeki iletişim formuyla bize yazdığınızda'
const AUDIT_START = 'İnternet sitemizin yönetim paneline erişen yöneticilerimizin'
/** The notice as new sites are seeded with it: the paragraph the migration adds to existing ones. */
const seeded = parsePageSource('kvkk', fs.readFileSync('content/pages/kvkk.md', 'utf8')).body
const paragraph = seeded.split('\n').find((line) => line.startsWith(PARAGRAPH_START))!
const audit = seeded.split('\n').find((line) => line.startsWith(AUDIT_START))!
/** The notice as sites had it before this release (issue 18's audit-log paragraph reached new sites only). */
const before = seeded.replace(`${audit}\n\n`, '').replace(`${paragraph}\n\n`, '')

test('the seeded KVKK notice states what the contact form keeps, why, for how long and that the IP address is not kept', () => {
	expect(paragraph).toContain('**mesajınızı yanıtlayabilmek ve talebinizi değerlendirebilmek**')
	expect(paragraph).toContain('varsayılan olarak **1 yıl**')
	expect(paragraph).toContain('IP adresiniz mesajınızla birlikte saklanmaz')
	expect(seeded.indexOf(paragraph)).toBeGreaterThan(seeded.indexOf('## 7. Kişisel Verilerin Saklanma Süresi'))
	expect(seeded.indexOf(paragraph)).toBeLessThan(seeded.indexOf('## 8. İlgili Kişi Olarak Haklarınız'))
})

test('puts the audit-log and contact-form paragraphs at the end of the retention section of a notice in Markdown or HTML, once', () => {
	expect(withKvkkParagraphs(before, 'markdown')).toBe(seeded)
	expect(withKvkkParagraphs(seeded, 'markdown')).toBe(seeded)
	const html =
		'<p>Giriş.</p><h2 id="7-saklama">7. Kişisel Verilerin Saklanma Süresi</h2><p>Süreler.</p><h2>8. Haklarınız</h2><p>Haklar.</p>'
	const withIt = withKvkkParagraphs(html, 'html')
	expect(withIt).toMatch(
		/^<p>Giriş\.<\/p><h2 id="7-saklama">7\. Kişisel Verilerin Saklanma Süresi<\/h2><p>Süreler\.<\/p><p>İnternet sitemizin yönetim paneline[^<]*<strong>güvenliğin sağlanması[^<]*<\/strong>[^<]*<strong>1 yıl<\/strong>[^<]*<\/p>\n<p>İnternet sitemizdeki iletişim formuyla[^<]*<strong>mesajınızı yanıtlayabilmek ve talebinizi değerlendirebilmek<\/strong>[^<]*<strong>1 yıl<\/strong>[^<]*<\/p>\n<h2>8\. Haklarınız<\/h2><p>Haklar\.<\/p>$/,
	)
	expect(withKvkkParagraphs(withIt, 'html')).toBe(withIt)
	expect(withKvkkParagraphs('<h2>7. Saklanma Süresi</h2><p>Süreler.</p>', 'html')).toMatch(
		/^<h2>7\. Saklanma Süresi<\/h2><p>Süreler\.<\/p>\n<p>İnternet sitemizin yönetim[^\n]*<\/p>\n<p>İnternet sitemizdeki[^\n]*<\/p>\n$/,
	)
	// A notice an admin rewrote without a retention section gets the paragraph under a heading of its own, at the end.
	expect(withKvkkParagraphs('## Veri Sorumlusu\n\nDernek.\n', 'markdown')).toBe(
		`## Veri Sorumlusu\n\nDernek.\n\n## Yönetim Paneli İşlem Kayıtları\n\n${audit}\n\n## İletişim Formu\n\n${paragraph}\n`,
	)
	expect(withKvkkParagraphs('<p>Dernek.</p>', 'html')).toMatch(
		/^<p>Dernek\.<\/p>\n<h2>Yönetim Paneli İşlem Kayıtları<\/h2>\n<p>İnternet sitemizin yönetim[^\n]*<\/p>\n<h2>İletişim Formu<\/h2>\n<p>İnternet sitemizdeki/,
	)
	// A notice that already has the audit-log paragraph (a site seeded after issue 18) gets the form's only.
	const withAudit = seeded.replace(`${paragraph}\n\n`, '')
	expect(withKvkkParagraphs(withAudit, 'markdown')).toBe(seeded)
})

for (const dialect of dialectsUnderTest()) {
	test(`gives an existing site's KVKK notice both paragraphs and moves the content version on (${dialect})`, async () => {
		const tdb = await createTestDatabase(dialect)
		try {
			const { db } = tdb.handle
			const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
			const { error } = await migrator.migrateTo('2026-11-25T1350_content-revisions')
			if (error) throw error
			const stamp = '2026-01-01T09:00:00.000Z'
			await db
				.insertInto('pages')
				.values({ slug: 'kvkk', title: 'KVKK Aydınlatma Metni', description: null, body: before, updated_at: stamp })
				.execute()
			await db.insertInto('app_meta').values({ key: 'content:version', value: '7' }).execute()
			await migrateToLatest(db)
			const stored = await db
				.selectFrom('pages')
				.select(['body', 'body_format', 'updated_at'])
				.where('slug', '=', 'kvkk')
				.executeTakeFirstOrThrow()
			expect(stored.body).toBe(seeded)
			expect(stored.body_format).toBe('markdown')
			expect(String(stored.updated_at)).not.toContain('2026-01-01')
			expect((await db.selectFrom('app_meta').select('value').where('key', '=', 'content:version').executeTakeFirstOrThrow()).value).toBe(
				'8',
			)
			expect(await db.selectFrom('contact_messages').select('id').execute()).toEqual([])
		} finally {
			await tdb.cleanup()
		}
	})
}
