import sharp from 'sharp'
import { expect, test } from 'vitest'
import { createAccount } from '#app/features/users/users.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createAnnouncement } from '#tests/factories/announcements.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'
import { decodeEntities, postAdmin, signInCookie, startServer, type RunningServer } from '#tests/setup/server.ts'

const ADMIN = { email: 'baskan@example.org', password: 'Kurul-Toplantisi-1987', fullName: 'Başkan Yönetici', isAdmin: true }

/** The page's meta tags, by property or name. */
async function metaOf(server: RunningServer, path: string): Promise<Record<string, string>> {
	const html = await (await fetch(`${server.url}${path}`)).text()
	const tags: Record<string, string> = {}
	for (const match of html.matchAll(/<meta\s+(?:property|name)="([^"]+)"\s+content="([^"]*)"/g)) tags[match[1]!] = decodeEntities(match[2]!)
	return tags
}

/** Asks again until the page shares a drawn card other than `previous` (the server draws it in the background). */
async function waitForCard(server: RunningServer, path: string, previous: string | null = null): Promise<Record<string, string>> {
	let tags: Record<string, string> = {}
	for (const deadline = Date.now() + 90_000; Date.now() < deadline;) {
		tags = await metaOf(server, path)
		const image = tags['og:image'] ?? ''
		if (image.includes('/og/') && image !== previous) return tags
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	throw new Error(`${path} never shared a new card; it shares ${tags['og:image']}`)
}

for (const dialect of dialectsUnderTest()) {
	test(
		`the production server draws share cards in the background: for items it had none of at start, on publishing and after a title edit, never for a draft (${dialect})`,
		{ timeout: 240_000 },
		async () => {
			const tdb = await createTestDatabase(dialect, { migrated: true })
			await migrateToLatest(tdb.handle.db)
			await createAccount(ADMIN)
			const existing = await createAnnouncement({ title: 'Dernek Lokali Taşındı', slug: 'dernek-lokali-tasindi' })
			const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url, SHARE_CARDS: 'on' })
			const db = tdb.handle.db
			try {
				const atStart = await waitForCard(server, `/duyurular/${existing.slug}`)
				expect(atStart['og:image']).toMatch(new RegExp(`^${server.url}/media/announcements/og/${existing.id}-[\\w-]+\\.png$`))

				const cookie = await signInCookie(server, ADMIN)
				const draft = await postAdmin(
					server,
					'duyurular',
					{ intent: 'save', title: 'Taslak: Kermes Hazırlıkları' },
					{ cookie, query: { new: 1 } },
				)
				expect(draft.status).toBe(303)
				const title = 'Mezunlar Günü İçin Kayıtlar Başladı'
				const fields = { intent: 'save', title, status: 'published', date: '2026-01-12' }
				expect((await postAdmin(server, 'duyurular', fields, { cookie, query: { new: 1 } })).status).toBe(303)
				const { id } = await db.selectFrom('announcements').select('id').where('title', '=', title).executeTakeFirstOrThrow()

				const tags = await waitForCard(server, `/duyurular/${id}`)
				expect(tags).toMatchObject({
					'og:image:width': '1200',
					'og:image:height': '630',
					'og:image:type': 'image/png',
					'og:image:alt': title,
					'twitter:card': 'summary_large_image',
					'twitter:image': tags['og:image'],
				})
				const image = await fetch(tags['og:image']!)
				expect(image.status).toBe(200)
				expect(image.headers.get('content-type')).toBe('image/png')
				expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ width: 1200, height: 630, format: 'png' })
				const drafts = await db.selectFrom('announcements').select('share_card_key').where('published_at', 'is', null).execute()
				expect(drafts).toEqual([{ share_card_key: null }])

				const edited = { ...fields, id: String(id), title: 'Mezunlar Günü Kayıtları Uzatıldı' }
				expect((await postAdmin(server, 'duyurular', edited, { cookie, query: { edit: id } })).status).toBe(303)
				const after = await waitForCard(server, `/duyurular/${id}`, tags['og:image'])
				expect(after['og:image:alt']).toBe('Mezunlar Günü Kayıtları Uzatıldı')
				const oldKey = tags['og:image']!.slice(`${server.url}/media/`.length)
				expect(await db.selectFrom('pending_deletions').select('key').where('key', '=', oldKey).execute()).toEqual([{ key: oldKey }])
			} finally {
				await server.stop()
				await tdb.cleanup()
			}
		},
	)
}
