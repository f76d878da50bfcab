import fs from 'node:fs'
import { expect, test } from 'vitest'
import { pruneAuditLog } from '#app/features/audit/audit-log.server.ts'
import { createAccount } from '#app/features/users/users.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '#tests/setup/db.ts'
import { postAdmin, signInCookie, startServer, visibleText, withAccountsServer, type RunningServer } from '#tests/setup/server.ts'
import { withDatabase } from '#tests/setup/with-database.ts'

/**
 * Kayıtlar over HTTP against the production server: the log newest first,
 * filtered by person, kind, Istanbul days and text; its CSV in Excel's
 * Turkish dialect; yöneticiler only; entries past the retention pruned.
 */

const ADMIN = { email: 'kayit-yonetici@example.org', password: 'Kurul-Toplantisi-1987', fullName: 'Kayıt Yöneticisi', isAdmin: true }
const EDITOR = { email: 'kayit-editor@example.org', password: 'Bahar-Senligi-Afisi-1994', fullName: 'Kayıt Editörü', isAdmin: true }
const STRANGER = 'yabanci@example.org'
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

type Entry = {
	at: string
	email: string | null
	kind: 'auth' | 'account' | 'content' | 'settings'
	action: string
	itemKind?: string
	itemId?: string
	itemTitle?: string
	summary?: string
}

async function insert(tdb: TestDatabase, entries: Array<Entry>) {
	const users = await tdb.handle.db.selectFrom('users').select(['id', 'email']).execute()
	for (const entry of entries) {
		await tdb.handle.db
			.insertInto('audit_log')
			.values({
				created_at: entry.at,
				user_id: users.find((user) => user.email === entry.email)?.id ?? null,
				user_email: entry.email,
				kind: entry.kind,
				action: entry.action,
				item_kind: entry.itemKind ?? null,
				item_id: entry.itemId ?? null,
				item_title: entry.itemTitle ?? null,
				summary: entry.summary ?? '',
				ip_address: '203.0.113.7',
				user_agent: CHROME,
			})
			.execute()
	}
}

/** The visible text of each body row of the log table. */
function rows(html: string) {
	const body = /<table class="admin-table audit-table">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? ''
	return [...body.matchAll(/<tr\b[\s\S]*?<\/tr>/g)].map((match) => visibleText(match[0]))
}

async function get(server: RunningServer, cookie: string, path: string) {
	const response = await fetch(`${server.url}${path}`, { redirect: 'manual', headers: { cookie } })
	return { status: response.status, response, html: response.headers.get('content-type')?.includes('html') ? await response.text() : '' }
}

const ENTRIES: Array<Entry> = [
	// 16 January 2026 in Istanbul begins at 15 January 21:00 UTC.
	{ at: '2026-01-15T20:59:00.000Z', email: ADMIN.email, kind: 'auth', action: 'sign-in' },
	{ at: '2026-01-15T21:00:00.000Z', email: STRANGER, kind: 'auth', action: 'sign-in-failed', summary: 'Şifre yanlış' },
	{
		at: '2026-01-16T09:00:00.000Z',
		email: ADMIN.email,
		kind: 'content',
		action: 'update',
		itemKind: 'announcements',
		itemId: '9999',
		itemTitle: '=HYPERLINK("http://kotu.example","tıkla")',
		summary: 'Başlık: „Eski” → „Yeni; noktalı virgül”',
	},
	{
		at: '2026-01-16T20:59:00.000Z',
		email: ADMIN.email,
		kind: 'settings',
		action: 'update',
		itemKind: 'settings:contact',
		itemId: 'contact',
	},
	{ at: '2026-01-16T21:00:00.000Z', email: ADMIN.email, kind: 'account', action: 'brand-new-code' },
]

for (const dialect of dialectsUnderTest()) {
	test(`Kayıtlar shows the log newest first and filters by person, kind, Istanbul days and text (${dialect})`, async () => {
		await withAccountsServer(dialect, [ADMIN, EDITOR], async (server, tdb) => {
			await tdb.handle.db.updateTable('users').set({ role: 'editor' }).where('email', '=', EDITOR.email).execute()
			await tdb.handle.db.deleteFrom('audit_log').execute()
			await insert(tdb, ENTRIES)
			const cookie = await signInCookie(server, ADMIN)

			const all = await get(server, cookie, '/admin/kayitlar?kisi=&tur=&baslangic=2026-01-01&bitis=2026-01-31')
			expect(all.status).toBe(200)
			const listed = rows(all.html)
			expect(listed).toHaveLength(5)
			// Newest first, in Istanbul time, actions in Turkish (an unknown code as it is).
			expect(listed[0]).toBe(`17 Ocak 2026 00:00 Kayıt Yöneticisi ${ADMIN.email} Hesap brand-new-code — — 203.0.113.7 Chrome · Windows`)
			expect(listed[1]).toContain('16 Ocak 2026 23:59')
			expect(listed[1]).toContain('Ayarlar Güncellendi Ayarlar › ')
			expect(listed[2]).toContain('İçerik Güncellendi Duyuru: =HYPERLINK')
			expect(listed[3]).toBe(`16 Ocak 2026 00:00 ${STRANGER} Giriş Giriş başarısız — Şifre yanlış 203.0.113.7 Chrome · Windows`)
			expect(listed[4]).toContain('15 Ocak 2026 23:59')
			expect(visibleText(all.html)).toContain('5 kayıt')
			// The person filter offers the accounts and the e-mails the log names.
			expect(all.html).toContain(`<option value="${STRANGER}">${STRANGER}</option>`)
			expect(all.html).toContain(`<option value="${ADMIN.email}">Kayıt Yöneticisi (${ADMIN.email})</option>`)
			// The settings entry links to its section; the deleted announcement does not link anywhere.
			expect(all.html).toMatch(/<a[^>]*href="\/admin\/ayarlar"[^>]*>Ayarlar › /)
			expect(all.html).not.toContain('href="/admin/duyurular?edit=9999"')

			// One Istanbul day: from 00:00 to 23:59 there, whatever the UTC date.
			const day = rows((await get(server, cookie, '/admin/kayitlar?baslangic=2026-01-16&bitis=2026-01-16')).html)
			expect(day.map((row) => row.slice(0, 18))).toEqual(['16 Ocak 2026 23:59', '16 Ocak 2026 12:00', '16 Ocak 2026 00:00'])

			// (The sign-in of this test is in the log too, today: the January filter leaves it out.)
			const byKind = rows((await get(server, cookie, '/admin/kayitlar?tur=auth&bitis=2026-01-31')).html)
			expect(byKind).toHaveLength(2)
			expect(byKind.every((row) => row.includes(' Giriş '))).toBe(true)

			const byUser = rows((await get(server, cookie, `/admin/kayitlar?kisi=${encodeURIComponent(STRANGER)}`)).html)
			expect(byUser).toHaveLength(1)
			expect(byUser[0]).toContain('Giriş başarısız')

			const byBoth = rows(
				(await get(server, cookie, `/admin/kayitlar?kisi=${encodeURIComponent(ADMIN.email)}&tur=auth&bitis=2026-01-31`)).html,
			)
			expect(byBoth).toHaveLength(1)
			expect(byBoth[0]).toContain('Giriş yaptı')

			const byText = rows((await get(server, cookie, '/admin/kayitlar?metin=NOKTALI')).html)
			expect(byText).toHaveLength(1)
			expect(byText[0]).toContain('Yeni; noktalı virgül')
			// Turkish letters either way, on both databases.
			expect(rows((await get(server, cookie, '/admin/kayitlar?metin=ESKİ%E2%80%9D')).html)).toHaveLength(1)
			expect(rows((await get(server, cookie, '/admin/kayitlar?metin=sifre%20YANLIS')).html)).toHaveLength(1)
			expect(rows((await get(server, cookie, '/admin/kayitlar?metin=yabanci%40')).html)).toHaveLength(1)
			// `%` is a letter, not a wildcard.
			expect(rows((await get(server, cookie, '/admin/kayitlar?metin=%25')).html)).toEqual(['Bu süzgece uyan kayıt yok.'])

			const badDay = await get(server, cookie, '/admin/kayitlar?baslangic=2026-02-31')
			expect(badDay.status).toBe(200)
			expect(visibleText(badDay.html)).toContain('Tarih geçersiz')

			// Nothing in Kayıtlar writes: no intent edits or deletes an entry.
			for (const intent of ['delete', 'update', 'purge']) {
				const answer = await postAdmin(server, 'kayitlar', { intent, id: '1' }, { cookie })
				expect(answer.status).toBe(400)
			}
			expect(
				await tdb.handle.db.selectFrom('audit_log').select('id').where('created_at', '<', '2026-02-01T00:00:00.000Z').execute(),
			).toHaveLength(5)
		})
	}, 180_000)

	test(`Kayıtlar pages 50 entries at a time, newest first (${dialect})`, async () => {
		await withAccountsServer(dialect, [ADMIN], async (server, tdb) => {
			await tdb.handle.db.deleteFrom('audit_log').execute()
			const start = Date.UTC(2026, 2, 1, 9, 0)
			await insert(
				tdb,
				Array.from({ length: 120 }, (_, i) => ({
					at: new Date(start + i * 60_000).toISOString(),
					email: ADMIN.email,
					kind: 'content' as const,
					action: 'create',
					itemKind: 'announcements',
					itemId: String(10_000 + i),
					itemTitle: `Duyuru ${i + 1}`,
				})),
			)
			const cookie = await signInCookie(server, ADMIN)
			const first = await get(server, cookie, '/admin/kayitlar?tur=content')
			expect(rows(first.html)).toHaveLength(50)
			expect(rows(first.html)[0]).toContain('Duyuru 120')
			expect(visibleText(first.html)).toContain('Sayfa 1 / 3')
			expect(first.html).toContain('href="/admin/kayitlar?tur=content&amp;sayfa=2"')
			const third = await get(server, cookie, '/admin/kayitlar?tur=content&sayfa=3')
			expect(rows(third.html)).toHaveLength(20)
			expect(rows(third.html).at(-1)).toContain('Duyuru 1 ')
			expect(visibleText(third.html)).toContain('Sayfa 3 / 3')
		})
	})

	test(`the CSV holds the filtered rows in Excel's Turkish dialect, and an editör gets 403 on Kayıtlar and its CSV (${dialect})`, async () => {
		await withAccountsServer(dialect, [ADMIN, EDITOR], async (server, tdb) => {
			await tdb.handle.db.updateTable('users').set({ role: 'editor' }).where('email', '=', EDITOR.email).execute()
			await tdb.handle.db.deleteFrom('audit_log').execute()
			await insert(tdb, ENTRIES)
			const cookie = await signInCookie(server, ADMIN)
			const { status, response } = await get(server, cookie, '/admin/kayitlar/disa-aktar?tur=content&baslangic=2026-01-16')
			expect(status).toBe(200)
			expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
			expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="kayitlar-\d{4}-\d{2}-\d{2}\.csv"$/)
			const bytes = new Uint8Array(await response.arrayBuffer())
			expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf])
			const text = new TextDecoder().decode(bytes.slice(3))
			const lines = text.split('\r\n')
			expect(lines.at(-1)).toBe('')
			expect(lines).toHaveLength(3)
			expect(lines[0]).toBe(
				'Zaman;Kim (ad);Kim (e-posta);Tür;İşlem;Kayıt türü;Kayıt no;Kayıt adı;Ayrıntı;IP adresi;Tarayıcı;Tarayıcı bilgisi (tam)',
			)
			expect(lines[1]).toBe(
				[
					'2026-01-16 12:00:00',
					'Kayıt Yöneticisi',
					ADMIN.email,
					'İçerik',
					'Güncellendi',
					'Duyuru',
					'9999',
					`"'=HYPERLINK(""http://kotu.example"",""tıkla"")"`,
					'"Başlık: „Eski” → „Yeni; noktalı virgül”"',
					'203.0.113.7',
					'Chrome · Windows',
					`"${CHROME.replaceAll(';', ';')}"`,
				].join(';'),
			)

			// January's whole log, newest first (this test's own sign-in, today, is left out by the day).
			const everything = await get(server, cookie, '/admin/kayitlar/disa-aktar?bitis=2026-01-31')
			const all = new TextDecoder().decode(new Uint8Array(await everything.response.arrayBuffer())).split('\r\n')
			expect(all).toHaveLength(7)
			expect(all[1]).toMatch(/^2026-01-17 00:00:00;/)
			expect(all[5]).toMatch(/^2026-01-15 23:59:00;Kayıt Yöneticisi;/)

			const editor = await signInCookie(server, EDITOR)
			expect((await get(server, editor, '/admin/kayitlar')).status).toBe(403)
			expect((await get(server, editor, '/admin/kayitlar/disa-aktar')).status).toBe(403)
			expect((await get(server, editor, '/admin/kayitlar/disa-aktar?tur=auth')).response.headers.get('content-type')).not.toMatch(/csv/)
			expect((await postAdmin(server, 'kayitlar', { intent: 'delete', id: '1' }, { cookie: editor })).status).toBe(403)
			// Signed out: to the sign-in page.
			const signedOut = await fetch(`${server.url}/admin/kayitlar/disa-aktar`, { redirect: 'manual' })
			expect(signedOut.status).toBe(302)
			expect(signedOut.headers.get('location')).toBe('/giris?redirect=%2Fadmin%2Fkayitlar%2Fdisa-aktar')
		})
	})

	test(`pruning removes only entries older than the retention period (${dialect})`, async () => {
		await withDatabase(dialect, async (tdb) => {
			const now = new Date('2026-11-25T12:00:00.000Z')
			const daysAgo = (days: number, extraMs = 0) => new Date(now.getTime() - days * 86_400_000 + extraMs).toISOString()
			await insert(tdb, [
				{ at: daysAgo(400), email: null, kind: 'auth', action: 'sign-in' },
				{ at: daysAgo(365, -1000), email: null, kind: 'auth', action: 'sign-in' },
				{ at: daysAgo(365, 1000), email: null, kind: 'auth', action: 'sign-out' },
				{ at: daysAgo(10), email: null, kind: 'content', action: 'create' },
			])
			expect(await pruneAuditLog(365, now)).toBe(2)
			const left = await tdb.handle.db.selectFrom('audit_log').select('action').orderBy('id').execute()
			expect(left.map((row) => row.action)).toEqual(['sign-out', 'create'])
			expect(await pruneAuditLog(365, now)).toBe(0)
		})
	})

	test(`the server prunes at start with AUDIT_RETENTION_DAYS (${dialect})`, async () => {
		const tdb = await createTestDatabase(dialect)
		let server: RunningServer | undefined
		try {
			await migrateToLatest(tdb.handle.db)
			await createAccount(ADMIN)
			const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()
			await insert(tdb, [
				{ at: daysAgo(31), email: ADMIN.email, kind: 'auth', action: 'sign-in', summary: 'eski' },
				{ at: daysAgo(29), email: ADMIN.email, kind: 'auth', action: 'sign-in', summary: 'yeni' },
			])
			server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url, AUDIT_RETENTION_DAYS: '30' })
			const summaries = async () =>
				(await tdb.handle.db.selectFrom('audit_log').select('summary').where('summary', 'in', ['eski', 'yeni']).execute()).map(
					(row) => row.summary,
				)
			const deadline = Date.now() + 15_000
			while ((await summaries()).includes('eski') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
			expect(await summaries()).toEqual(['yeni'])
		} finally {
			await server?.stop()
			await tdb.cleanup()
		}
	})
}

test('the KVKK notice says what the admin log keeps, why and for how long', () => {
	const kvkk = fs.readFileSync('content/pages/kvkk.md', 'utf8')
	expect(kvkk).toMatch(/yönetim paneline erişen[\s\S]*IP adresi, tarayıcı bilgisi[\s\S]*varsayılan olarak \*\*1 yıl\*\*/)
	expect(kvkk).toContain('güvenliğin sağlanması ve yapılan değişikliklerin hesabının verilebilmesi')
})
