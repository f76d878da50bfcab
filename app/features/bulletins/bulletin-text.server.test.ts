import { expect, test } from 'vitest'
import { searchSite } from '#app/features/search/search.server.ts'
import { demoBulletinContent, makeBulletinPdf } from '#app/features/site/seed/bulletin-pdf.ts'
import { createDatabase, db } from '#app/lib/db.server.ts'
import { extractPdfPages } from '#app/lib/pdf.server.ts'
import { createBulletin } from '#tests/factories/bulletins.ts'
import { makeTextPdf } from '#tests/fixtures/text-pdf.ts'
import { dialectsUnderTest, type TestDatabase } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { indexBulletinTexts, requeueBulletinTexts } from './bulletin-text.server.ts'

const MINUTE = 60_000

async function storedBulletin(tdb: TestDatabase, year: number, month: number, pdf: Uint8Array | null) {
	const key = `bulletins/${year}-${String(month).padStart(2, '0')}-1700000000000.pdf`
	if (pdf) await tdb.storage.put(key, pdf, { contentType: 'application/pdf', durable: false })
	return createBulletin({ year, month, pdf_url: key, cover_url: null })
}

const textRow = (bulletinId: number) =>
	db.selectFrom('bulletin_texts').select(['status', 'attempts', 'pages']).where('bulletin_id', '=', bulletinId).executeTakeFirst()

const hitsFor = async (query: string) =>
	(await searchSite({ query })).hits.map((hit) => ({ kind: hit.kind, title: hit.title.map((s) => s.text).join(''), url: hit.url }))

test('reads Turkish text page by page, joins words broken across lines and keeps within the caps', async () => {
	const pdf = await makeTextPdf([
		'İÇİNDEKİLER\nŞişli’de ılık bir güz; ağaçlar, IĞDIR ve İĞNEADA.',
		'Yönetim Kurulundan',
		'Mezunumuz Züleyha Kara-\nağaçlı ödülünü aldı.',
	])
	const { pages, pageCount } = await extractPdfPages(pdf)
	expect(pageCount).toBe(3)
	expect(pages).toEqual([
		'İÇİNDEKİLER Şişli’de ılık bir güz; ağaçlar, IĞDIR ve İĞNEADA.',
		'Yönetim Kurulundan',
		'Mezunumuz Züleyha Karaağaçlı ödülünü aldı.',
	])
	const capped = await extractPdfPages(pdf, { maxPageChars: 12, maxChars: 30 })
	expect(capped.pages).toEqual(['İÇİNDEKİLER', 'Yönetim', 'Mezunumuz'])
	expect(capped.pages.join('').length).toBeLessThanOrEqual(30)

	const demo = await extractPdfPages(await makeBulletinPdf(2012, 6, 'NDS Mezunları Derneği'))
	const content = demoBulletinContent(2012, 6)
	expect(demo.pages).toHaveLength(3)
	expect(demo.pages[0]).toMatch(/^BÜLTEN Haziran 2012 NDS Mezunları Derneği Değerli üyelerimiz, haziran sayımızda/)
	expect(demo.pages[1]).toContain(content.board)
	for (const item of content.news) expect(demo.pages[2]).toContain(item)
	expect(demo.pages[2]).toContain(content.thanks)
})

for (const dialect of dialectsUnderTest()) {
	test(`the pass reads bulletins without text once, marks unreadable and missing PDFs once, and tries a timed-out one again later (${dialect})`, async () => {
		await withDatabase(dialect, async (tdb) => {
			const good = await storedBulletin(tdb, 2019, 3, await makeTextPdf(['Mart 2019', 'Kermes', 'Mezunumuz Züleyha Karaağaçlı']))
			const broken = await storedBulletin(tdb, 2019, 6, new TextEncoder().encode('%PDF-1.4\nbozuk bir dosya'))
			const missing = await storedBulletin(tdb, 2019, 9, null)
			const elsewhere = await createBulletin({ year: 2018, month: 12, pdf_url: 'https://arsiv.example.org/bulten.pdf', cover_url: null })

			expect(await indexBulletinTexts()).toEqual({ indexed: 1, failed: 3, retrying: 0 })
			expect(await textRow(good.id)).toEqual({ status: 'done', attempts: 0, pages: 3 })
			for (const row of [broken, missing, elsewhere]) expect(await textRow(row.id)).toMatchObject({ status: 'failed', attempts: 1 })
			expect(await hitsFor('zuleyha')).toEqual([
				{ kind: 'bulletin_page', title: 'Bülten — Mart 2019, s. 3', url: `/media/${good.pdf_url}#page=3` },
			])
			expect(await hitsFor('mart 2019')).toEqual([
				{ kind: 'bulletin', title: 'Mart 2019 Bülteni', url: `/media/${good.pdf_url}` },
				{ kind: 'bulletin_page', title: 'Bülten — Mart 2019, s. 1', url: `/media/${good.pdf_url}#page=1` },
			])
			expect(await indexBulletinTexts()).toEqual({ indexed: 0, failed: 0, retrying: 0 })
			expect(await requeueBulletinTexts(db, 'failed')).toBe(3)
			expect(await indexBulletinTexts()).toEqual({ indexed: 0, failed: 3, retrying: 0 })
			expect(await requeueBulletinTexts(db, 'all')).toBe(4)
			expect(await indexBulletinTexts()).toEqual({ indexed: 1, failed: 3, retrying: 0 })
			expect((await hitsFor('zuleyha')).map((hit) => hit.title)).toEqual(['Bülten — Mart 2019, s. 3'])

			const slow = await storedBulletin(tdb, 2020, 1, await makeTextPdf(['Ocak 2020', 'Nurhayat Pekmezci konuşmacımızdı.']))
			const start = Date.now()
			const at = (minutes: number) => () => new Date(start + minutes * MINUTE)
			expect(await indexBulletinTexts({ timeoutMs: 0, clock: at(0) })).toEqual({ indexed: 0, failed: 0, retrying: 1 })
			expect(await textRow(slow.id)).toMatchObject({ status: 'retry', attempts: 1 })
			expect(await indexBulletinTexts({ clock: at(10) })).toEqual({ indexed: 0, failed: 0, retrying: 0 })
			expect(await hitsFor('pekmezci')).toEqual([])
			expect(await indexBulletinTexts({ clock: at(31) })).toEqual({ indexed: 1, failed: 0, retrying: 0 })
			expect(await hitsFor('pekmezci')).toEqual([
				{ kind: 'bulletin_page', title: 'Bülten — Ocak 2020, s. 2', url: `/media/${slow.pdf_url}#page=2` },
			])
		})
	})

	test(`instances reading at once share the bulletins, each read once, and take over a lapsed claim (${dialect})`, async () => {
		await withDatabase(dialect, async (tdb) => {
			const rows = await Promise.all(
				[1, 2, 3, 4, 5, 6].map(async (month) =>
					storedBulletin(tdb, 2021, month, await makeTextPdf([`Sayı ${month}`, `Konuğumuz Perihan Öğüt ${month}`])),
				),
			)
			const stamp = new Date().toISOString()
			const claimed = (bulletinId: number, minutes: number) => ({
				bulletin_id: bulletinId,
				pdf_url: rows.find((row) => row.id === bulletinId)!.pdf_url,
				status: 'working' as const,
				claim: `baska-${bulletinId}`,
				claimed_until: new Date(Date.now() + minutes * MINUTE).toISOString(),
				updated_at: stamp,
			})
			await db
				.insertInto('bulletin_texts')
				.values([claimed(rows[0]!.id, 5), claimed(rows[1]!.id, -1)])
				.execute()
			const other = dialect === 'postgres' ? createDatabase({ dialect, url: tdb.url }) : null
			try {
				const [a, b] = await Promise.all([indexBulletinTexts(), indexBulletinTexts({ database: other?.db ?? db })])
				expect(a.indexed + b.indexed).toBe(5)
				expect(a.failed + b.failed + a.retrying + b.retrying).toBe(0)
			} finally {
				await other?.close()
			}
			expect(await textRow(rows[0]!.id)).toMatchObject({ status: 'working' })
			for (const row of rows.slice(1)) expect(await textRow(row.id)).toEqual({ status: 'done', attempts: 0, pages: 2 })
			expect((await searchSite({ query: 'perihan ogut' })).total).toBe(5)
		})
	})
}
