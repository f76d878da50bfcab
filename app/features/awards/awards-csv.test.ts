import fc from 'fast-check'
import { expect, test } from 'vitest'
import { AWARDS_CSV_HEADER as HEADER, AWARDS_CSV_ONE_ROW } from '#tests/fixtures/awards-csv.ts'
import { windows1254 } from '#tests/fixtures/windows-1254.ts'
import {
	AWARD_CSV_COLUMNS,
	awardsToCsv,
	decodeCsvBytes,
	detectDelimiter,
	guardFormula,
	parseCsv,
	readAwardsCsv,
	toCsv,
	unguardFormula,
	type AwardCsvRow,
} from './awards-csv.ts'

const TRICKY = [
	'\uFEFF',
	'İ',
	'ı',
	'Ğ',
	'ğ',
	'Ş',
	'ş',
	'Ç',
	'ç',
	'Ö',
	'ö',
	'Ü',
	'ü',
	'"',
	';',
	',',
	'\r',
	'\n',
	'\r\n',
	' ',
	"'",
	'=',
	'-',
	'+',
	'@',
	'\t',
	'a',
	'Z',
	'1',
]

const trickyString = fc.oneof(
	{ weight: 3, arbitrary: fc.array(fc.constantFrom(...TRICKY), { maxLength: 12 }).map((parts) => parts.join('')) },
	{ weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
)

test('gives back the same records after writing and reading them, with either separator', () => {
	fc.assert(
		fc.property(
			fc.array(fc.array(trickyString, { minLength: 1, maxLength: 6 }), { maxLength: 8 }),
			fc.constantFrom(';' as const, ',' as const),
			(records, delimiter) => {
				const parsed = parseCsv(toCsv(records, delimiter), delimiter)
				expect(parsed.ok && parsed.records.map((record) => record.fields)).toEqual(records)
			},
		),
		{ numRuns: 500 },
	)
})

test('gives back the same awards after an export and an import, Turkish letters, quotes, separators and line breaks included', () => {
	const optional = fc.option(trickyString, { nil: null })
	const award: fc.Arbitrary<AwardCsvRow> = fc.record({
		award_year: fc.option(fc.integer({ min: 1987, max: 2026 }), { nil: null }),
		first_name: trickyString,
		last_name: trickyString,
		nds_surname: optional,
		nds_year: fc.integer({ min: 1870, max: 2026 }),
		title: optional,
		profession: optional,
	})
	fc.assert(
		fc.property(fc.array(award, { maxLength: 10 }), (rows) => {
			const read = readAwardsCsv(awardsToCsv(rows))
			expect(read.ok).toBe(true)
			if (!read.ok) return
			expect(read.delimiter).toBe(';')
			expect(read.rows.map((row) => row.values)).toEqual(
				rows.map((row) => Object.fromEntries(AWARD_CSV_COLUMNS.map(({ key }) => [key, row[key] === null ? '' : String(row[key])]))),
			)
			expect(read.rows.map((row) => row.row)).toEqual(rows.map((_, i) => i + 2))
		}),
		{ numRuns: 300 },
	)
})

test('writes the export in Excel’s Turkish dialect: BOM, Turkish header, semicolons, CRLF, doubled quotes', () => {
	const csv = awardsToCsv([
		{
			award_year: 2024,
			first_name: 'İpek',
			last_name: 'Işık',
			nds_surname: null,
			nds_year: 1985,
			title: 'Prof. Dr.',
			profession: 'Fizik; kuram',
		},
		{
			award_year: null,
			first_name: 'Ayşe "Ayşo"',
			last_name: 'Çelik',
			nds_surname: 'Öz',
			nds_year: 1972,
			title: null,
			profession: 'satır\nsatır',
		},
		{ award_year: null, first_name: 'Gül', last_name: 'Şen', nds_surname: null, nds_year: 1960, title: null, profession: '=1+1' },
	])
	expect(csv).toBe(
		'\uFEFF' +
			`${HEADER}\r\n` +
			'2024;İpek;Işık;;1985;Prof. Dr.;"Fizik; kuram"\r\n' +
			';"Ayşe ""Ayşo""";Çelik;Öz;1972;;"satır\nsatır"\r\n' +
			";Gül;Şen;;1960;;'=1+1\r\n",
	)
	expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(Uint8Array.from([0xef, 0xbb, 0xbf]))
})

test('keeps a value through the formula guard, however many apostrophes it starts with', () => {
	fc.assert(
		fc.property(trickyString, (value) => {
			expect(unguardFormula(guardFormula(value))).toBe(value)
			expect(/^[=+\-@\t\r]/.test(guardFormula(value))).toBe(false)
		}),
	)
	expect(guardFormula('-')).toBe("'-")
	expect(guardFormula("'=x")).toBe("''=x")
	expect(guardFormula("'tırnak")).toBe("'tırnak")
})

test('reads quoted separators, doubled quotes and line breaks in quotes with CRLF, LF or CR line ends', () => {
	for (const eol of ['\r\n', '\n', '\r']) {
		const text = `a;"b;c";"d""e"${eol}"çok${eol}satır";ş;${eol}`
		expect(parseCsv(text, ';')).toEqual({
			ok: true,
			records: [
				{ fields: ['a', 'b;c', 'd"e'], line: 1 },
				{ fields: [`çok${eol}satır`, 'ş', ''], line: 2 },
			],
		})
	}
	expect(parseCsv('\uFEFF"x";y', ';')).toEqual({ ok: true, records: [{ fields: ['x', 'y'], line: 1 }] })
	expect(parseCsv('a"b;c', ';')).toEqual({ ok: true, records: [{ fields: ['a"b', 'c'], line: 1 }] })
	expect(parseCsv('a;b\n"c\nd\n', ';')).toEqual({ ok: false, problem: 'unclosed-quote', line: 2 })
})

test('takes the separator from the header line, outside quotes', () => {
	expect(detectDelimiter(`${HEADER}\r\n1,2,3,4,5,6,7,8`)).toBe(';')
	expect(detectDelimiter('Ödül yılı,Ad,Soyad,NDS soyadı,NDS yılı,Unvan,Meslek\n;;;')).toBe(',')
	expect(detectDelimiter('"a,b,c";d;e')).toBe(';')
	expect(detectDelimiter('\uFEFFAd')).toBe(';')
})

test('reads an import with a comma, no BOM, columns in another order and headers in another case', () => {
	const read = readAwardsCsv(
		[
			'AD,soyad,nds SOYADI,Nds Mezuniyet Yili,unvan,MESLEK,odul yili',
			'Işıl,Yılmaz,Kaya,1985,"Prof. Dr., Ord.",Fizikçi,2020',
			',,,,,,',
			'Ece,Tan,,1990,,,',
			'',
		].join('\n'),
	)
	expect(read).toEqual({
		ok: true,
		delimiter: ',',
		rows: [
			{
				row: 2,
				values: {
					award_year: '2020',
					first_name: 'Işıl',
					last_name: 'Yılmaz',
					nds_surname: 'Kaya',
					nds_year: '1985',
					title: 'Prof. Dr., Ord.',
					profession: 'Fizikçi',
				},
			},
			{
				row: 4,
				values: { award_year: '', first_name: 'Ece', last_name: 'Tan', nds_surname: '', nds_year: '1990', title: '', profession: '' },
			},
		],
	})
})

test('refuses missing, unknown and repeated columns, and a file with no header', () => {
	expect(readAwardsCsv('Ad;Soyad;Yıl;Ad\nA;B;1985;C\n')).toEqual({
		ok: false,
		problem: 'columns',
		missing: ['Ödül yılı', 'NDS soyadı', 'NDS yılı', 'Unvan', 'Meslek'],
		unknown: ['Yıl'],
		repeated: ['Ad'],
	})
	expect(readAwardsCsv('\r\n;;\r\n')).toEqual({ ok: false, problem: 'empty' })
	expect(readAwardsCsv('')).toEqual({ ok: false, problem: 'empty' })
})

test('decodes UTF-8 with or without BOM and refuses Windows-1254, UTF-16, workbooks and binary files', () => {
	const utf8 = new TextEncoder().encode(AWARDS_CSV_ONE_ROW)
	expect(decodeCsvBytes(utf8)).toEqual({ ok: true, text: AWARDS_CSV_ONE_ROW })
	expect(decodeCsvBytes(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8]))).toEqual(decodeCsvBytes(utf8))
	expect(decodeCsvBytes(windows1254(AWARDS_CSV_ONE_ROW))).toEqual({ ok: false, problem: 'encoding' })
	expect(decodeCsvBytes(Uint8Array.from([0xff, 0xfe, 0x41, 0x00, 0x64, 0x00]))).toEqual({ ok: false, problem: 'encoding' })
	expect(decodeCsvBytes(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toEqual({ ok: false, problem: 'spreadsheet' })
	expect(decodeCsvBytes(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toEqual({ ok: false, problem: 'not-text' })
	expect(decodeCsvBytes(new TextEncoder().encode('%PDF-1.7\n'))).toEqual({ ok: false, problem: 'not-text' })
	expect(decodeCsvBytes(new Uint8Array())).toEqual({ ok: false, problem: 'empty' })
})
