import { expect, test } from 'vitest'
import { createMemberPerk } from '#tests/factories/member-perks.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { postgresIndexes, sqlitePlan } from '#tests/setup/query-plan.ts'
import { decodeEntities, withAccountsServer } from '#tests/setup/server.ts'
import { rebuildSearchIndex, searchSite } from '#app/features/search/search.server.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import {
	categoryCounts,
	listMemberPerks,
	listMemberPerksPage,
	listPerkCategoryCounts,
	perksInOrder,
	PERKS_PER_PAGE,
} from './member-perks.server.ts'

for (const dialect of dialectsUnderTest()) {
	test(`sorts perks by idx with a missing idx as 999999, then newest first, on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			const noIdxOld = await createMemberPerk({ idx: null, created_at: '2026-01-01T00:00:00.000Z' })
			const noIdxNew = await createMemberPerk({ idx: null, created_at: '2026-02-01T00:00:00.000Z' })
			const big = await createMemberPerk({ idx: 1_000_000 })
			const exactDefault = await createMemberPerk({ idx: 999_999, created_at: '2026-01-15T00:00:00.000Z' })
			const two = await createMemberPerk({ idx: 2 })
			const oneOld = await createMemberPerk({ idx: 1, created_at: '2026-01-01T00:00:00.000Z' })
			const oneNew = await createMemberPerk({ idx: 1, created_at: '2026-03-01T00:00:00.000Z' })
			const perks = await listMemberPerks()
			expect(perks.map((p) => p.id)).toEqual([oneNew.id, oneOld.id, two.id, noIdxNew.id, exactDefault.id, noIdxOld.id, big.id])
		})
	})

	test(`shows a missing category as Diğer, lists categories in Turkish order with Diğer last on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			await createMemberPerk({ category: null })
			await createMemberPerk({ category: '  ' })
			await createMemberPerk({ category: 'Yeme-İçme' })
			await createMemberPerk({ category: 'Çiçek' })
			await createMemberPerk({ category: 'Sağlık' })
			await createMemberPerk({ category: 'Sağlık' })
			const perks = await listMemberPerks()
			expect(perks.filter((p) => p.category === 'Diğer')).toHaveLength(2)
			expect((await listPerkCategoryCounts()).map(({ key, label, count }) => ({ key, label, count }))).toEqual([
				{ key: 'cicek', label: 'Çiçek', count: 1 },
				{ key: 'saglik', label: 'Sağlık', count: 2 },
				{ key: 'yeme-icme', label: 'Yeme-İçme', count: 1 },
				{ key: 'diger', label: 'Diğer', count: 2 },
			])
		})
	})

	test(`offers every contact a perk has: phone (digits and plus), e-mail, web site, address, on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			await createMemberPerk({
				idx: 1,
				contact_phone: '+90 (212) 000 01 01',
				contact_email: 'a@ornek.org',
				contact_web: 'https://www.ornek.org/',
				contact_address: ' Moda Cad. 1, Kadıköy ',
			})
			await createMemberPerk({ idx: 2, contact_phone: null, contact_email: 'bilgi@ornek.org', contact_web: 'ornek.com.tr' })
			await createMemberPerk({ idx: 3, contact_phone: '  ', contact_email: null, logo_url: 'perks/l-400x400.png' })
			await createMemberPerk({ idx: 4, contact_address: 'Bağdat Cad. 5', contact_web: 'javascript:alert(1)' })
			const perks = await listMemberPerks()
			expect(perks.map((p) => p.contacts)).toEqual([
				[
					{ kind: 'phone', text: '+90 (212) 000 01 01', href: 'tel:+902120000101' },
					{ kind: 'email', text: 'a@ornek.org', href: 'mailto:a@ornek.org' },
					{ kind: 'web', text: 'www.ornek.org', href: 'https://www.ornek.org/' },
					{ kind: 'address', text: 'Moda Cad. 1, Kadıköy', href: null },
				],
				[
					{ kind: 'email', text: 'bilgi@ornek.org', href: 'mailto:bilgi@ornek.org' },
					{ kind: 'web', text: 'ornek.com.tr', href: 'https://ornek.com.tr' },
				],
				[],
				[{ kind: 'address', text: 'Bağdat Cad. 5', href: null }],
			])
			expect(perks[2]?.logo?.src).toBe('/media/perks/l-400x400.png')
		})
	})
}

for (const dialect of dialectsUnderTest()) {
	test(`pages the public list 24 at a time, all perks or one category's, in the list's order and with the categories' counts, on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			for (let i = 0; i < 20; i++) await createMemberPerk({ category: 'Sağlık', idx: i % 3 === 0 ? null : i })
			for (let i = 0; i < 5; i++) await createMemberPerk({ category: ' Sağlık ', idx: 40 + i })
			for (let i = 0; i < 5; i++) await createMemberPerk({ category: null, idx: 60 + i })
			await createMemberPerk({ category: '  ' })
			const everything = (await listMemberPerks()).map((perk) => perk.id)
			const categories = await listPerkCategoryCounts()
			expect(categories.map(({ key, count }) => ({ key, count }))).toEqual([
				{ key: 'saglik', count: 25 },
				{ key: 'diger', count: 6 },
			])

			const first = await listMemberPerksPage({ categories, page: 1 })
			expect(first.page).toEqual({ page: 1, pageCount: 2, total: 31, perPage: PERKS_PER_PAGE })
			expect(first.items.map((perk) => perk.id)).toEqual(everything.slice(0, 24))
			const second = await listMemberPerksPage({ categories, page: 2 })
			expect(second.items.map((perk) => perk.id)).toEqual(everything.slice(24))
			// A page past the end is the last page, not an empty one.
			expect((await listMemberPerksPage({ categories, page: 99 })).items.map((perk) => perk.id)).toEqual(everything.slice(24))

			const health = categories[0]!
			const healthIds = (await listMemberPerks()).filter((perk) => perk.categoryKey === 'saglik').map((perk) => perk.id)
			const healthPages = [1, 2].map((page) => listMemberPerksPage({ categories, category: health, page }))
			const [h1, h2] = await Promise.all(healthPages)
			expect(h1!.page.pageCount).toBe(2)
			expect([...h1!.items, ...h2!.items].map((perk) => perk.id)).toEqual(healthIds)
			const other = await listMemberPerksPage({ categories, category: categories[1]!, page: 1 })
			expect(other.items.map((perk) => perk.category)).toEqual(Array(6).fill('Diğer'))
			expect(other.page.pageCount).toBe(1)
		})
	})

	test(`the public perks page shows a page at a time with links to the others, by category too, on ${dialect}`, async () => {
		await withAccountsServer(dialect, [], async (server) => {
			for (let i = 0; i < 26; i++) await createMemberPerk({ business_name: `Sağlık firması ${i + 1}`, category: 'Sağlık', idx: i + 1 })
			for (let i = 0; i < 3; i++) await createMemberPerk({ business_name: `Kitabevi ${i + 1}`, category: 'Kitap', idx: 100 + i })
			const names = (html: string) => [...html.matchAll(/<h2 class="perk__name">([^<]+)<\/h2>/g)].map((m) => decodeEntities(m[1]!))
			const read = async (query: string) => {
				const response = await fetch(`${server.url}/uyelik/uyelere-avantajlar${query}`)
				expect(response.status).toBe(200)
				return response.text()
			}
			const first = await read('')
			expect(names(first)).toEqual(Array.from({ length: 24 }, (_, i) => `Sağlık firması ${i + 1}`))
			expect(first).toContain('href="?sayfa=2" rel="next"')
			const second = await read('?sayfa=2')
			expect(names(second)).toEqual(['Sağlık firması 25', 'Sağlık firması 26', 'Kitabevi 1', 'Kitabevi 2', 'Kitabevi 3'])
			expect(second).toContain('<title>Üyelere Avantajlar – 2. sayfa')
			expect(second).toContain('href="?" rel="prev"')
			const books = await read('?kategori=kitap')
			expect(names(books)).toEqual(['Kitabevi 1', 'Kitabevi 2', 'Kitabevi 3'])
			expect(books).not.toContain('rel="next"')
			const healthSecond = await read('?kategori=saglik&sayfa=2')
			expect(names(healthSecond)).toEqual(['Sağlık firması 25', 'Sağlık firması 26'])
			expect(healthSecond).toContain('href="?kategori=saglik" rel="prev"')

			// Site search links to one perk: the list opens at the page that shows it, and its page links lead to the others.
			await rebuildSearchIndex(['member_perk'])
			const {
				hits: [late],
			} = await searchSite({ query: 'sağlık firması 26' })
			expect(late?.url).toMatch(/^\/uyelik\/uyelere-avantajlar\?kategori=saglik&avantaj=\d+#avantaj-\d+$/)
			const query = late!.url.replace('/uyelik/uyelere-avantajlar', '').replace(/#.*/, '')
			const found = await read(query)
			expect(names(found)).toEqual(['Sağlık firması 25', 'Sağlık firması 26'])
			expect(found).toContain('href="?kategori=saglik" rel="prev"')
			expect(names(await read(query.replace('kategori=saglik', 'kategori=kitap')))).toEqual(['Kitabevi 1', 'Kitabevi 2', 'Kitabevi 3'])
		})
	})
}

test('reads a page of perks in order and counts the categories through indexes, not by sorting every perk (SQLite plans)', async () => {
	await withDatabase('sqlite', async ({ handle }) => {
		const page = await sqlitePlan(handle, perksInOrder(null).limit(PERKS_PER_PAGE))
		expect(page).toMatch(/SCAN member_perks USING INDEX member_perks_order_idx/)
		expect(page).not.toMatch(/TEMP B-TREE/)
		expect(await sqlitePlan(handle, categoryCounts())).toMatch(/SCAN member_perks USING COVERING INDEX member_perks_category_idx/)
	})
})

test.runIf(dialectsUnderTest().includes('postgres'))('has the perks indexes on PostgreSQL too', async () => {
	await withDatabase('postgres', async ({ handle }) => {
		expect(await postgresIndexes(handle, ['member_perks_order_idx', 'member_perks_category_idx'])).toEqual({
			member_perks_order_idx: 'member_perks USING btree (COALESCE(idx, 999999), created_at DESC, id DESC)',
			member_perks_category_idx: 'member_perks USING btree (category)',
		})
	})
})
