import { expect, test } from 'vitest'
import { db } from '#app/lib/db.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'
import { filterAwards, listAwards, listAwardYears, parseAwardFilter } from './awards.server.ts'

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
