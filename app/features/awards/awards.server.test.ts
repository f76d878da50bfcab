import { expect, test } from 'vitest'
import { db } from '#app/lib/db.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'
import { createAward } from '#tests/factories/awards.ts'
import { decodeEntities, withAccountsServer } from '#tests/setup/server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { AWARDS_FILTERED_IN_BROWSER, AWARDS_PER_PAGE, filterAwards, listAwards, listAwardYears, parseAwardFilter } from './awards.server.ts'

const ROWS = [
	{ first_name: 'Işıl', last_name: 'Yılmaz', nds_surname: 'Kaya', nds_year: 1985, title: 'Prof. Dr.', profession: 'Fizikçi' },
	{ first_name: 'İpek', last_name: 'Çelik', nds_surname: null, nds_year: 1972, title: null, profession: 'Mimar' },
	{ first_name: 'Ayşe', last_name: 'Işık', nds_surname: 'Şahin', nds_year: 1985, title: 'Av.', profession: 'Avukat' },
	{ first_name: 'Zeynep', last_name: 'Aydın', nds_surname: 'Öztürk', nds_year: 1958, title: null, profession: 'Tiyatro oyuncusu' },
]

const names = (rows: Array<{ first_name: string; last_name: string }>) => rows.map((r) => `${r.first_name} ${r.last_name}`)

for (const dialect of dialectsUnderTest()) {
	test(`filters awards by year as text and by a Turkish-aware substring of any column on ${dialect}`, async () => {
		const tdb = await createTestDatabase(dialect)
		try {
			await migrateToLatest(tdb.handle.db)
			for (const row of ROWS) await db.insertInto('awards').values(row).execute()
			const all = await listAwards()
			expect(names(all)).toEqual(['Zeynep Aydın', 'İpek Çelik', 'Ayşe Işık', 'Işıl Yılmaz'])
			expect(listAwardYears(all)).toEqual([1958, 1972, 1985])

			const find = (yil: string, q: string) => names(filterAwards(all, { yil, q }))
			expect(find('', '')).toHaveLength(4)
			expect(find('1985', '')).toEqual(['Ayşe Işık', 'Işıl Yılmaz'])
			expect(find('1985 ', '')).toEqual(['Ayşe Işık', 'Işıl Yılmaz'])
			expect(find('85', '')).toEqual([])
			expect(find('', 'ışık')).toEqual(['Ayşe Işık'])
			expect(find('', 'IŞIK')).toEqual(['Ayşe Işık'])
			expect(find('', 'ISIL')).toEqual(['Işıl Yılmaz'])
			expect(find('', 'ipek')).toEqual(['İpek Çelik'])
			expect(find('', 'İPEK')).toEqual(['İpek Çelik'])
			expect(find('', 'celik')).toEqual(['İpek Çelik'])
			expect(find('', 'ŞAHİN')).toEqual(['Ayşe Işık'])
			expect(find('', 'tiyatro')).toEqual(['Zeynep Aydın'])
			expect(find('', 'prof')).toEqual(['Işıl Yılmaz'])
			expect(find('', '1972')).toEqual(['İpek Çelik'])
			expect(find('', 'ayşe ışık')).toEqual(['Ayşe Işık'])
			expect(find('1958', 'avukat')).toEqual([])
			expect(find('', 'bulunmayan')).toEqual([])
			expect(find('', 'mimar fizikçi')).toEqual([])
		} finally {
			await tdb.cleanup()
		}
	})
}

test('reads the filter from the query string, trimmed', () => {
	expect(parseAwardFilter(new URLSearchParams('yil=%201985%20&q=%20I%C5%9F%C4%B1k%20'))).toEqual({ yil: '1985', q: 'Işık' })
	expect(parseAwardFilter(new URLSearchParams(''))).toEqual({ yil: '', q: '' })
})

for (const dialect of dialectsUnderTest()) {
	test(`a list too long to send whole is filtered and paged by the server, a short one is sent whole for the browser's filter (${dialect})`, async () => {
		await withAccountsServer(dialect, [], async (server, tdb) => {
			const page = async (query: string) => {
				const response = await fetch(`${server.url}/mezunlarimiz/basari-onur-odulleri${query}`)
				expect(response.status).toBe(200)
				const html = await response.text()
				const rows = [...html.matchAll(/<tr[^>]*data-award-row=""[^>]*>([\s\S]*?)<\/tr>/g)].map((m) => ({
					hidden: m[0].startsWith('<tr hidden'),
					cells: [...m[1]!.matchAll(/<td>([^<]*)<\/td>/g)].map((c) => decodeEntities(c[1]!)),
				}))
				return { html, rows }
			}
			await createAward({ first_name: 'Şükran', last_name: 'Işıkçı', nds_year: 1975, profession: 'Heykeltıraş' })
			const short = await page('?q=heykel')
			expect(short.html).toContain('data-awards-filter=""')
			expect(short.rows).toHaveLength(1)
			expect(short.html).not.toContain('class="pagination"')

			// Past the limit: 520 more honourees, written as the admin would (the page reads the list once per content version).
			await withContentWrite(tdb.handle.db, async (trx) => {
				for (let i = 0; i < AWARDS_FILTERED_IN_BROWSER + 20; i++)
					await trx
						.insertInto('awards')
						.values({
							first_name: `Mezun ${i}`,
							last_name: 'Örnek',
							nds_year: 1960 + (i % 40),
							profession: i % 50 === 0 ? 'Heykeltıraş' : 'Öğretmen',
						})
						.execute()
			})
			const first = await page('')
			expect(first.html).not.toContain('data-awards-filter')
			expect(first.rows).toHaveLength(AWARDS_PER_PAGE)
			expect(first.rows.every((row) => !row.hidden)).toBe(true)
			expect(first.html).toContain('href="?sayfa=2" rel="next"')
			expect(first.html).toContain(`${AWARDS_FILTERED_IN_BROWSER + 21} kayıt`)
			const pages = [first]
			for (let n = 2; n <= Math.ceil((AWARDS_FILTERED_IN_BROWSER + 21) / AWARDS_PER_PAGE); n++) pages.push(await page(`?sayfa=${n}`))
			expect(pages.map((p) => p.rows.length)).toEqual([...Array(pages.length - 1).fill(AWARDS_PER_PAGE), 21])
			expect(pages.at(-1)!.html).not.toContain('rel="next"')
			const years = pages.flatMap((p) => p.rows).map((row) => Number(row.cells[3]))
			expect(years).toHaveLength(AWARDS_FILTERED_IN_BROWSER + 21)
			expect(years).toEqual(years.toSorted((a, b) => a - b))

			// The filter runs on the server over the whole list, Turkish letters folded.
			const sculptors = await page('?q=HEYKELTIRAS')
			expect(sculptors.rows.map((row) => row.cells[5])).toEqual(Array(12).fill('Heykeltıraş'))
			expect(sculptors.html).not.toContain('rel="next"')
			const year = await page('?yil=1975&q=%C5%9F%C3%BCkran')
			expect(year.rows.map((row) => `${row.cells[0]} ${row.cells[1]}`)).toEqual(['Şükran Işıkçı'])
		})
	})
}
