import { expect, test } from 'vitest'
import { announcementPath } from '#app/features/announcements/announcements.shared.ts'
import { getSettings, updateSetting } from '#app/features/settings/settings.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createAnnouncement } from '#tests/factories/announcements.ts'
import { createTestDatabase } from '#tests/setup/db.ts'
import { startServer } from '#tests/setup/server.ts'

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
