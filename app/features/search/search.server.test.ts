import { expect, test } from 'vitest'
import { createAlumniNews } from '#tests/factories/alumni-news.ts'
import { createAnnouncement } from '#tests/factories/announcements.ts'
import { createAward } from '#tests/factories/awards.ts'
import { createBulletin } from '#tests/factories/bulletins.ts'
import { createEvent } from '#tests/factories/events.ts'
import { createMemberPerk } from '#tests/factories/member-perks.ts'
import { createPage } from '#tests/factories/pages.ts'
import { seedSearchCorpus } from '#tests/factories/search-corpus.ts'
import { db } from '#app/lib/db.server.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import {
	pagePath,
	rebuildSearchIndex,
	refreshSearchIndex,
	reindexSearchDocument,
	removeSearchDocument,
	searchSite,
} from './search.server.ts'

const NOW = new Date('2026-06-15T12:00:00.000Z')
const text = (segments: Array<{ text: string }>) => segments.map((s) => s.text).join('')
const marked = (segments: Array<{ text: string; mark: boolean }>) => segments.filter((s) => s.mark).map((s) => s.text)

test('maps stored page slugs to their addresses', () => {
	expect(pagePath('tarihce')).toBe('/kurumsal/tarihce')
	expect(pagePath('uyelik-aidati')).toBe('/uyelik/uyelik-aidati')
	expect(pagePath('gizlilik-sozlesmesi')).toBe('/gizlilik-sozlesmesi')
	expect(pagePath('kurumsal/baskanin-mesaji')).toBe('/kurumsal/baskanin-mesaji')
	expect(pagePath('bilinmeyen')).toBeNull()
})

for (const dialect of dialectsUnderTest()) {
	test(`finds content whatever the case and Turkish diacritics on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			await createAnnouncement({ title: 'İstanbul Buluşması', body: '<p>Şişli’deki ofisimizde.</p>' })
			await createEvent({ title: 'Boğaz Gezisi', body: '<p>ISTANBUL boğazında tekne turu.</p>' })
			await rebuildSearchIndex()
			for (const q of ['istanbul', 'İSTANBUL', 'Istanbul', 'ıstanbul']) {
				expect((await searchSite({ query: q, now: NOW })).total, q).toBe(2)
			}
			const sisli = await searchSite({ query: 'sisli', now: NOW })
			expect(sisli.total).toBe(1)
			expect(marked(sisli.hits[0]!.snippet)).toEqual(['Şişli'])
			expect(sisli.hits[0]).toMatchObject({ kind: 'announcement', kindLabel: 'Duyuru', external: false })
			expect((await searchSite({ query: 'bogaz tekne', now: NOW })).hits.map((h) => text(h.title))).toEqual(['Boğaz Gezisi'])
		})
	})

	test(`ranks title matches above body matches and newer above older on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			await createAnnouncement({ title: 'Burs başvuruları', published_at: '2026-01-01T00:00:00.000Z' })
			await createAnnouncement({ title: 'Kermes', body: '<p>Gelir burs fonuna.</p>', published_at: '2026-06-01T00:00:00.000Z' })
			await createAnnouncement({ title: 'Burs sonuçları', published_at: '2026-03-01T00:00:00.000Z' })
			await createAlumniNews({ title: 'Mezunumuz burs verdi', created_at: '2026-05-01T00:00:00.000Z' })
			await createEvent({ title: 'Konser', body: '<p>Burs yararına.</p>', starts_at: '2026-07-01T16:00:00.000Z' })
			await rebuildSearchIndex()
			const result = await searchSite({ query: 'burs', now: NOW })
			expect(result.hits.map((h) => text(h.title))).toEqual([
				'Mezunumuz burs verdi',
				'Burs sonuçları',
				'Burs başvuruları',
				'Konser',
				'Kermes',
			])
			expect(result.total).toBe(5)
			expect(marked(result.hits[1]!.title)).toEqual(['Burs'])
			expect(result.hits[0]).toMatchObject({ kind: 'alumni_news', date: '2026-05-01T00:00:00.000Z' })

			const both = await searchSite({ query: 'burs kermes', now: NOW })
			expect(both.hits.map((h) => text(h.title))).toEqual(['Kermes'])
		})
	})

	test(`never finds drafts and finds scheduled announcements only once published on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			await createAnnouncement({ title: 'Gizli taslak', published_at: null })
			await createAnnouncement({ title: 'Gizli planlanmış', published_at: '2026-07-01T00:00:00.000Z' })
			await rebuildSearchIndex()
			expect((await searchSite({ query: 'gizli', now: NOW })).total).toBe(0)
			const later = await searchSite({ query: 'gizli', now: new Date('2026-07-01T00:00:00.000Z') })
			expect(later.hits.map((h) => text(h.title))).toEqual(['Gizli planlanmış'])
			// The same search again (its matches are remembered): still not before its time.
			expect((await searchSite({ query: 'gizli', now: NOW })).total).toBe(0)
			expect((await searchSite({ query: 'Planlanmış gizli', now: new Date('2026-07-02T00:00:00.000Z') })).total).toBe(1)
		})
	})

	test(`finds bulletins by month and year, awards, perks and static pages on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			await createBulletin({ year: 2024, month: 3 })
			await createBulletin({ year: 2024, month: 4 })
			await createBulletin({ year: 2023, month: 3 })
			await createAward({ first_name: 'Işıl', last_name: 'Çelik', nds_year: 1975, title: 'Prof. Dr.', profession: 'Fizikçi' })
			const perk = await createMemberPerk({ business_name: 'Kalem Kitabevi', category: 'Kültür-Sanat', discount: 'Kitaplarda %10 indirim' })
			await createPage({ slug: 'tarihce', title: 'Tarihçe', body: '# Kuruluş\n\nDerneğimiz **1987** yılında Harbiye’de kuruldu.\n' })
			await createPage({ slug: 'gizli-taslak-sayfa', title: 'Adressiz', body: 'Harbiye' })
			await rebuildSearchIndex()

			const march = await searchSite({ query: 'mart 2024', now: NOW })
			expect(march.hits.map((h) => [text(h.title), h.kindLabel])).toEqual([['Mart 2024 Bülteni', 'Bülten']])
			expect(march.hits[0]?.url).toBe('/media/bulletins/2024-03.pdf')
			expect((await searchSite({ query: '2024', now: NOW })).total).toBe(2)

			const award = await searchSite({ query: 'isil celik', now: NOW })
			expect(award.hits[0]).toMatchObject({ kind: 'award', url: '/mezunlarimiz/basari-onur-odulleri?yil=1975&q=%C3%87elik' })
			expect(text(award.hits[0]!.title)).toBe('Prof. Dr. Işıl Çelik')

			const perks = await searchSite({ query: 'kitabevi', now: NOW })
			expect(perks.hits[0]?.url).toBe(`/uyelik/uyelere-avantajlar?kategori=kultur-sanat&avantaj=${perk.id}#avantaj-${perk.id}`)

			const pages = await searchSite({ query: 'harbiye', now: NOW })
			expect(pages.hits.map((h) => h.url)).toEqual(['/kurumsal/tarihce'])
			expect(text(pages.hits[0]!.snippet)).toBe('Kuruluş Derneğimiz 1987 yılında Harbiye’de kuruldu.')
		})
	})

	test(`keeps stored markup as text in snippets and treats LIKE wildcards literally on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			await createAnnouncement({ title: 'Kod örneği', body: '<p>&lt;script&gt;alert(1)&lt;/script&gt; 100%_indirim</p>' })
			await createAnnouncement({ title: 'Başka', body: '<p>100 indirim</p>' })
			await rebuildSearchIndex()
			const result = await searchSite({ query: 'script', now: NOW })
			expect(text(result.hits[0]!.snippet)).toBe('<script>alert(1)</script> 100%_indirim')
			expect(marked(result.hits[0]!.snippet)).toEqual(['script', 'script'])
			expect((await searchSite({ query: '%', now: NOW })).total).toBe(0)
			expect((await searchSite({ query: '100%_indirim', now: NOW })).total).toBe(2)
		})
	})

	test(`answers blank queries with nothing and suggests single words when all words match nothing on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			await createAnnouncement({ title: 'Kermes duyurusu' })
			await createEvent({ title: 'Kermes günü' })
			await rebuildSearchIndex()
			expect(await searchSite({ query: '   ', now: NOW })).toMatchObject({ total: 0, hits: [], terms: [], tooShort: false })
			// One-letter words are not searched for: alone they give the hint, beside a real word they are ignored.
			expect(await searchSite({ query: 'e', now: NOW })).toMatchObject({ total: 0, hits: [], terms: [], tooShort: true })
			const withLetter = await searchSite({ query: 'e kermes', now: NOW })
			expect(withLetter).toMatchObject({ total: 2, terms: ['kermes'], tooShort: false })
			for (const hit of withLetter.hits) expect(hit.title.filter((s) => s.mark).map((s) => s.text)).toEqual(['Kermes'])
			const none = await searchSite({ query: 'kermes zürafa', now: NOW })
			expect(none.total).toBe(0)
			expect(none.suggestions).toEqual([{ word: 'kermes', count: 2 }])
			expect((await searchSite({ query: 'zürafa', now: NOW })).suggestions).toEqual([])
		})
	})

	test(`pages results 20 at a time on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			for (let i = 0; i < 23; i++)
				await createAlumniNews({ title: `Dayanışma haberi ${i}`, created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() })
			await rebuildSearchIndex()
			const first = await searchSite({ query: 'dayanisma', now: NOW })
			const second = await searchSite({ query: 'dayanisma', now: NOW, page: 2 })
			const beyond = await searchSite({ query: 'dayanisma', now: NOW, page: 5 })
			expect(first.hits).toHaveLength(20)
			expect(text(first.hits[0]!.title)).toBe('Dayanışma haberi 22')
			expect(second.hits).toHaveLength(3)
			expect(second.page).toEqual({ page: 2, pageCount: 2, total: 23, perPage: 20 })
			expect(beyond.page.page).toBe(2)
			expect(beyond.hits).toEqual(second.hits)
		})
	})

	test(`keeps the index in step with writes through the index helpers and the refresh on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			const item = await createAnnouncement({ title: 'Eski başlık' })
			expect(await refreshSearchIndex()).toContain('announcement')
			expect(await refreshSearchIndex()).toEqual([])
			expect((await searchSite({ query: 'eski', now: NOW })).total).toBe(1)

			await db.updateTable('announcements').set({ title: 'Yeni başlık' }).where('id', '=', item.id).execute()
			await reindexSearchDocument('announcement', item.id)
			expect((await searchSite({ query: 'eski', now: NOW })).total).toBe(0)
			expect((await searchSite({ query: 'yeni', now: NOW })).total).toBe(1)

			await db.transaction().execute(async (trx) => {
				await trx.deleteFrom('announcements').where('id', '=', item.id).execute()
				await removeSearchDocument('announcement', item.id, trx)
			})
			expect((await searchSite({ query: 'yeni', now: NOW })).total).toBe(0)

			await createEvent({ title: 'Sessizce eklenen etkinlik' })
			expect(await refreshSearchIndex()).toEqual(['announcement', 'event'])
			expect((await searchSite({ query: 'sessizce', now: NOW })).total).toBe(1)
		})
	})

	test(`rebuilds an index made the old way, so snippets keep punctuation next to its word, on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			await createAnnouncement({ title: 'Genel kurul', body: '<p><strong>Toplantımız</strong>, 2027 yılında <em>yapılacak</em>.</p>' })
			await refreshSearchIndex()
			expect(text((await searchSite({ query: 'toplantimiz', now: NOW })).hits[0]!.snippet)).toBe('Toplantımız, 2027 yılında yapılacak.')
			// What an earlier version stored: tags turned into spaces, fingerprints without the format.
			await db.updateTable('search_documents').set({ body: 'Toplantımız , 2027 yılında yapılacak .' }).execute()
			for (const row of await db.selectFrom('app_meta').select(['key', 'value']).where('key', 'like', 'search:%').execute()) {
				if (row.key === 'search:version') continue
				await db
					.updateTable('app_meta')
					.set({ value: row.value.replace(/^v\d+\|/, '') })
					.where('key', '=', row.key)
					.execute()
			}
			expect(await refreshSearchIndex()).toContain('announcement')
			expect(text((await searchSite({ query: 'toplantimiz', now: NOW })).hits[0]!.snippet)).toBe('Toplantımız, 2027 yılında yapılacak.')
		})
	})

	test(`searches 10 000 items correctly on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			const counts = await seedSearchCorpus(10_000, NOW)
			await rebuildSearchIndex()
			const { total } = await db
				.selectFrom('search_documents')
				.select((eb) => eb.fn.countAll<number>().as('total'))
				.executeTakeFirstOrThrow()
			expect(Number(total)).toBe(10_000)

			const result = await searchSite({ query: 'SİSLİ', now: NOW, perPage: 500 })
			expect(result.total).toBe(counts.markerInTitle + counts.markerInBody)
			const titleHits = result.hits.filter((h) => marked(h.title).length > 0)
			expect(titleHits).toHaveLength(counts.markerInTitle)
			expect(result.hits.slice(0, counts.markerInTitle)).toEqual(titleHits)
			const dates = titleHits.map((h) => h.date).filter((d): d is string => d !== null)
			expect(dates).toEqual(dates.toSorted().toReversed())

			const everyItem = await searchSite({ query: 'ortak', now: NOW })
			expect(everyItem.total).toBe(10_000 - counts.drafts - counts.bulletins)
			expect((await searchSite({ query: 'ortak', now: new Date('2020-01-01T00:00:00.000Z') })).total).toBe(6000 - counts.bulletins)
			expect((await searchSite({ query: 'bulunmayankelime', now: NOW })).total).toBe(0)
		})
	})
}
