import { expect, test } from 'vitest'
import { makeBulletinPdf } from '#app/features/site/seed/bulletin-pdf.ts'
import { createBulletin } from '#tests/factories/bulletins.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { createBulletinCover, listBulletinArchive, listBulletinCovers } from './bulletins.server.ts'

for (const dialect of dialectsUnderTest()) {
	test(`groups the archive by year, newest year first, months in calendar order with Turkish names on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			await createBulletin({ year: 2009, month: 12 })
			await createBulletin({ year: 2024, month: 6 })
			await createBulletin({ year: 2024, month: 3 })
			await createBulletin({ year: 2025, month: 1, pdf_url: 'https://arsiv.ornek.org/2025-01.pdf' })
			const archive = await listBulletinArchive()
			expect(archive.map((y) => y.year)).toEqual([2025, 2024, 2009])
			expect(archive[1]?.months.map((m) => [m.label, m.href])).toEqual([
				['Mart', '/media/bulletins/2024-03.pdf'],
				['Haziran', '/media/bulletins/2024-06.pdf'],
			])
			expect(archive[0]?.months[0]?.href).toBe('https://arsiv.ornek.org/2025-01.pdf')
			expect(archive[2]?.months[0]?.label).toBe('Aralık')
		})
	})

	test(`lists the newest bulletin covers for the publications grid, skipping bulletins without one, on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			for (let month = 1; month <= 12; month++) await createBulletin({ year: 2024, month })
			await createBulletin({ year: 2025, month: 2, cover_url: null })
			await createBulletin({ year: 2025, month: 1 })
			const covers = await listBulletinCovers({ limit: 10 })
			expect(covers).toHaveLength(10)
			expect(covers.slice(0, 3).map((c) => c.label)).toEqual(['Ocak 2025', 'Aralık 2024', 'Kasım 2024'])
			expect(covers[0]?.image).toMatchObject({ src: '/media/bulletins/2025-01-kapak-330x518.jpg', width: 330, height: 518 })
		})
	})
}

test('renders the first page of a bulletin PDF as its cover, and draws one when the PDF cannot be read', async () => {
	await withDatabase('sqlite', async (tdb) => {
		const pdf = await makeBulletinPdf(2024, 3, 'NDS Mezunları Derneği')
		const rendered = await createBulletinCover(pdf, { year: 2024, month: 3 })
		expect(rendered.rendered).toBe(true)
		expect(rendered.key).toMatch(/^bulletins\/2024-03-\d+-kapak-330x\d+\.jpg$/)
		expect(rendered.height).toBeGreaterThan(rendered.width)
		expect(await tdb.storage.exists(rendered.key)).toBe(true)

		const fallback = await createBulletinCover(new TextEncoder().encode('bozuk dosya'), { year: 2024, month: 4 })
		expect(fallback.rendered).toBe(false)
		expect(fallback.width).toBe(330)
		expect(await tdb.storage.exists(fallback.key)).toBe(true)
	})
})
