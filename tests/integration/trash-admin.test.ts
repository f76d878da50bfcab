import { expect, test } from 'vitest'
import { createAccount } from '#app/features/users/users.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createCalendarEntry } from '#tests/factories/calendar.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'
import { postAdmin, signInCookie, startServer, visibleText } from '#tests/setup/server.ts'

const ADMIN = { email: 'baskan@example.org', password: 'Kurul-Toplantisi-1987', fullName: 'Başkan Yönetici', isAdmin: true }
const EDITOR = {
	email: 'editor@example.org',
	password: 'Bahar-Senligi-Afisi-1994',
	fullName: 'Ece Editör',
	isAdmin: true,
	role: 'editor' as const,
}

for (const dialect of dialectsUnderTest()) {
	test(
		`over HTTP an editör deletes to the trash and restores, is refused a purge (403), and a yönetici purges (${dialect})`,
		{ timeout: 120_000 },
		async () => {
			const tdb = await createTestDatabase(dialect)
			await migrateToLatest(tdb.handle.db)
			await createAccount(ADMIN)
			await createAccount(EDITOR)
			const entry = await createCalendarEntry({ title: 'Kermes Hazırlığı', date: '2027-03-04' })
			const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url })
			try {
				const editor = await signInCookie(server, EDITOR)
				const admin = await signInCookie(server, ADMIN)
				expect((await postAdmin(server, 'takvim', { intent: 'delete', id: entry.id }, { cookie: editor })).status).toBe(303)
				const trash = await fetch(`${server.url}/admin/cop-kutusu`, { headers: { cookie: editor } })
				const html = await trash.text()
				expect(trash.status).toBe(200)
				expect(html).toContain('Kermes Hazırlığı')
				expect(html).toContain('Ece Editör')
				expect(html).toContain('30 gün sonra kalıcı olarak silinecek')
				expect(visibleText(html)).not.toContain('Kalıcı olarak sil')
				expect(visibleText(html)).not.toContain('Çöp kutusunu boşalt')
				const [trashed] = await tdb.handle.db.selectFrom('trash').select('id').execute()

				const refused = await postAdmin(server, 'cop-kutusu', { intent: 'purge', id: trashed!.id }, { cookie: editor })
				expect(refused.status).toBe(403)
				expect(refused.text).toContain('Kalıcı olarak silmek için yönetici olmanız gerekir.')
				expect((await postAdmin(server, 'cop-kutusu', { intent: 'empty' }, { cookie: editor })).status).toBe(403)
				expect(await tdb.handle.db.selectFrom('trash').select('id').execute()).toHaveLength(1)

				const restored = await postAdmin(server, 'cop-kutusu', { intent: 'restore', id: trashed!.id }, { cookie: editor })
				expect(restored.status).toBe(303)
				expect(restored.location).toBe(`/admin/cop-kutusu?restoredKind=calendar_entries&restoredId=${entry.id}`)
				const after = await (await fetch(`${server.url}${restored.location}`, { headers: { cookie: editor } })).text()
				expect(visibleText(after)).toContain('"Kermes Hazırlığı" geri yüklendi.')
				expect(after).toContain(`href="/admin/takvim?edit=${entry.id}"`)

				expect((await postAdmin(server, 'takvim', { intent: 'delete', id: entry.id }, { cookie: editor })).status).toBe(303)
				const [again] = await tdb.handle.db.selectFrom('trash').select('id').execute()
				const purged = await postAdmin(server, 'cop-kutusu', { intent: 'purge', id: again!.id }, { cookie: admin })
				expect(purged.status).toBe(303)
				expect(await tdb.handle.db.selectFrom('trash').select('id').execute()).toEqual([])
				expect(await tdb.handle.db.selectFrom('calendar_entries').select('id').execute()).toEqual([])
				const actions = await tdb.handle.db
					.selectFrom('audit_log')
					.select(['action', 'user_email'])
					.where('kind', '=', 'content')
					.orderBy('id')
					.execute()
				expect(actions).toEqual([
					{ action: 'delete', user_email: EDITOR.email },
					{ action: 'restore', user_email: EDITOR.email },
					{ action: 'delete', user_email: EDITOR.email },
					{ action: 'purge', user_email: ADMIN.email },
				])
			} finally {
				await server.stop()
				await tdb.cleanup()
			}
		},
	)
}
