import { expect, test } from 'vitest'
import { searchSite } from '#app/features/search/search.server.ts'
import { readContentVersion } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { includesTr, istanbulParts } from '#app/lib/tr.ts'
import { adminContext, formData } from '#tests/factories/admin.ts'
import { createAward } from '#tests/factories/awards.ts'
import { AWARDS_CSV_HEADER as HEADER, AWARDS_CSV_ONE_ROW } from '#tests/fixtures/awards-csv.ts'
import { windows1254 } from '#tests/fixtures/windows-1254.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { readAwardsCsv } from './awards-csv.ts'
import type { AwardsImportView } from './awards-csv.server.ts'
import { awardsAdmin, awardsCsvResponse } from './awards.admin.server.ts'
import { listAwards } from './awards.server.ts'

const ctx = (query = '') => adminContext('oduller', query)

const award = (overrides: Record<string, string> = {}) => ({
	award_year: '',
	first_name: 'Ayşe',
	last_name: 'Yılmaz',
	nds_surname: '',
	nds_year: '1985',
	title: '',
	profession: 'Mimar',
	...overrides,
})

const csvFile = (text: string | Uint8Array, name = 'oduller.csv') =>
	new File([typeof text === 'string' ? new TextEncoder().encode(text) : new Uint8Array(text)], name, { type: 'text/csv' })

const names = async () => (await listAwards()).map((row) => `${row.first_name} ${row.last_name}`)

const hitTitle = (hit: { title: Array<{ text: string }> }) => hit.title.map((segment) => segment.text).join('')

const viewOf = (result: unknown) => (result as { view: AwardsImportView }).view

const thisYear = istanbulParts().year

for (const dialect of dialectsUnderTest()) {
	test(`refuses an award without names or with impossible years, in Turkish, and writes nothing (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			expect(await awardsAdmin.act('save', formData(award({ first_name: ' ', last_name: '' })), ctx())).toMatchObject({
				ok: false,
				status: 400,
				message: 'Ad gerekli.',
				fieldErrors: { first_name: 'Ad gerekli.', last_name: 'Soyad gerekli.' },
				values: { first_name: ' ', last_name: '' },
			})
			const refusals: Array<[Record<string, string>, Record<string, string>]> = [
				[{ nds_year: '' }, { nds_year: 'NDS yılı gerekli.' }],
				[{ nds_year: '85' }, { nds_year: 'NDS yılı dört haneli bir yıl olmalı (örneğin 1985).' }],
				[{ nds_year: '1985.0' }, { nds_year: 'NDS yılı dört haneli bir yıl olmalı (örneğin 1985).' }],
				[{ nds_year: '1850' }, { nds_year: `NDS yılı 1870 ile ${thisYear} arasında olmalı.` }],
				[{ nds_year: String(thisYear + 1) }, { nds_year: `NDS yılı 1870 ile ${thisYear} arasında olmalı.` }],
				[{ award_year: '1980' }, { award_year: `Ödül yılı 1987 ile ${thisYear + 1} arasında olmalı.` }],
				[{ award_year: '2001', nds_year: '2005' }, { award_year: 'Ödül yılı NDS yılından önce olamaz.' }],
				[{ profession: 'x'.repeat(201) }, { profession: 'Meslek en fazla 200 karakter olabilir.' }],
			]
			for (const [overrides, fieldErrors] of refusals) {
				expect(await awardsAdmin.act('save', formData(award(overrides)), ctx())).toMatchObject({ ok: false, status: 400, fieldErrors })
			}
			expect(await db.selectFrom('awards').selectAll().execute()).toEqual([])
			expect(await readContentVersion()).toBe('0')
		})
	})

	test(`creates, edits and deletes an award, and the public list follows at once (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const created = await awardsAdmin.act(
				'save',
				formData(award({ award_year: ' 2024 ', first_name: ' İpek ', last_name: 'Işık', nds_surname: ' IŞIK ', title: ' Prof. Dr. ' })),
				ctx(),
			)
			expect(created).toMatchObject({ ok: true })
			const id = (created as { id: number }).id
			expect(await db.selectFrom('awards').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toMatchObject({
				award_year: 2024,
				first_name: 'İpek',
				last_name: 'Işık',
				nds_surname: null,
				nds_year: 1985,
				title: 'Prof. Dr.',
				profession: 'Mimar',
			})
			expect(await names()).toEqual(['İpek Işık'])
			expect(await readContentVersion()).toBe('1')
			expect((await searchSite({ query: 'işık' })).hits.map(hitTitle)).toEqual(['Prof. Dr. İpek Işık'])

			expect(
				await awardsAdmin.act(
					'save',
					formData(award({ id: String(id), first_name: 'İpek', last_name: 'Işık', nds_surname: 'Kaya', nds_year: '1986' })),
					ctx(),
				),
			).toMatchObject({ ok: true, id })
			expect(await listAwards()).toMatchObject([{ first_name: 'İpek', nds_surname: 'Kaya', nds_year: 1986, title: null }])
			expect((await awardsAdmin.load(ctx(`?edit=${id}`))).editing).toMatchObject({ id, nds_surname: 'Kaya', award_year: null })

			expect(await awardsAdmin.act('save', formData(award({ id: '999999' })), ctx())).toMatchObject({
				ok: false,
				message: 'Ödül kaydedilemedi: kayıt bulunamadı',
			})
			expect(await awardsAdmin.act('delete', formData({ id: String(id) }), ctx())).toEqual({ ok: true })
			expect(await names()).toEqual([])
			expect((await searchSite({ query: 'işık' })).hits).toEqual([])
			expect(await awardsAdmin.act('delete', formData({ id: String(id) }), ctx())).toMatchObject({
				ok: false,
				message: 'Silinemedi: kayıt bulunamadı',
			})
			expect(await readContentVersion()).toBe('3')
		})
	})

	test(`refuses a second copy of an award, whatever its case and spacing, but lets an award be saved again (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const existing = await createAward({ first_name: 'Işıl', last_name: 'Yılmaz', nds_year: 1985 })
			expect(await awardsAdmin.act('save', formData(award({ first_name: ' ISIL ', last_name: 'yılmaz' })), ctx())).toMatchObject({
				ok: false,
				status: 400,
				message: 'Bu ödül zaten var (aynı ad, soyad ve NDS yılı).',
				fieldErrors: { first_name: 'Bu ödül zaten var (aynı ad, soyad ve NDS yılı).' },
			})
			expect(
				await awardsAdmin.act('save', formData(award({ first_name: 'Işıl', last_name: 'Yılmaz', nds_year: '1986' })), ctx()),
			).toMatchObject({
				ok: true,
			})
			expect(
				await awardsAdmin.act(
					'save',
					formData(award({ id: String(existing.id), first_name: 'Işıl', last_name: 'Yılmaz', profession: 'Fizikçi' })),
					ctx(),
				),
			).toMatchObject({ ok: true })
		})
	})

	test(`lists awards like the public page and searches them the Turkish way (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await createAward({ first_name: 'Zeynep', last_name: 'Aydın', nds_year: 1990, profession: 'İSTANBUL Barosu avukatı' })
			await createAward({ first_name: 'Işıl', last_name: 'Çelik', nds_year: 1972, award_year: 2010 })
			await createAward({ first_name: 'Ayşe', last_name: 'Bal', nds_year: 1972, nds_surname: 'Şahin' })
			const all = await awardsAdmin.load(ctx())
			expect(all.rows.map((row) => `${row.nds_year} ${row.last_name}`)).toEqual(['1972 Bal', '1972 Çelik', '1990 Aydın'])
			expect(all).toMatchObject({ editing: null, loadError: null, imported: null })
			const search = (q: string) => all.rows.filter((row) => includesTr(row.searchText, q)).map((row) => row.last_name)
			expect(search('istanbul')).toEqual(['Aydın'])
			expect(search('İSTANBUL')).toEqual(['Aydın'])
			expect(search('ISIL')).toEqual(['Çelik'])
			expect(search('sahin')).toEqual(['Bal'])
			expect(search('2010')).toEqual(['Çelik'])
			expect(search('yok böyle')).toEqual([])
			expect((await awardsAdmin.load(ctx('?eklendi=12'))).imported).toBe(12)
			expect((await awardsAdmin.load(ctx('?eklendi=x'))).imported).toBeNull()
		})
	})

	test(`previews an import: per-row errors, duplicates of stored and earlier rows, nothing written (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await createAward({ first_name: 'Işıl', last_name: 'Yılmaz', nds_year: 1985 })
			const text =
				'\uFEFF' +
				`${HEADER}\r\n` +
				'2024;Şule;Ağaoğlu;;1985;;"İç mimar; tasarımcı"\r\n' +
				';ışıl;YILMAZ;;1985;;\r\n' +
				';;Demir;;85;;\r\n' +
				';;;;;;\r\n' +
				'2023;ŞULE;ağaoğlu;;1985;;\r\n' +
				'1999;Nur;Er;;2005;;\r\n'
			const result = await awardsAdmin.act('import-preview', formData({ file: csvFile(text) }), ctx())
			expect(result).toMatchObject({ ok: true })
			const view = viewOf(result)
			expect(view).toMatchObject({
				kind: 'awards-import',
				fileName: 'oduller.csv',
				counts: { total: 5, new: 1, invalid: 2, duplicate: 2 },
				skipInvalid: false,
			})
			expect(view.rows.map(({ row, status, errors }) => ({ row, status, errors }))).toEqual([
				{ row: 2, status: 'new', errors: [] },
				{ row: 3, status: 'duplicate', errors: [{ field: 'Ad Soyad', message: 'Bu ödül zaten var (aynı ad, soyad ve NDS yılı).' }] },
				{
					row: 4,
					status: 'invalid',
					errors: [
						{ field: 'Ad', message: 'Ad gerekli.' },
						{ field: 'NDS yılı', message: 'NDS yılı dört haneli bir yıl olmalı (örneğin 1985).' },
					],
				},
				{ row: 6, status: 'duplicate', errors: [{ field: 'Ad Soyad', message: 'Bu ödül zaten var: dosyanın 2. satırıyla aynı.' }] },
				{ row: 7, status: 'invalid', errors: [{ field: 'Ödül yılı', message: 'Ödül yılı NDS yılından önce olamaz.' }] },
			])
			expect(view.rows[0]?.values).toMatchObject({ first_name: 'Şule', profession: 'İç mimar; tasarımcı' })
			expect(Buffer.from(view.csv, 'base64').toString('utf8')).toBe(text.slice(1))
			expect(await names()).toEqual(['Işıl Yılmaz'])
			expect(await readContentVersion()).toBe('0')
		})
	})

	test(`refuses a Windows-1254 file, a workbook, a picture, a big file and wrong columns with Turkish reasons (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const preview = (file: File) => awardsAdmin.act('import-preview', formData({ file }), ctx())
			const legacy = await preview(csvFile(windows1254(AWARDS_CSV_ONE_ROW)))
			expect(legacy).toMatchObject({ ok: false, status: 400 })
			const legacyMessage = (legacy as { message: string }).message
			expect(legacyMessage).toContain('UTF-8 biçiminde değil')
			expect(legacyMessage).toContain('“CSV UTF-8 (Virgülle ayrılmış) (*.csv)”')
			expect(legacy).toMatchObject({ fieldErrors: { file: legacyMessage } })

			expect(await preview(csvFile(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]), 'oduller.xlsx'))).toMatchObject({
				ok: false,
				message: expect.stringContaining('Excel çalışma kitabı'),
			})
			expect(await preview(csvFile(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'foto.csv'))).toMatchObject({
				ok: false,
				message: 'Bu dosya bir CSV (metin) dosyası değil.',
			})
			expect(await preview(csvFile(`${HEADER}\n`.padEnd(2 * 1024 * 1024 + 1, ' ')))).toMatchObject({
				ok: false,
				message: 'Dosya çok büyük: en fazla 2 MB yükleyebilirsiniz.',
			})
			expect(await awardsAdmin.act('import-preview', formData({}), ctx())).toMatchObject({ ok: false, message: 'Bir CSV dosyası seçin.' })
			expect(await preview(csvFile('Ad,Soyad,Yıl\nAyşe,Yılmaz,1985\n'))).toMatchObject({
				ok: false,
				message:
					'Sütunlar beklenenden farklı. Eksik: “Ödül yılı”, “NDS soyadı”, “NDS yılı”, “Unvan”, “Meslek”. Tanınmayan: “Yıl”. ' +
					'İlk satırda şu sütunlar olmalı (sırası önemli değil): Ödül yılı; Ad; Soyad; NDS soyadı; NDS yılı; Unvan; Meslek.',
			})
			expect(await preview(csvFile(`${HEADER}\n;"Ayşe;Yılmaz;;1985;;\n`))).toMatchObject({
				ok: false,
				message: 'Dosya okunamadı: 2. satırda açılan tırnak işareti (") kapanmamış.',
			})
			expect(await preview(csvFile(`${HEADER}\r\n;;;;;;\r\n`))).toMatchObject({
				ok: false,
				message: 'Dosyada başlık satırından başka dolu satır yok.',
			})
			expect(await preview(csvFile(`${HEADER}\n${';A;B;;1985;;\n'.repeat(1001)}`))).toMatchObject({
				ok: false,
				message: 'Bir seferde en fazla 1000 satır içe aktarılabilir; dosyayı bölüp parça parça yükleyin.',
			})
			expect(await readContentVersion()).toBe('0')
		})
	})

	test(`imports all or nothing unless invalid rows are skipped, never duplicates, in one write (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await createAward({ first_name: 'Işıl', last_name: 'Yılmaz', nds_year: 1985 })
			const text =
				'Ad,Soyad,NDS soyadı,NDS yılı,Unvan,Meslek,Ödül yılı\n' +
				'Şule,Ağaoğlu,,1985,,"İç mimar, tasarımcı",2024\n' +
				'Işıl,Yılmaz,,1985,,,\n' +
				',Demir,,1990,,,\n' +
				'Çiğdem,Öztürk,Güneş,1979,Dr.,Göz doktoru,\n'
			const preview = viewOf(await awardsAdmin.act('import-preview', formData({ file: csvFile(text) }), ctx()))
			const confirm = (fields: Record<string, string>) =>
				awardsAdmin.act('import-confirm', formData({ csv: preview.csv, file_name: preview.fileName, ...fields }), ctx())

			const refused = await confirm({})
			expect(refused).toMatchObject({
				ok: false,
				status: 400,
				message:
					'1 satırda hata var; hiçbir kayıt eklenmedi. Hataları düzeltip dosyayı yeniden yükleyin ya da “Hatalı satırları atla” kutusunu işaretleyin.',
			})
			expect(viewOf(refused).counts).toEqual({ total: 4, new: 2, invalid: 1, duplicate: 1 })
			expect(await names()).toEqual(['Işıl Yılmaz'])
			expect(await readContentVersion()).toBe('0')

			expect(await confirm({ csv: 'bozuk veri!' })).toMatchObject({ ok: false, message: 'Önizleme okunamadı; dosyayı yeniden yükleyin.' })

			expect(await confirm({ skip_invalid: 'on' })).toEqual({ ok: true, message: '2 ödül eklendi.', location: '/admin/oduller?eklendi=2' })
			expect(await readContentVersion()).toBe('1')
			expect(await listAwards()).toMatchObject([
				{ first_name: 'Çiğdem', last_name: 'Öztürk', nds_surname: 'Güneş', nds_year: 1979, title: 'Dr.', profession: 'Göz doktoru' },
				{ first_name: 'Şule', last_name: 'Ağaoğlu', nds_year: 1985, profession: 'İç mimar, tasarımcı' },
				{ first_name: 'Işıl', last_name: 'Yılmaz', nds_year: 1985 },
			])
			expect(
				(await db.selectFrom('awards').select('award_year').where('last_name', '=', 'Ağaoğlu').executeTakeFirstOrThrow()).award_year,
			).toBe(2024)
			expect((await searchSite({ query: 'ciğdem' })).hits.map(hitTitle)).toEqual(['Dr. Çiğdem Öztürk (Güneş)'])

			const again = await confirm({ skip_invalid: 'on' })
			expect(again).toMatchObject({ ok: false, message: 'Eklenecek yeni satır yok.' })
			expect(viewOf(again).counts).toEqual({ total: 4, new: 0, invalid: 1, duplicate: 3 })
			expect(await readContentVersion()).toBe('1')
		})
	})

	test(`exports every award as Excel's Turkish CSV that imports back as duplicates only (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await createAward({
				first_name: 'İpek',
				last_name: 'Işık',
				nds_year: 1985,
				award_year: 2020,
				title: 'Av.',
				profession: '=HYPERLINK("x")',
			})
			await createAward({ first_name: 'Gül "Gülü"', last_name: 'Şen', nds_surname: 'Öz', nds_year: 1960, profession: 'Yazar; çevirmen' })
			const response = await awardsCsvResponse()
			expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
			expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="basari-onur-odulleri-\d{4}-\d{2}-\d{2}\.csv"$/)
			expect(response.headers.get('cache-control')).toBe('no-store')
			const bytes = new Uint8Array(await response.arrayBuffer())
			expect(bytes.slice(0, 3)).toEqual(Uint8Array.from([0xef, 0xbb, 0xbf]))
			const text = new TextDecoder().decode(bytes)
			expect(text.split('\r\n')).toEqual([
				HEADER,
				';"Gül ""Gülü""";Şen;Öz;1960;;"Yazar; çevirmen"',
				`2020;İpek;Işık;;1985;Av.;"'=HYPERLINK(""x"")"`,
				'',
			])
			const read = readAwardsCsv(text)
			expect(read.ok && read.rows.map((row) => row.values.profession)).toEqual(['Yazar; çevirmen', '=HYPERLINK("x")'])

			const preview = viewOf(await awardsAdmin.act('import-preview', formData({ file: csvFile(bytes, 'disari.csv') }), ctx()))
			expect(preview.counts).toEqual({ total: 2, new: 0, invalid: 0, duplicate: 2 })
		})
	})
}

test('answers an unknown intent with a Turkish refusal', async () => {
	expect(await awardsAdmin.act('publish', formData({}), ctx())).toMatchObject({ ok: false, status: 400 })
})
