import { expect, test } from 'vitest'
import type { AdminTabServer } from '#app/features/admin/admin-tab.server.ts'
import { alumniNewsAdmin } from '#app/features/alumni-news/alumni-news.admin.server.ts'
import { getAlumniNewsBySlug } from '#app/features/alumni-news/alumni-news.server.ts'
import { announcementsAdmin } from '#app/features/announcements/announcements.admin.server.ts'
import { getPublishedAnnouncement } from '#app/features/announcements/announcements.server.ts'
import { awardsAdmin } from '#app/features/awards/awards.admin.server.ts'
import { listAwards } from '#app/features/awards/awards.server.ts'
import { boardAdmin } from '#app/features/board/board.admin.server.ts'
import { getBoardPage } from '#app/features/board/board.server.ts'
import { calendarAdmin } from '#app/features/calendar/calendar.admin.server.ts'
import { eventsAdmin } from '#app/features/events/events.admin.server.ts'
import { getEventBySlug } from '#app/features/events/events.server.ts'
import { memberPerksAdmin } from '#app/features/member-perks/member-perks.admin.server.ts'
import { listMemberPerks } from '#app/features/member-perks/member-perks.server.ts'
import { savePage } from '#app/features/pages/pages.write.server.ts'
import { searchSite } from '#app/features/search/search.server.ts'
import { getSettings, insertMissingSettings, updateSettings } from '#app/features/settings/settings.server.ts'
import { undoSetting } from '#app/features/settings/settings.write.server.ts'
import { insertMissingPages } from '#app/features/site/seed/pages.ts'
import { createAccount } from '#app/features/users/users.server.ts'
import { withAuditActor } from '#app/lib/audit.server.ts'
import { db } from '#app/lib/db.server.ts'
import type { SessionUser } from '#app/lib/auth.server.ts'
import { istanbulToday } from '#app/lib/tr.ts'
import { adminContext, formData, savedId } from '#tests/factories/admin.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import type { AdminSectionSlug } from './sections.ts'
import { listRevisions, REVISIONS_KEPT, type RevisionKind } from './revisions.server.ts'

/** A signed-in editor whose saves the revisions and the audit log name. */
async function editor(): Promise<SessionUser> {
	const email = `editor-${Math.random().toString(36).slice(2, 8)}@example.org`
	const user = await createAccount({ email, password: 'Kurul-Toplantisi-1987', fullName: 'Sürüm Editörü', isAdmin: true })
	await db.updateTable('users').set({ role: 'editor' }).where('id', '=', user.id).execute()
	return { id: user.id, email, fullName: 'Sürüm Editörü', isAdmin: true, role: 'editor' }
}

/** Runs `body` as the admin guard does: every audit entry inside names `user`. */
function as<T>(user: SessionUser, body: () => Promise<T>) {
	return withAuditActor({ userId: user.id, email: user.email, ip: '203.0.113.9', userAgent: 'vitest' }, body)
}

const auditOf = (itemKind: string, itemId: number | string) =>
	db
		.selectFrom('audit_log')
		.select(['kind', 'action', 'user_email', 'item_title', 'summary', 'ip_address'])
		.where('item_kind', '=', itemKind)
		.where('item_id', '=', String(itemId))
		.orderBy('id', 'asc')
		.execute()

/** The titles the site search lists for `query` (each title comes in highlighted parts). */
const searchTitles = async (query: string) => (await searchSite({ query })).hits.map((hit) => hit.title.map((part) => part.text).join(''))

const slugOf = async (table: 'events' | 'alumni_news', id: number) =>
	(await db.selectFrom(table).select('slug').where('id', '=', id).executeTakeFirstOrThrow()).slug

/** One content kind as its admin section edits it, and what its public page shows. */
type Case = {
	kind: RevisionKind
	section: AdminSectionSlug
	door: AdminTabServer<unknown>
	/** The fields of a valid form, with the text field under test set to `text`. */
	form: (text: string) => Record<string, string>
	/** The audit summary of changing that field from `a` to `b`. */
	change: (a: string, b: string) => string
	/** What the public site shows of the item (its text must be in there). */
	publicText: (id: number) => Promise<string>
}

const today = istanbulToday()

const CASES: Array<Case> = [
	{
		kind: 'announcements',
		section: 'duyurular',
		door: announcementsAdmin as AdminTabServer<unknown>,
		form: (title) => ({ title, lead: 'Kısa giriş', body: '<p>Gündem</p>', status: 'published', date: today }),
		change: (a, b) => `Başlık: „${a}” → „${b}”`,
		publicText: async (id) => (await getPublishedAnnouncement({ id }))?.title ?? '',
	},
	{
		kind: 'events',
		section: 'etkinlikler',
		door: eventsAdmin as AdminTabServer<unknown>,
		form: (title) => ({ title, slug: 'kermes', starts_at: '2026-12-13T11:00', location: 'Harbiye' }),
		change: (a, b) => `Başlık: „${a}” → „${b}”`,
		publicText: async (id) => (await getEventBySlug(await slugOf('events', id)))?.title ?? '',
	},
	{
		kind: 'alumni_news',
		section: 'mezun-haberleri',
		door: alumniNewsAdmin as AdminTabServer<unknown>,
		form: (title) => ({ title, link: '', description: 'Mezunumuzun kitabı çıktı.' }),
		change: (a, b) => `Başlık: „${a}” → „${b}”`,
		publicText: async (id) => (await getAlumniNewsBySlug(await slugOf('alumni_news', id)))?.title ?? '',
	},
	{
		kind: 'member_perks',
		section: 'uye-avantajlari',
		door: memberPerksAdmin as AdminTabServer<unknown>,
		form: (name) => ({ business_name: name, discount: '%10' }),
		change: (a, b) => `İşletme adı: „${a}” → „${b}”`,
		publicText: async (id) => (await listMemberPerks()).find((perk) => perk.id === id)?.businessName ?? '',
	},
	{
		kind: 'board_members',
		section: 'yonetim-kurulu',
		door: boardAdmin as AdminTabServer<unknown>,
		form: (name) => ({ name, role: 'Sayman', term: '2025-2027', group: 'board' }),
		change: (a, b) => `Ad Soyad: „${a}” → „${b}”`,
		publicText: async (id) => (await getBoardPage()).board.find((person) => person.id === id)?.name ?? '',
	},
	{
		kind: 'awards',
		section: 'oduller',
		door: awardsAdmin as AdminTabServer<unknown>,
		form: (profession) => ({ first_name: 'Ayşe', last_name: 'Yılmaz', nds_year: '1990', profession }),
		change: (a, b) => `Meslek: „${a}” → „${b}”`,
		publicText: async (id) => (await listAwards()).find((award) => award.id === id)?.profession ?? '',
	},
]

for (const dialect of dialectsUnderTest()) {
	for (const c of CASES) {
		test(`${c.kind}: each save keeps a revision, "Bu sürüme dön" brings it back (public page too) and can itself be undone, audited (${dialect})`, async () => {
			await withDatabase(dialect, async () => {
				const user = await editor()
				const ctx = adminContext(c.section, '', user)
				const save = (fields: Record<string, string>) => as(user, () => c.door.act('save', formData(fields), ctx))
				const id = savedId(await save(c.form('Birinci metin')))
				expect(await listRevisions(c.kind, id)).toEqual([])

				savedId(await save({ ...c.form('İkinci metin'), id: String(id) }))
				savedId(await save({ ...c.form('Üçüncü metin'), id: String(id) }))
				expect(await c.publicText(id)).toBe('Üçüncü metin')

				// Two saves, two revisions: newest first, each the text before its save, who and what changed.
				const stored = await db
					.selectFrom('content_revisions')
					.select(['id', 'snapshot', 'saved_by_user_id'])
					.where('item_kind', '=', c.kind)
					.where('item_id', '=', String(id))
					.orderBy('id', 'desc')
					.execute()
				expect(stored).toHaveLength(2)
				expect(stored.map((row) => row.saved_by_user_id)).toEqual([user.id, user.id])
				expect(stored.map((row) => Object.values(JSON.parse(row.snapshot) as object))).toEqual([
					expect.arrayContaining(['İkinci metin']),
					expect.arrayContaining(['Birinci metin']),
				])
				const revisions = await listRevisions(c.kind, id)
				// (An alumni news item's address follows its title: the summary names it too.)
				expect(revisions.map((revision) => [revision.savedBy, revision.summary])).toEqual([
					['Sürüm Editörü', expect.stringContaining(c.change('İkinci metin', 'Üçüncü metin'))],
					['Sürüm Editörü', expect.stringContaining(c.change('Birinci metin', 'İkinci metin'))],
				])
				expect(revisions[0]?.savedLabel).toMatch(/^\d{1,2} \S+ \d{4} \S+ \d{2}:\d{2}$/)

				// The edit dialog gets them; the list of another item is not offered.
				const loaded = (await c.door.load(adminContext(c.section, `?edit=${id}`, user))) as { revisions: unknown }
				expect(loaded.revisions).toMatchObject({ kind: c.kind, itemId: id, items: [{ id: revisions[0]?.id }, { id: revisions[1]?.id }] })

				// Back to the first text: the public page shows it, and the revert is a revision of its own.
				const first = revisions[1]?.id ?? 0
				const reverted = await as(user, () =>
					c.door.act(
						'revert',
						formData({ kind: c.kind, id: String(id), revision: String(first) }),
						adminContext(c.section, `?edit=${id}`, user),
					),
				)
				expect(reverted).toMatchObject({ ok: true, location: `/admin/${c.section}?edit=${id}&surum=geri-donuldu` })
				expect(await c.publicText(id)).toBe('Birinci metin')
				const afterRevert = await listRevisions(c.kind, id)
				expect(afterRevert).toHaveLength(3)
				expect(afterRevert[0]?.summary).toContain(c.change('Üçüncü metin', 'Birinci metin'))

				// Undoing the revert brings the third text back.
				await as(user, () => c.door.act('revert', formData({ kind: c.kind, id: String(id), revision: String(afterRevert[0]?.id) }), ctx))
				expect(await c.publicText(id)).toBe('Üçüncü metin')

				// The audit log: who, what, which item, before and after, in Turkish.
				const entries = await auditOf(c.kind, id)
				expect(entries.map((entry) => [entry.kind, entry.action, entry.summary])).toEqual([
					['content', 'create', 'Oluşturuldu'],
					['content', 'update', expect.stringContaining(c.change('Birinci metin', 'İkinci metin'))],
					['content', 'update', expect.stringContaining(c.change('İkinci metin', 'Üçüncü metin'))],
					['content', 'revert', expect.stringContaining(c.change('Üçüncü metin', 'Birinci metin'))],
					['content', 'revert', expect.stringContaining(c.change('Birinci metin', 'Üçüncü metin'))],
				])
				expect(new Set(entries.map((entry) => entry.user_email))).toEqual(new Set([user.email]))
				expect(entries.every((entry) => entry.ip_address === '203.0.113.9' && entry.item_title)).toBe(true)

				// A revision of another item, or of another kind, is refused and changes nothing.
				const other = await as(user, () => c.door.act('revert', formData({ kind: c.kind, id: String(id), revision: '999999' }), ctx))
				expect(other).toMatchObject({
					ok: false,
					status: 400,
					message: 'Önceki sürüme dönülemedi: Bu sürüm bulunamadı; sayfayı yenileyip yeniden deneyin.',
				})
				const wrongKind = await as(user, () =>
					c.door.act('revert', formData({ kind: 'settings', id: String(id), revision: String(first) }), ctx),
				)
				expect(wrongKind).toMatchObject({ ok: false, status: 400 })

				// Deleted: its revisions cannot bring it back, clearly said.
				expect(await as(user, () => c.door.act('delete', formData({ id: String(id) }), ctx))).toMatchObject({ ok: true })
				const gone = await as(user, () => c.door.act('revert', formData({ kind: c.kind, id: String(id), revision: String(first) }), ctx))
				expect(gone).toMatchObject({
					ok: false,
					status: 400,
					message:
						'Önceki sürüme dönülemedi: Bu kayıt artık yok (silinmiş ya da çöp kutusunda). Önce çöp kutusundan geri alın, sonra sürümüne dönün.',
				})
			})
		})
	}

	test(`a revert rebuilds the search entry, keeps the current images, and status changes read in Turkish (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const user = await editor()
			const ctx = adminContext('duyurular', '', user)
			const base = { lead: '', body: '<p>Gündem</p>', date: today }
			const id = savedId(
				await as(user, () => announcementsAdmin.act('save', formData({ ...base, title: 'Kermes duyurusu', status: 'draft' }), ctx)),
			)
			const longBody = `<p>${'Uzun bir metin. '.repeat(20)}</p>`
			await as(user, () =>
				announcementsAdmin.act(
					'save',
					formData({ ...base, id: String(id), title: 'Bahar şenliği', status: 'published', body: longBody }),
					ctx,
				),
			)
			const [entry] = (await auditOf('announcements', id)).filter((row) => row.action === 'update')
			expect(entry?.summary).toBe('Başlık: „Kermes duyurusu” → „Bahar şenliği”; Metin değişti; Durum: Taslak → Yayında')
			expect(await searchTitles('şenliği')).toContain('Bahar şenliği')

			const [revision] = await listRevisions('announcements', id)
			await as(user, () =>
				announcementsAdmin.act('revert', formData({ kind: 'announcements', id: String(id), revision: String(revision?.id) }), ctx),
			)
			const row = await db
				.selectFrom('announcements')
				.select(['title', 'body', 'published_at'])
				.where('id', '=', id)
				.executeTakeFirstOrThrow()
			// Text back, the publication state as it is now.
			expect(row.title).toBe('Kermes duyurusu')
			expect(row.body).toBe('<p>Gündem</p>')
			expect(row.published_at).not.toBeNull()
			expect(await searchTitles('kermes')).toContain('Kermes duyurusu')
			expect(await searchTitles('şenliği')).not.toContain('Bahar şenliği')
		})
	})

	test(`keeps the newest ${REVISIONS_KEPT} revisions of an item; a save that changes nothing keeps none (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const user = await editor()
			const ctx = adminContext('takvim', '', user)
			const save = (fields: Record<string, string>) => as(user, () => calendarAdmin.act('save', formData(fields), ctx))
			const id = savedId(await save({ title: 'Sürüm 0', date: '2026-12-01' }))
			await save({ id: String(id), title: 'Sürüm 0', date: '2026-12-01' })
			expect(await listRevisions('calendar_entries', id)).toEqual([])
			expect((await auditOf('calendar_entries', id)).map((entry) => entry.action)).toEqual(['create'])
			for (let n = 1; n <= REVISIONS_KEPT + 3; n++) await save({ id: String(id), title: `Sürüm ${n}`, date: '2026-12-01' })
			const revisions = await listRevisions('calendar_entries', id)
			expect(revisions).toHaveLength(REVISIONS_KEPT)
			// The newest kept: the text before the last save; the oldest kept: three saves after the first.
			expect(revisions[0]?.title).toBe(`Sürüm ${REVISIONS_KEPT + 2}`)
			expect(revisions.at(-1)?.title).toBe('Sürüm 3')
		})
	})

	test(`reorders, page saves and settings saves and undos are audited with what changed (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const user = await editor()
			const ctx = adminContext('duyurular', '', user)
			const a = savedId(
				await as(user, () => announcementsAdmin.act('save', formData({ title: 'Birinci', status: 'draft', date: today }), ctx)),
			)
			savedId(await as(user, () => announcementsAdmin.act('save', formData({ title: 'İkinci', status: 'draft', date: today }), ctx)))
			expect(await as(user, () => announcementsAdmin.act('move', formData({ id: String(a), direction: 'top' }), ctx))).toEqual({ ok: true })
			expect(await auditOf('announcements', a)).toContainEqual(
				expect.objectContaining({ kind: 'content', action: 'reorder', item_title: 'Birinci', summary: 'Sıralama değişti: 1. sıraya' }),
			)

			await insertMissingPages(db)
			const page = await db.selectFrom('pages').select(['slug', 'title']).orderBy('slug').executeTakeFirstOrThrow()
			await as(user, () => savePage(page.slug, { title: 'Yeni sayfa başlığı', description: '', body: '<p>Yeni metin</p>' }, user.id))
			expect(await auditOf('pages', page.slug)).toEqual([
				expect.objectContaining({
					kind: 'content',
					action: 'update',
					user_email: user.email,
					item_title: 'Yeni sayfa başlığı',
					summary: expect.stringContaining(`Başlık: „${page.title}” → „Yeni sayfa başlığı”`),
				}),
			])

			await insertMissingSettings()
			const footer = (await getSettings()).footer
			await as(user, () => updateSettings({ footer: { ...footer, copyright: 'Yeni telif satırı' } }, user.id))
			await as(user, () => undoSetting('footer', user.id))
			expect(await auditOf('settings:footer', 'footer')).toEqual([
				expect.objectContaining({
					kind: 'settings',
					action: 'update',
					user_email: user.email,
					item_title: 'Alt bilgi',
					summary: `Telif satırı: „${footer.copyright}” → „Yeni telif satırı”`,
				}),
				expect.objectContaining({
					kind: 'settings',
					action: 'revert',
					user_email: user.email,
					summary: `Telif satırı: „Yeni telif satırı” → „${footer.copyright}”`,
				}),
			])
			// A bank account's IBAN change names the account.
			const bank = (await getSettings()).bank
			const account = { bankName: 'Örnek Bankası', branch: 'Harbiye', accountHolder: 'Dernek', iban: 'TR330006100519786457841326' }
			await as(user, () => updateSettings({ bank: { accounts: [...bank.accounts, account] } }, user.id))
			const [bankEntry] = await auditOf('settings:bank', 'bank')
			expect(bankEntry?.summary).toContain('Banka hesapları 2 · IBAN: (boş) → „TR330006100519786457841326”')
		})
	})
}
