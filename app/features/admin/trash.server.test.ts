import { expect, test, vi } from 'vitest'
import { deleteAlumniNews, saveAlumniNews } from '#app/features/alumni-news/alumni-news.write.server.ts'
import { getAlumniNewsBySlug } from '#app/features/alumni-news/alumni-news.server.ts'
import { getPublishedAnnouncement, listPublishedAnnouncements } from '#app/features/announcements/announcements.server.ts'
import { deleteAnnouncement } from '#app/features/announcements/announcements.write.server.ts'
import { listAwards } from '#app/features/awards/awards.server.ts'
import { deleteAward } from '#app/features/awards/awards.write.server.ts'
import { getBoardPage } from '#app/features/board/board.server.ts'
import { deleteBoardMember } from '#app/features/board/board.write.server.ts'
import { listBulletinArchive } from '#app/features/bulletins/bulletins.server.ts'
import { deleteBulletin } from '#app/features/bulletins/bulletins.write.server.ts'
import { deleteCalendarEntry } from '#app/features/calendar/calendar.admin.server.ts'
import { listCalendarMonth } from '#app/features/calendar/calendar.server.ts'
import { getEventBySlug } from '#app/features/events/events.server.ts'
import { eventPath } from '#app/features/events/events.shared.ts'
import { announcementPath } from '#app/features/announcements/announcements.shared.ts'
import { EventFormSchema } from '#app/features/events/events.schema.ts'
import { createEvent as createEventThroughAdmin, deleteEvent } from '#app/features/events/events.write.server.ts'
import { deleteHeroSlide, listHeroSlides } from '#app/features/home/hero-slides.server.ts'
import { listLiteratureAward, listLiteratureBooks } from '#app/features/literature-books/literature-books.server.ts'
import { deleteLiteratureBook, deleteLiteratureYear } from '#app/features/literature-books/literature.write.server.ts'
import { deleteMemberPerk } from '#app/features/member-perks/member-perks.admin.server.ts'
import { listMemberPerks } from '#app/features/member-perks/member-perks.server.ts'
import { rebuildSearchIndex, searchSite } from '#app/features/search/search.server.ts'
import { listSitemapEntries } from '#app/features/sitemap/sitemap.server.ts'
import { withAuditActor } from '#app/lib/audit.server.ts'
import { db } from '#app/lib/db.server.ts'
import { createAlumniNews } from '#tests/factories/alumni-news.ts'
import { adminContext, formData } from '#tests/factories/admin.ts'
import { createAnnouncement } from '#tests/factories/announcements.ts'
import { createAward } from '#tests/factories/awards.ts'
import { createBoardMember } from '#tests/factories/board.ts'
import { createBulletin } from '#tests/factories/bulletins.ts'
import { createCalendarEntry } from '#tests/factories/calendar.ts'
import { createEvent } from '#tests/factories/events.ts'
import { createLiteratureBook, createLiteratureYear } from '#tests/factories/literature.ts'
import { createMemberPerk } from '#tests/factories/member-perks.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { trashAdmin } from './trash.admin.server.ts'
import { listTrash, purgeExpiredTrash, restoreFromTrash, TRASH_DAYS, type TrashKind } from './trash.server.ts'

const EDITOR = { id: 'u2', email: 'editor@example.org', fullName: 'Ece Editör', isAdmin: true, role: 'editor' as const }
const ADMIN = { id: 'u1', email: 'admin@example.org', fullName: 'Yusuf Yönetici', isAdmin: true, role: 'admin' as const }

async function addUsers() {
	const now = new Date().toISOString()
	for (const user of [ADMIN, EDITOR]) {
		await db
			.insertInto('users')
			.values({
				id: user.id,
				email: user.email,
				full_name: user.fullName,
				email_verified: true,
				is_admin: true,
				role: user.role,
				created_at: now,
				updated_at: now,
			})
			.execute()
	}
}

const asAdmin = <T>(body: () => Promise<T>) => withAuditActor({ userId: ADMIN.id, email: ADMIN.email, ip: null, userAgent: null }, body)
const shows = async (read: () => Promise<unknown>, marker: string) => JSON.stringify(await read()).includes(marker)

type Case = {
	kind: TrashKind
	/** Creates the item; returns its id, a text only it shows, its media keys and slug. */
	create(): Promise<{ id: number; marker: string; media: Array<string>; slug?: string | null }>
	remove(id: number): Promise<void>
	/** What the public sees: a page's or a list's data. */
	read(slug?: string | null): Promise<unknown>
	searchable?: boolean
}

const CASES: Array<Case> = [
	{
		kind: 'announcements',
		async create() {
			const row = await createAnnouncement({
				title: 'Çöp Duyurusu Zeytin',
				cover_url: 'announcements/zeytin.jpg',
				slug: 'cop-duyurusu-zeytin',
			})
			return { id: row.id, marker: 'Çöp Duyurusu Zeytin', media: ['announcements/zeytin.jpg'], slug: row.slug }
		},
		remove: deleteAnnouncement,
		read: () => listPublishedAnnouncements(),
		searchable: true,
	},
	{
		kind: 'events',
		async create() {
			const row = await createEvent({ title: 'Çöp Etkinliği Defne', slug: 'cop-etkinligi-defne', hero_bg_url: 'events/hero_bg/defne.jpg' })
			return { id: row.id, marker: 'Çöp Etkinliği Defne', media: ['events/hero_bg/defne.jpg'], slug: row.slug }
		},
		remove: deleteEvent,
		read: (slug) => getEventBySlug(slug ?? ''),
		searchable: true,
	},
	{
		kind: 'calendar_entries',
		async create() {
			const row = await createCalendarEntry({ title: 'Çöp Takvimi Ihlamur', date: '2026-05-12' })
			return { id: row.id, marker: 'Çöp Takvimi Ihlamur', media: [] }
		},
		remove: deleteCalendarEntry,
		read: () => listCalendarMonth({ year: 2026, month: 5 }),
	},
	{
		kind: 'bulletins',
		async create() {
			const row = await createBulletin({ year: 2023, month: 7 })
			return { id: row.id, marker: row.pdf_url, media: [row.pdf_url, row.cover_url ?? ''] }
		},
		remove: deleteBulletin,
		read: () => listBulletinArchive(),
	},
	{
		kind: 'alumni_news',
		async create() {
			const row = await createAlumniNews({ title: 'Çöp Haberi Menekşe', slug: 'cop-haberi-menekse', image_url: 'alumni_news/menekse.jpg' })
			return { id: row.id, marker: 'Çöp Haberi Menekşe', media: ['alumni_news/menekse.jpg'], slug: row.slug }
		},
		remove: deleteAlumniNews,
		read: (slug) => getAlumniNewsBySlug(slug ?? ''),
		searchable: true,
	},
	{
		kind: 'member_perks',
		async create() {
			const row = await createMemberPerk({ business_name: 'Çöp Avantajı Kestane', logo_url: 'member_perks/kestane.png' })
			return { id: row.id, marker: 'Çöp Avantajı Kestane', media: ['member_perks/kestane.png'] }
		},
		remove: deleteMemberPerk,
		read: () => listMemberPerks(),
		searchable: true,
	},
	{
		kind: 'hero_slides',
		async create() {
			const now = new Date().toISOString()
			const row = await db
				.insertInto('hero_slides')
				.values({ title: 'Çöp Slaytı Lavanta', image_key: 'home/lavanta.jpg', order_index: 99, created_at: now, updated_at: now })
				.returning('id')
				.executeTakeFirstOrThrow()
			return { id: row.id, marker: 'Çöp Slaytı Lavanta', media: ['home/lavanta.jpg'] }
		},
		remove: deleteHeroSlide,
		read: () => listHeroSlides(),
	},
	{
		kind: 'board_members',
		async create() {
			const row = await createBoardMember({ name: 'Çöp Üyesi Nilüfer', photo_url: 'board/nilufer.jpg' })
			return { id: row.id, marker: 'Çöp Üyesi Nilüfer', media: ['board/nilufer.jpg'] }
		},
		remove: deleteBoardMember,
		read: () => getBoardPage(),
	},
	{
		kind: 'awards',
		async create() {
			const row = await createAward({ first_name: 'Çöpödül', last_name: 'Papatya' })
			return { id: row.id, marker: 'Papatya', media: [] }
		},
		remove: deleteAward,
		read: () => listAwards(),
		searchable: true,
	},
	{
		kind: 'literature_award_years',
		async create() {
			const row = await createLiteratureYear({ year: 2019, jury: 'Çöp Jürisi Sardunya' })
			return { id: row.id, marker: 'Çöp Jürisi Sardunya', media: [] }
		},
		remove: deleteLiteratureYear,
		read: () => listLiteratureAward(),
	},
	{
		kind: 'literature_books',
		async create() {
			await createLiteratureYear({ year: 2018 })
			const row = await createLiteratureBook({ year: 2018, title: 'Çöp Kitabı Manolya', image_url: 'literature/manolya.jpg' })
			return { id: row.id, marker: 'Çöp Kitabı Manolya', media: ['literature/manolya.jpg'] }
		},
		remove: deleteLiteratureBook,
		read: () => listLiteratureBooks(),
	},
]

/** Hits of the site search for a searchable kind's marker (0 for kinds the search does not cover). */
const searchHits = async (item: Case, marker: string) => (item.searchable ? (await searchSite({ query: marker })).total : 0)

const pendingKeys = async () => (await db.selectFrom('pending_deletions').select('key').execute()).map((row) => row.key).toSorted()

for (const dialect of dialectsUnderTest()) {
	test(`every kind of content goes to the trash on delete, leaves the public site, and comes back with its id, slug and media (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await addUsers()
			for (const item of CASES) {
				const created = await item.create()
				await rebuildSearchIndex()
				const before = await db.selectFrom(item.kind).selectAll().where('id', '=', created.id).executeTakeFirstOrThrow()
				expect(await shows(() => item.read(created.slug), created.marker), item.kind).toBe(true)
				expect(await searchHits(item, created.marker), `${item.kind} search`).toBe(item.searchable ? 1 : 0)

				await asAdmin(() => item.remove(created.id))
				expect(await shows(() => item.read(created.slug), created.marker), `${item.kind} gone`).toBe(false)
				expect(await db.selectFrom(item.kind).select('id').where('id', '=', created.id).executeTakeFirst()).toBeUndefined()
				expect(await searchHits(item, created.marker), `${item.kind} search`).toBe(0)
				expect(await pendingKeys(), `${item.kind}: media kept while in the trash`).toEqual([])
				const [listed] = await listTrash(item.kind)
				expect(listed).toMatchObject({ kind: item.kind, deletedBy: ADMIN.fullName, daysLeft: TRASH_DAYS })

				const restored = await asAdmin(() => restoreFromTrash(listed?.id ?? 0))
				expect(restored.id).toBe(created.id)
				const after = await db.selectFrom(item.kind).selectAll().where('id', '=', created.id).executeTakeFirstOrThrow()
				const { order_index: _a, sequence: sequenceAfter, ...keptAfter } = after as Record<string, unknown>
				const { order_index: _b, sequence: sequenceBefore, ...keptBefore } = before as Record<string, unknown>
				expect(keptAfter, item.kind).toEqual(keptBefore)
				const sequence = (value: unknown, step = 0) => (value === undefined ? undefined : Number(value) + step)
				expect(sequence(sequenceAfter), `${item.kind} sequence`).toBe(sequence(sequenceBefore, 2))
				expect(await shows(() => item.read(created.slug), created.marker), `${item.kind} back`).toBe(true)
				expect(await searchHits(item, created.marker), `${item.kind} search`).toBe(item.searchable ? 1 : 0)
				expect(await listTrash(item.kind)).toEqual([])
			}
			const audit = await db.selectFrom('audit_log').select(['action', 'item_kind', 'user_id']).orderBy('id').execute()
			expect(audit.filter((row) => row.action === 'delete').map((row) => row.item_kind)).toEqual(CASES.map((c) => c.kind))
			expect(audit.filter((row) => row.action === 'restore').map((row) => row.item_kind)).toEqual(CASES.map((c) => c.kind))
			expect(audit.every((row) => row.user_id === ADMIN.id)).toBe(true)
		})
	})

	test(`a trashed item never shows in the sitemap or the search, and a restored one gets no id a new item takes (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const event = await createEvent({ title: 'Harita Etkinliği', slug: 'harita-etkinligi' })
			const announcement = await createAnnouncement({ title: 'Harita Duyurusu' })
			await rebuildSearchIndex()
			const paths = async () => (await listSitemapEntries()).map((entry) => entry.path)
			expect(await paths()).toContain(eventPath('harita-etkinligi'))
			expect(await paths()).toContain(announcementPath(announcement))
			await deleteEvent(event.id)
			await deleteAnnouncement(announcement.id)
			expect(await paths()).not.toContain(eventPath('harita-etkinligi'))
			expect(await paths()).not.toContain(announcementPath(announcement))
			expect(JSON.stringify((await searchSite({ query: 'Harita' })).hits)).not.toContain('Harita')
			expect(await getPublishedAnnouncement({ id: announcement.id })).toBeNull()
			const newer = await createAnnouncement({ title: 'Yeni Duyuru' })
			expect(newer.id).toBeGreaterThan(announcement.id)
			const [trashed] = await listTrash('announcements')
			await restoreFromTrash(trashed?.id ?? 0)
			const newest = await createAnnouncement({ title: 'En Yeni Duyuru' })
			expect(newest.id).toBeGreaterThan(newer.id)
			expect((await getPublishedAnnouncement({ id: announcement.id }))?.title).toBe('Harita Duyurusu')
		})
	})

	test(`purges items after 30 days and schedules their media for deletion (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await addUsers()
			const bulletin = await createBulletin({ year: 2022, month: 4 })
			await asAdmin(() => deleteBulletin(bulletin.id))
			const dayAfter = new Date(Date.now() + (TRASH_DAYS - 1) * 24 * 60 * 60 * 1000)
			expect(await purgeExpiredTrash(dayAfter)).toBe(0)
			expect(await listTrash()).toHaveLength(1)
			expect(await pendingKeys()).toEqual([])
			expect(await purgeExpiredTrash(new Date(Date.now() + (TRASH_DAYS + 1) * 24 * 60 * 60 * 1000))).toBe(1)
			expect(await listTrash()).toEqual([])
			expect(await pendingKeys()).toEqual([bulletin.cover_url, bulletin.pdf_url].toSorted())
			const purge = await db.selectFrom('audit_log').select(['item_kind', 'item_id']).where('action', '=', 'purge').execute()
			expect(purge).toEqual([{ item_kind: 'bulletins', item_id: String(bulletin.id) }])
		})
	})

	test(`the slug of a trashed item is not given to a new item until the purge (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await addUsers()
			const event = await createEvent({ title: 'Bahar Şenliği', slug: 'bahar-senligi' })
			await deleteEvent(event.id)
			// The suffix drawn first is one a trashed event has too: it is drawn again.
			await deleteEvent((await createEvent({ title: 'Bahar Şenliği', slug: 'bahar-senligi-0000' })).id)
			const zeros = <T extends ArrayBufferView | null>(array: T) => {
				if (array) new Uint8Array(array.buffer).fill(0)
				return array
			}
			vi.spyOn(crypto, 'getRandomValues').mockImplementationOnce(zeros)
			const input = EventFormSchema.parse({
				title: 'Bahar Şenliği',
				slug: 'bahar-senligi',
				lead: '',
				body: '',
				starts_at: '2026-04-01T10:00',
				ends_at: '',
				location: '',
				featured_home: false,
				featured_until: '',
			})
			const media = {
				cover: { key: null, stored: [], replaced: [] },
				hero: { key: null, stored: [], replaced: [] },
			}
			const created = await createEventThroughAdmin(input, media)
			expect(created.slug).not.toBe('bahar-senligi')
			expect(created.slug).toMatch(/^bahar-senligi-[a-z0-9]{4}$/)
			expect(created.slug).not.toBe('bahar-senligi-0000')

			const news = await createAlumniNews({ title: 'Kermes', slug: 'kermes' })
			await deleteAlumniNews(news.id)
			await deleteAlumniNews((await createAlumniNews({ title: 'Kermes', slug: 'kermes-0000' })).id)
			vi.spyOn(crypto, 'getRandomValues').mockImplementationOnce(zeros)
			const result = await saveAlumniNews(formData({ intent: 'save', title: 'Kermes' }), {
				id: null,
				title: 'Kermes',
				link: null,
				description: null,
			})
			expect(result.ok).toBe(true)
			const fresh = await db.selectFrom('alumni_news').select('slug').executeTakeFirstOrThrow()
			expect(fresh.slug).toMatch(/^kermes-[a-z0-9]{4}$/)
			expect(fresh.slug).not.toBe('kermes-0000')

			// An earlier version of the trashed event waits with it, and goes with it at the purge.
			await db
				.insertInto('content_revisions')
				.values({ item_kind: 'events', item_id: String(event.id), snapshot: '{}' })
				.execute()
			const revisionsOf = (id: number) =>
				db.selectFrom('content_revisions').select('id').where('item_kind', '=', 'events').where('item_id', '=', String(id)).execute()
			expect(await revisionsOf(event.id)).toHaveLength(1)
			await purgeExpiredTrash(new Date(Date.now() + (TRASH_DAYS + 1) * 24 * 60 * 60 * 1000))
			expect(await revisionsOf(event.id)).toEqual([])
			const again = await createEventThroughAdmin(input, media)
			expect(again.slug).toBe('bahar-senligi')
		})
	})

	test(`a restore whose place was taken meanwhile is refused with a Turkish reason and changes nothing (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const bulletin = await createBulletin({ year: 2021, month: 10 })
			await deleteBulletin(bulletin.id)
			await createBulletin({ year: 2021, month: 10, pdf_url: 'bulletins/yeni.pdf' })
			const [trashed] = await listTrash('bulletins')
			await expect(restoreFromTrash(trashed?.id ?? 0)).rejects.toThrow(
				'Ekim 2021 bülteni için bu arada yeni bir bülten eklenmiş. Önce onu silin ya da başka aya taşıyın, sonra yeniden geri yükleyin.',
			)
			expect(await listTrash('bulletins')).toHaveLength(1)
			expect((await db.selectFrom('bulletins').select('pdf_url').execute()).map((row) => row.pdf_url)).toEqual(['bulletins/yeni.pdf'])

			const announcement = await createAnnouncement({ title: 'Eski', slug: 'ortak-adres' })
			await deleteAnnouncement(announcement.id)
			await createAnnouncement({ title: 'Yeni', slug: 'ortak-adres' })
			const result = await trashAdmin.act(
				'restore',
				formData({ id: String((await listTrash('announcements'))[0]?.id) }),
				adminContext('cop-kutusu', '', EDITOR),
			)
			expect(result).toMatchObject({ ok: false, status: 400 })
			expect(!result.ok && result.message).toBe(
				'Geri yüklenemedi: "ortak-adres" adresi bu arada başka bir içeriğe verilmiş. Önce o içeriğin adresini değiştirin, sonra yeniden geri yükleyin.',
			)
			expect(await listTrash('announcements')).toHaveLength(1)
		})
	})

	test(`an editor may restore but not purge or empty the trash; a yönetici may (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await addUsers()
			const first = await createCalendarEntry({ title: 'Birinci' })
			const second = await createCalendarEntry({ title: 'İkinci' })
			await deleteCalendarEntry(first.id)
			await deleteCalendarEntry(second.id)
			const [newest, oldest] = await listTrash()
			const editor = adminContext('cop-kutusu', '', EDITOR)
			expect(await trashAdmin.act('purge', formData({ id: String(newest?.id) }), editor)).toMatchObject({
				ok: false,
				status: 403,
				message: 'Kalıcı olarak silmek için yönetici olmanız gerekir. Geri yükleyebilir ya da bir yöneticiden isteyebilirsiniz.',
			})
			expect(await trashAdmin.act('empty', formData({}), editor)).toMatchObject({ ok: false, status: 403 })
			expect(await listTrash()).toHaveLength(2)
			expect((await trashAdmin.load(editor)).mayPurge).toBe(false)

			const restored = await trashAdmin.act('restore', formData({ id: String(oldest?.id) }), editor)
			expect(restored).toMatchObject({ ok: true, location: expect.stringContaining('/admin/cop-kutusu?restoredKind=calendar_entries') })
			expect((await db.selectFrom('calendar_entries').select('title').execute()).map((row) => row.title)).toEqual(['Birinci'])
			const notice = await trashAdmin.load(adminContext('cop-kutusu', `?restoredKind=calendar_entries&restoredId=${first.id}`, EDITOR))
			expect(notice.restored).toEqual({ title: 'Birinci', href: `/admin/takvim?edit=${first.id}` })

			const admin = adminContext('cop-kutusu', '', ADMIN)
			expect(await trashAdmin.act('empty', formData({}), admin)).toMatchObject({ ok: true })
			expect(await listTrash()).toEqual([])
		})
	})
}
