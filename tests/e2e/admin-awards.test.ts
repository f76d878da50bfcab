import fs from 'node:fs'
import { AWARDS_CSV_HEADER as HEADER } from '#tests/fixtures/awards-csv.ts'
import { windows1254 } from '#tests/fixtures/windows-1254.ts'
import { clickAndAwaitAdmin, expect, openSection, seriousA11yViolations, test } from './fixtures.ts'

const PUBLIC = '/mezunlarimiz/basari-onur-odulleri'
/** Letters only, so a name never looks like a year or a demo honouree. */
const unique = () =>
	Array.from({ length: 6 }, () => 'abcdefghjkmnprstuvyz'[Math.floor(Math.random() * 20)])
		.join('')
		.replace(/^./, (c) => c.toUpperCase())

const csv = (text: string, name = 'oduller.csv') => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') })

test('adds, finds, edits and deletes an award, and the public table follows', async ({ page, consoleErrors }) => {
	const surname = unique()
	const name = `Şükran ${surname}`
	await openSection(page, 'oduller')
	await expect(page.getByRole('heading', { level: 1, name: 'Ödüller' })).toBeVisible()

	await page.getByRole('link', { name: 'Yeni ödül' }).click()
	const dialog = page.getByRole('dialog', { name: 'Yeni ödül' })
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog.getByRole('alert')).toHaveText('Ad gerekli.')
	await dialog.getByLabel('Ad', { exact: true }).fill('Şükran')
	await dialog.getByLabel('Soyad', { exact: true }).fill(surname)
	await dialog.getByLabel('NDS soyadı').fill('Öztürk')
	await dialog.getByLabel('NDS yılı').fill('63')
	await dialog.getByLabel('Ödül yılı').fill('2024')
	await dialog.getByLabel('Unvan').fill('Av.')
	await dialog.getByLabel('Meslek').fill('İSTANBUL Barosu avukatı')
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog.getByRole('alert')).toHaveText('NDS yılı dört haneli bir yıl olmalı (örneğin 1985).')
	await expect(dialog.getByLabel('Soyad', { exact: true })).toHaveValue(surname)
	await dialog.getByLabel('NDS yılı').fill('1963')
	expect(await seriousA11yViolations(page)).toEqual([])
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(dialog).toBeHidden()

	const row = page.getByRole('row').filter({ hasText: name })
	await expect(row.getByRole('cell')).toHaveText(['2024', `${name}okulda: Öztürk`, '1963', 'Av.', 'İSTANBUL Barosu avukatı', 'Düzenle Sil'])
	const tableRows = page.getByRole('table', { name: 'Başarı ve onur ödülü alan mezunlar' }).locator('tbody tr')
	await page.getByRole('searchbox').fill('istanbul barosu hakimi')
	await expect(tableRows).toHaveText(['Aramayla eşleşen kayıt yok.'])
	await page.getByRole('searchbox').fill('istanbul barosu avukatı')
	await expect(row).toBeVisible()
	await page.getByRole('searchbox').fill(surname.toLocaleUpperCase('tr-TR'))
	await expect(tableRows).toHaveCount(1)
	await page.getByRole('searchbox').fill('')

	const publicPage = await page.context().newPage()
	await publicPage.goto(`${PUBLIC}?q=${encodeURIComponent(surname)}`)
	const publicRow = publicPage.locator('tbody tr[data-award-row]:visible')
	await expect(publicRow.getByRole('cell')).toHaveText(['Şükran', surname, 'Öztürk', '1963', 'Av.', 'İSTANBUL Barosu avukatı'])

	await page.getByRole('link', { name: `${name} – düzenle` }).click()
	const editDialog = page.getByRole('dialog', { name: 'Ödülü düzenle' })
	await expect(editDialog.getByLabel('NDS yılı')).toHaveValue('1963')
	await editDialog.getByLabel('Meslek').fill('Hâkim')
	await editDialog.getByLabel('NDS soyadı').fill(surname.toLocaleUpperCase('tr-TR'))
	await editDialog.getByRole('button', { name: 'Kaydet' }).click()
	await expect(editDialog).toBeHidden()
	await expect(row.getByRole('cell')).toHaveText(['2024', name, '1963', 'Av.', 'Hâkim', 'Düzenle Sil'])
	await publicPage.reload()
	await expect(publicRow.getByRole('cell')).toHaveText(['Şükran', surname, '', '1963', 'Av.', 'Hâkim'])

	page.once('dialog', async (confirm) => {
		expect(confirm.message()).toBe(`"${name}" silinsin mi?\n\nSilinen içerik çöp kutusuna taşınır ve 30 gün içinde geri yüklenebilir.`)
		await confirm.accept()
	})
	await clickAndAwaitAdmin(page, page.getByRole('link', { name: `${name} – sil` }))
	await expect(row).toHaveCount(0)
	await publicPage.reload()
	await expect(publicRow).toHaveCount(0)
	expect(consoleErrors.filter((error) => !error.includes('status of 400'))).toEqual([])
})

test('imports a CSV after a preview with the rows’ problems, skipping invalid rows only when asked, and exports the list', async ({
	page,
	consoleErrors,
}) => {
	const a = unique()
	const b = unique()
	const file = csv(
		'\uFEFF' +
			`${HEADER}\r\n` +
			`2019;Çağla;${a};;1964;Dr.;"Göz doktoru; cerrah"\r\n` +
			`;;${b};;1964;;\r\n` +
			`2020;Ülkü;${b};Gönül;1965;;"Yazar ""Ülkü"""\r\n` +
			`2019;ÇAĞLA;${a.toLocaleUpperCase('tr-TR')};;1964;;\r\n`,
	)
	await openSection(page, 'oduller')
	await page.locator('summary', { hasText: 'CSV dosyasından toplu ekle' }).click()
	await page.getByLabel('CSV dosyası', { exact: true }).setInputFiles(file)
	await page.getByRole('button', { name: 'Önizle' }).click()

	await expect(page.getByRole('heading', { name: 'İçe aktarma önizlemesi: oduller.csv' })).toBeVisible()
	await expect(page.getByText('4 satır okundu: 2 eklenecek, 1 hatalı, 1 zaten var.')).toBeVisible()
	const preview = page.getByRole('table', { name: 'Dosyadaki satırlar ve içe aktarılınca ne olacağı' })
	const cells = (n: number) => preview.locator('tbody tr').nth(n).getByRole('cell')
	await expect(preview.locator('tbody tr')).toHaveCount(4)
	await expect(cells(0)).toHaveText(['2', 'Eklenecek', `Çağla ${a}`, '1964', '2019', 'Göz doktoru; cerrah', ''])
	await expect(cells(1)).toHaveText(['3', 'Hatalı', b, '1964', '—', '—', 'Ad: Ad gerekli.'])
	await expect(cells(2)).toHaveText(['4', 'Eklenecek', `Ülkü ${b}`, '1965', '2020', 'Yazar "Ülkü"', ''])
	await expect(cells(3)).toHaveText([
		'5',
		'Zaten var',
		`ÇAĞLA ${a.toLocaleUpperCase('tr-TR')}`,
		'1964',
		'2019',
		'—',
		'Ad Soyad: Bu ödül zaten var: dosyanın 2. satırıyla aynı.',
	])
	expect(await seriousA11yViolations(page)).toEqual([])

	await page.getByRole('button', { name: 'İçe aktar' }).click()
	await expect(page.getByRole('alert')).toHaveText(
		'1 satırda hata var; hiçbir kayıt eklenmedi. Hataları düzeltip dosyayı yeniden yükleyin ya da “Hatalı satırları atla” kutusunu işaretleyin.',
	)
	await expect(
		page
			.getByRole('row')
			.filter({ hasText: `Çağla ${a}` })
			.filter({ hasText: 'Düzenle' }),
	).toHaveCount(0)

	await page.getByLabel('Hatalı satırları atla').check()
	await page.getByRole('button', { name: 'İçe aktar' }).click()
	await expect(page).toHaveURL('/admin/oduller?eklendi=2')
	await expect(page.getByRole('status').filter({ hasText: 'ödül eklendi' })).toHaveText('2 ödül eklendi.')
	await expect(
		page
			.getByRole('row')
			.filter({ hasText: `Çağla ${a}` })
			.getByRole('cell'),
	).toHaveText(['2019', `Çağla ${a}`, '1964', 'Dr.', 'Göz doktoru; cerrah', 'Düzenle Sil'])
	await expect(
		page
			.getByRole('row')
			.filter({ hasText: `Ülkü ${b}` })
			.getByRole('cell')
			.nth(1),
	).toHaveText(`Ülkü ${b}okulda: Gönül`)

	const publicPage = await page.context().newPage()
	await publicPage.goto(`${PUBLIC}?q=${encodeURIComponent(b)}`)
	await expect(publicPage.locator('tbody tr[data-award-row]:visible').getByRole('cell')).toHaveText([
		'Ülkü',
		b,
		'Gönül',
		'1965',
		'',
		'Yazar "Ülkü"',
	])

	const download = page.waitForEvent('download')
	await page.getByRole('link', { name: 'CSV olarak indir' }).click()
	const saved = await download
	expect(saved.suggestedFilename()).toMatch(/^basari-onur-odulleri-\d{4}-\d{2}-\d{2}\.csv$/)
	const bytes = fs.readFileSync(await saved.path())
	expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
	const text = bytes.toString('utf8').slice(1)
	expect(text.startsWith(`${HEADER}\r\n`)).toBe(true)
	expect(text).toContain(`\r\n2019;Çağla;${a};;1964;Dr.;"Göz doktoru; cerrah"\r\n`)
	expect(text).toContain(`\r\n2020;Ülkü;${b};Gönül;1965;;"Yazar ""Ülkü"""\r\n`)
	expect(text.endsWith('\r\n')).toBe(true)
	expect(text.split('\r\n').length).toBeGreaterThan(100)

	for (const name of [`Çağla ${a}`, `Ülkü ${b}`]) {
		page.once('dialog', (confirm) => confirm.accept())
		await clickAndAwaitAdmin(page, page.getByRole('link', { name: `${name} – sil` }))
	}
	await publicPage.reload()
	await expect(publicPage.locator('tbody tr[data-award-row]:visible')).toHaveCount(0)
	expect(consoleErrors.filter((error) => !error.includes('status of 400'))).toEqual([])
})

test('refuses a CSV with other columns and one saved by an old Excel (Windows-1254), in Turkish', async ({ page }) => {
	await openSection(page, 'oduller')
	await page.locator('summary', { hasText: 'CSV dosyasından toplu ekle' }).click()
	const upload = page.getByLabel('CSV dosyası', { exact: true })
	await upload.setInputFiles(csv('Ad,Soyad,Yıl\nAyşe,Yılmaz,1966\n', 'eski-liste.csv'))
	await page.getByRole('button', { name: 'Önizle' }).click()
	await expect(page.getByRole('alert')).toHaveText(
		'Sütunlar beklenenden farklı. Eksik: “Ödül yılı”, “NDS soyadı”, “NDS yılı”, “Unvan”, “Meslek”. Tanınmayan: “Yıl”. ' +
			'İlk satırda şu sütunlar olmalı (sırası önemli değil): Ödül yılı; Ad; Soyad; NDS soyadı; NDS yılı; Unvan; Meslek.',
	)
	await expect(upload).toHaveAttribute('aria-invalid', 'true')

	await upload.setInputFiles({
		name: 'excel-1254.csv',
		mimeType: 'text/csv',
		buffer: Buffer.from(windows1254(`${HEADER}\r\n2021;Şule;Ağaoğlu;;1966;;İç mimar\r\n`)),
	})
	await page.getByRole('button', { name: 'Önizle' }).click()
	await expect(page.getByRole('alert')).toContainText('Dosya UTF-8 biçiminde değil')
	await expect(page.getByRole('alert')).toContainText(
		'Excel’de Dosya > Farklı Kaydet’i seçip dosya türü olarak “CSV UTF-8 (Virgülle ayrılmış) (*.csv)” seçin',
	)
	await expect(page.getByRole('row').filter({ hasText: 'Ağaoğlu' })).toHaveCount(0)
})
