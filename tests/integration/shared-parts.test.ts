import type { Transaction } from 'kysely'
import { expect, test } from 'vitest'
import { announcementPath } from '#app/features/announcements/announcements.shared.ts'
import { getSettings, updateSetting } from '#app/features/settings/settings.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import type { Database } from '#app/lib/db-types.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createAnnouncement } from '#tests/factories/announcements.ts'
import { createAward } from '#tests/factories/awards.ts'
import { createBulletin } from '#tests/factories/bulletins.ts'
import { createMemberPerk } from '#tests/factories/member-perks.ts'
import { createTestDatabase } from '#tests/setup/db.ts'
import { startServer, visibleText } from '#tests/setup/server.ts'

/** The addresses the main menu's links say are the page shown (a section's link and its first entry may be the same), and the sections marked active. */
function menuState(html: string) {
	const header = /<header class="site-header"[\s\S]*?<\/header>/.exec(html)?.[0] ?? ''
	const nav = /<nav class="main-nav"[\s\S]*?<\/nav>/.exec(header)?.[0] ?? ''
	return {
		header,
		current: [...new Set([...nav.matchAll(/<a href="([^"]+)"[^>]*aria-current="page"/g)].map((m) => m[1]))],
		active: [...nav.matchAll(/main-nav__item is-active"[^>]*>\s*<a href="([^"]+)"/g)].map((m) => m[1]),
	}
}

// The header and footer are rendered once per menu state and settings and shared by the pages
// (app/lib/cached-parts.server.ts): each page must still show its own place, and a change at once.
test('every page marks its own place in the menu, and a new name shows at once', async () => {
	const tdb = await createTestDatabase('sqlite')
	await migrateToLatest(tdb.handle.db)
	const announcement = await createAnnouncement({ title: 'Bahar şenliği' })
	const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url, RENDER_CACHE: 'off' })
	try {
		const page = async (path: string) => {
			const response = await fetch(`${server.url}${path}`)
			expect(response.status, path).toBe(200)
			const html = await response.text()
			expect(html, path).not.toContain('data-part')
			return html
		}
		// In this order on one server: each page after one with another menu state.
		const expected: Array<[path: string, current: Array<string>, active: Array<string>]> = [
			['/duyurular', ['/duyurular'], ['/duyurular']],
			['/duyurular/etkinlikler', ['/duyurular/etkinlikler'], ['/duyurular']],
			// An announcement is in the section but is none of the menu's pages.
			[announcementPath(announcement), [], ['/duyurular']],
			['/kurumsal/tarihce', ['/kurumsal/tarihce'], ['/kurumsal/hakkimizda']],
			['/', ['/'], ['/']],
		]
		const headers = new Map<string, string>()
		for (const [path, current, active] of expected) {
			const state = menuState(await page(path))
			expect({ path, current: state.current, active: state.active }).toEqual({ path, current, active })
			headers.set(path, state.header)
		}

		// Back to the first page: the same header as the first time.
		expect(menuState(await page('/duyurular')).header).toBe(headers.get('/duyurular'))

		const association = (await getSettings()).association
		await updateSetting('association', { ...association, shortName: 'Örnek Mezunlar Derneği', name: 'Örnek Okulu Mezunları Derneği' })
		const renamed = await page('/duyurular')
		expect(menuState(renamed).header).toContain('Örnek Mezunlar')
		expect(menuState(renamed).current).toEqual(['/duyurular'])
		expect(/<footer[\s\S]*<\/footer>/.exec(renamed)?.[0]).toContain('Örnek Okulu Mezunları Derneği')
	} finally {
		await server.stop()
		await tdb.cleanup()
	}
})

// Each year of the bulletin archive is such a part, named by its year and rendered again when one of its bulletins changes.
test('the bulletin archive shows a replaced, moved, added or deleted bulletin at once', async () => {
	const tdb = await createTestDatabase('sqlite', { migrated: true })
	const march = await createBulletin({ year: 2024, month: 3 })
	await createBulletin({ year: 2024, month: 6 })
	await createBulletin({ year: 2023, month: 12 })
	const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url, RENDER_CACHE: 'off' })
	/** Each year's links: its months' names and PDF addresses, as the page lists them. */
	const archive = async () => {
		const html = await (await fetch(`${server.url}/duyurular/bulten-arsivi`)).text()
		expect(html).not.toContain('data-part')
		return [...html.matchAll(/<li class="bulletin-archive__year"><h2 id="bulten-(\d+)">[\s\S]*?<\/ul><\/li>/g)].map(([block, year]) => ({
			year: Number(year),
			links: [...block.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)</g)].map(([, href, label]) => `${label!.trim()} ${href}`),
		}))
	}
	const write = (change: (trx: Transaction<Database>) => Promise<unknown>) => withContentWrite(tdb.handle.db, change)
	try {
		expect(await archive()).toEqual([
			{ year: 2024, links: ['Mart /media/bulletins/2024-03.pdf', 'Haziran /media/bulletins/2024-06.pdf'] },
			{ year: 2023, links: ['Aralık /media/bulletins/2023-12.pdf'] },
		])
		// A new PDF for March, and March moved to April.
		await write((trx) => trx.updateTable('bulletins').set({ pdf_url: 'bulletins/2024-03-yeni.pdf' }).where('id', '=', march.id).execute())
		expect((await archive())[0]!.links).toEqual(['Mart /media/bulletins/2024-03-yeni.pdf', 'Haziran /media/bulletins/2024-06.pdf'])
		await write((trx) => trx.updateTable('bulletins').set({ month: 4 }).where('id', '=', march.id).execute())
		expect((await archive())[0]!.links).toEqual(['Nisan /media/bulletins/2024-03-yeni.pdf', 'Haziran /media/bulletins/2024-06.pdf'])
		// A bulletin added to a year, and a year's only one deleted.
		await createBulletin({ year: 2023, month: 1 })
		await write((trx) => trx.deleteFrom('bulletins').where('year', '=', 2023).where('month', '=', 12).execute())
		expect(await archive()).toEqual([
			{ year: 2024, links: ['Nisan /media/bulletins/2024-03-yeni.pdf', 'Haziran /media/bulletins/2024-06.pdf'] },
			{ year: 2023, links: ['Ocak /media/bulletins/2023-01.pdf'] },
		])
	} finally {
		await server.stop()
		await tdb.cleanup()
	}
})

// Each member perk and the category chips are such parts: named by the perk (by the chosen category) and made again when what they show changes.
test('Üyelere Avantajlar shows an edited perk, a new contact and the categories’ new counts at once', async () => {
	const tdb = await createTestDatabase('sqlite', { migrated: true })
	const optician = await createMemberPerk({ business_name: 'Işık Optik', category: 'Sağlık', discount: '%10 indirim' })
	await createMemberPerk({ business_name: 'Kitap Evi', category: 'Kültür', discount: '%15 indirim' })
	const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url, RENDER_CACHE: 'off' })
	const page = async (query = '') => {
		const html = await (await fetch(`${server.url}/uyelik/uyelere-avantajlar${query}`)).text()
		expect(html).not.toContain('data-part')
		return {
			chips: [
				...html.matchAll(
					/<a class="chip" href="([^"]+)"(?: aria-current="page")?>([^<]+)(?:<span class="chip__count" aria-hidden="true">(\d+)<\/span>)?/g,
				),
			].map(
				([whole, href, label, count]) => `${label}${count ? ` ${count}` : ''}${whole.includes('aria-current') ? ' (seçili)' : ''} ${href}`,
			),
			// Each perk's text, from its item to the next one's (the last one's to the end of the section).
			perks: html
				.split('<li id="avantaj-')
				.slice(1)
				.map((item) => visibleText(`<li id="avantaj-${item.split('</section>')[0]}`)),
		}
	}
	const write = (change: (trx: Transaction<Database>) => Promise<unknown>) => withContentWrite(tdb.handle.db, change)
	try {
		expect(await page()).toEqual({
			chips: ['Tümü (seçili) /uyelik/uyelere-avantajlar', 'Kültür 1 ?kategori=kultur', 'Sağlık 1 ?kategori=saglik'],
			perks: ['Kültür Kitap Evi %15 indirim', 'Sağlık Işık Optik %10 indirim'],
		})
		const chosen = await page('?kategori=saglik')
		expect(chosen.chips).toEqual(['Tümü /uyelik/uyelere-avantajlar', 'Kültür 1 ?kategori=kultur', 'Sağlık 1 (seçili) ?kategori=saglik'])
		expect(chosen.perks).toEqual(['Sağlık Işık Optik %10 indirim'])

		await write((trx) =>
			trx
				.updateTable('member_perks')
				.set({ business_name: 'Işık Optik ve Lens', discount: '%20 indirim', contact_phone: '0212 555 01 01' })
				.where('id', '=', optician.id)
				.execute(),
		)
		await createMemberPerk({
			business_name: 'Diş Kliniği',
			category: 'Sağlık',
			discount: 'Ücretsiz muayene',
			created_at: '2025-01-01T09:00:00.000Z',
		})
		const after = await page('?kategori=saglik')
		expect(after.chips).toEqual(['Tümü /uyelik/uyelere-avantajlar', 'Kültür 1 ?kategori=kultur', 'Sağlık 2 (seçili) ?kategori=saglik'])
		expect(after.perks).toEqual([
			'Sağlık Işık Optik ve Lens %20 indirim iletişime geç : Işık Optik ve Lens Telefon 0212 555 01 01',
			'Sağlık Diş Kliniği Ücretsiz muayene',
		])
	} finally {
		await server.stop()
		await tdb.cleanup()
	}
})

// The unfiltered rows of the awards list are such a part, per page of the list, made again when any row changes.
test('the awards list shows an edited, added or deleted honouree at once, filtered or not, whole or a page at a time', async () => {
	const tdb = await createTestDatabase('sqlite', { migrated: true })
	const ayse = await createAward({ first_name: 'Ayşe', last_name: 'Kaya', nds_year: 1990, profession: 'Mimar' })
	await createAward({ first_name: 'Zeynep', last_name: 'Şahin', nds_year: 1985, profession: 'Hekim' })
	const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url, RENDER_CACHE: 'off' })
	/** Each row as its cells' text, `(gizli)` when the filter hides it. */
	const rows = async (query = '') => {
		const html = await (await fetch(`${server.url}/mezunlarimiz/basari-onur-odulleri${query}`)).text()
		expect(html).not.toContain('data-part')
		return [...html.matchAll(/<tr( hidden="")? data-award-row=""[^>]*>([\s\S]*?)<\/tr>/g)].map(
			([, hidden, cells]) => `${visibleText(cells!).replace(/\s+/g, ' ').trim()}${hidden ? ' (gizli)' : ''}`,
		)
	}
	const write = (change: (trx: Transaction<Database>) => Promise<unknown>) => withContentWrite(tdb.handle.db, change)
	try {
		expect(await rows()).toEqual(['Zeynep Şahin 1985 Hekim', 'Ayşe Kaya 1990 Mimar'])
		expect(await rows('?yil=1990')).toEqual(['Zeynep Şahin 1985 Hekim (gizli)', 'Ayşe Kaya 1990 Mimar'])
		// After a filtered view the whole list is whole again.
		expect(await rows()).toEqual(['Zeynep Şahin 1985 Hekim', 'Ayşe Kaya 1990 Mimar'])

		await write((trx) =>
			trx.updateTable('awards').set({ last_name: 'Kaya Demir', profession: 'Şehir plancısı' }).where('id', '=', ayse.id).execute(),
		)
		await createAward({ first_name: 'Elif', last_name: 'Öztürk', nds_year: 1975, profession: 'Avukat' })
		expect(await rows()).toEqual(['Elif Öztürk 1975 Avukat', 'Zeynep Şahin 1985 Hekim', 'Ayşe Kaya Demir 1990 Şehir plancısı'])
		await write((trx) => trx.deleteFrom('awards').where('first_name', '=', 'Zeynep').execute())
		expect(await rows()).toEqual(['Elif Öztürk 1975 Avukat', 'Ayşe Kaya Demir 1990 Şehir plancısı'])

		// A list too long to send whole comes 100 rows a page: the second page, then a row of it edited.
		await write((trx) =>
			trx
				.insertInto('awards')
				.values(
					Array.from({ length: 600 }, (_, i) => ({
						first_name: `Mezun${String(i).padStart(3, '0')}`,
						last_name: 'Yılmaz',
						nds_year: 2000,
					})),
				)
				.execute(),
		)
		const second = await rows('?sayfa=2')
		expect(second).toHaveLength(100)
		expect(second[0]).toBe('Mezun098 Yılmaz 2000')
		await write((trx) => trx.updateTable('awards').set({ profession: 'Öğretmen' }).where('first_name', '=', 'Mezun098').execute())
		expect((await rows('?sayfa=2'))[0]).toBe('Mezun098 Yılmaz 2000 Öğretmen')
		expect((await rows())[0]).toBe('Elif Öztürk 1975 Avukat')
	} finally {
		await server.stop()
		await tdb.cleanup()
	}
})
