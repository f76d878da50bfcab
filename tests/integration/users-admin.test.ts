import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { expect, test } from 'vitest'
import { readInvitation } from '#app/features/users/invitations.server.ts'
import { createAccount } from '#app/features/users/users.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'
import { alertTexts, fieldError, postAdmin, signInCookie, visibleText, withAccountsServer } from '#tests/setup/server.ts'
import { startSmtpServer } from '#tests/setup/smtp.ts'

const ROOT = path.resolve(import.meta.dirname, '..', '..')
const ADMIN = { email: 'baskan@example.org', password: 'Kurul-Toplantisi-1987', fullName: 'Ayşe Başkan', isAdmin: true }
const NEW_PASSWORD = 'Bahar-Senligi-Afisi-1994'

async function get(url: string, cookie = '') {
	const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} })
	const html = await response.text()
	return { status: response.status, location: response.headers.get('location'), html, text: visibleText(html) }
}

async function postForm(url: string, fields: Record<string, string>, origin: string) {
	const response = await fetch(url, {
		method: 'POST',
		redirect: 'manual',
		headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams(fields),
	})
	const html = await response.text()
	return { status: response.status, location: response.headers.get('location'), html, text: visibleText(html) }
}

for (const dialect of dialectsUnderTest()) {
	test(
		`a yönetici invites an editör by e-mail, the link sets a password once, and role and disable work over HTTP on ${dialect}`,
		{ timeout: 240_000 },
		async () => {
			const smtp = await startSmtpServer()
			try {
				await withAccountsServer(
					dialect,
					[ADMIN],
					async (server, tdb) => {
						const cookie = await signInCookie(server, ADMIN)
						const page = await get(`${server.url}/admin/kullanicilar`, cookie)
						expect(page.status).toBe(200)
						expect(page.text).toContain('Kullanıcılar')
						expect(page.text).toMatch(/Ayşe Başkan \(siz\) baskan@example\.org Yönetici Etkin/)
						expect(page.text).not.toContain('E-posta gönderimi kapalı')

						// An address with an account: the refusal at the e-mail field, nothing sent.
						const taken = await postAdmin(
							server,
							'kullanicilar',
							{ intent: 'invite', email: ADMIN.email, full_name: 'X', role: 'editor' },
							{ cookie },
						)
						expect(taken.status).toBe(400)
						expect(fieldError(taken.html, 'email')).toMatch(/Bu e-posta adresiyle bir hesap zaten var/)

						const invited = await postAdmin(
							server,
							'kullanicilar',
							{ intent: 'invite', email: 'zeynep@example.org', full_name: 'Zeynep Yeni', role: 'editor' },
							{ cookie },
						)
						expect(invited.status).toBe(200)
						expect(invited.text).toContain('zeynep@example.org adresine davet e-postası gönderildi')
						expect(invited.text).toMatch(/Zeynep Yeni zeynep@example\.org Editör Davet bekliyor/)
						const mail = await smtp.waitForMail('zeynep@example.org')
						expect(mail.subject).toMatch(/yönetim paneline davet$/)
						expect(mail.text).toContain('Editör olarak davet edildiniz')
						const link = mail.links.find((href) => href.includes('/davet?token='))
						expect(link?.startsWith(`${server.url}/davet?token=`)).toBe(true)
						expect(mail.html).toContain(link!.replace(/&/g, '&amp;'))
						const token = new URL(link!).searchParams.get('token')!
						// The page never showed the link when the mail went out; the database holds only its hash.
						expect(invited.html).not.toContain(token)
						expect(JSON.stringify(await tdb.handle.db.selectFrom('invitations').selectAll().execute())).not.toContain(token)

						const opened = await get(link!)
						expect(opened.status).toBe(200)
						expect(opened.text).toContain('Hoş geldiniz, Zeynep Yeni. Yönetim paneline Editör olarak davet edildiniz')
						const users = async () =>
							(await tdb.handle.db.selectFrom('users').select(['email', 'role']).orderBy('email').execute()).map((u) => ({ ...u }))
						const mismatch = await postForm(link!, { token, password: NEW_PASSWORD, password_repeat: 'Baska-Bir-Sey-2027' }, server.url)
						expect(mismatch.status).toBe(400)
						expect(fieldError(mismatch.html, 'password_repeat')).toBe('Şifreler birbirini tutmuyor.')
						expect(await users()).toEqual([{ email: ADMIN.email, role: 'admin' }])

						const accepted = await postForm(link!, { token, password: NEW_PASSWORD, password_repeat: NEW_PASSWORD }, server.url)
						expect(accepted.status).toBe(302)
						expect(accepted.location).toBe('/giris?bildirim=davet')
						expect(await users()).toEqual([
							{ email: ADMIN.email, role: 'admin' },
							{ email: 'zeynep@example.org', role: 'editor' },
						])
						// Used up: the link says so and changes nothing.
						const again = await get(link!)
						expect(alertTexts(again.html)).toEqual([expect.stringContaining('zaten kullanılmış')])
						const reuse = await postForm(
							link!,
							{ token, password: 'Baska-Sifre-Yeni-2030', password_repeat: 'Baska-Sifre-Yeni-2030' },
							server.url,
						)
						expect(reuse.status).toBe(410)
						expect(alertTexts(reuse.html)).toEqual([expect.stringContaining('zaten kullanılmış')])
						expect(alertTexts((await get(`${server.url}/davet?token=yanlis`)).html)).toEqual([expect.stringContaining('geçerli değil')])

						// The new editör signs in, edits content, and is refused the Kullanıcılar section.
						const editor = await signInCookie(server, { email: 'zeynep@example.org', password: NEW_PASSWORD })
						expect((await get(`${server.url}/admin/duyurular`, editor)).status).toBe(200)
						expect((await get(`${server.url}/admin/kullanicilar`, editor)).status).toBe(403)

						const list = await get(`${server.url}/admin/kullanicilar`, cookie)
						expect(list.text).toMatch(/Zeynep Yeni zeynep@example\.org Editör Etkin .+ 1/)
						expect(list.text).toContain('Bekleyen davet yok.')
						const zeynep = await tdb.handle.db
							.selectFrom('users')
							.select('id')
							.where('email', '=', 'zeynep@example.org')
							.executeTakeFirstOrThrow()

						// The manage dialog; the role change; the last yönetici protected.
						const dialog = await get(`${server.url}/admin/kullanicilar?edit=${zeynep.id}`, cookie)
						expect(dialog.text).toContain('Hesap: Zeynep Yeni')
						const me = await tdb.handle.db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()
						const selfDemote = await postAdmin(
							server,
							'kullanicilar',
							{ intent: 'role', user_id: me.id, role: 'editor', confirm_self: 'on' },
							{ cookie, query: { edit: me.id } },
						)
						expect(selfDemote.status).toBe(409)
						expect(alertTexts(selfDemote.html).join(' ')).toContain(
							'Son etkin yönetici hesabı devre dışı bırakılamaz ya da editör yapılamaz',
						)
						const promoted = await postAdmin(
							server,
							'kullanicilar',
							{ intent: 'role', user_id: zeynep.id, role: 'admin' },
							{ cookie, query: { edit: zeynep.id } },
						)
						expect(promoted.status).toBe(200)
						expect(promoted.text).toContain('zeynep@example.org artık Yönetici.')
						expect((await get(`${server.url}/admin/kullanicilar`, editor)).status).toBe(200)
						const unconfirmed = await postAdmin(
							server,
							'kullanicilar',
							{ intent: 'role', user_id: me.id, role: 'editor' },
							{ cookie, query: { edit: me.id } },
						)
						expect(unconfirmed.status).toBe(409)
						expect(alertTexts(unconfirmed.html).join(' ')).toContain('Kendi hesabınızı değiştirmek üzeresiniz')
						expect(await users()).toEqual([
							{ email: ADMIN.email, role: 'admin' },
							{ email: 'zeynep@example.org', role: 'admin' },
						])

						// Disabled: her session ends at once, she cannot sign in or use the admin.
						const disabled = await postAdmin(
							server,
							'kullanicilar',
							{ intent: 'disable', user_id: zeynep.id },
							{ cookie, query: { edit: zeynep.id } },
						)
						expect(disabled.status).toBe(200)
						expect(disabled.text).toContain('zeynep@example.org devre dışı bırakıldı')
						const after = await get(`${server.url}/admin/duyurular`, editor)
						expect(after.status).toBe(302)
						expect(after.location).toMatch(/^\/giris/)
						expect((await get(`${server.url}/admin/kullanicilar`, cookie)).text).toMatch(
							/Zeynep Yeni zeynep@example\.org Yönetici Devre dışı/,
						)
						const enabled = await postAdmin(
							server,
							'kullanicilar',
							{ intent: 'enable', user_id: zeynep.id },
							{ cookie, query: { edit: zeynep.id } },
						)
						expect(enabled.text).toContain('zeynep@example.org yeniden etkin.')

						const audit = await tdb.handle.db
							.selectFrom('audit_log')
							.select(['action', 'user_email', 'item_title', 'summary'])
							.where('kind', '=', 'account')
							.orderBy('id')
							.execute()
						expect(audit.map((row) => ({ ...row }))).toEqual([
							{ action: 'invite', user_email: ADMIN.email, item_title: 'zeynep@example.org', summary: 'Editör' },
							{ action: 'invite-accepted', user_email: 'zeynep@example.org', item_title: 'zeynep@example.org', summary: 'Editör' },
							{ action: 'role-change', user_email: ADMIN.email, item_title: 'zeynep@example.org', summary: 'Editör → Yönetici' },
							{ action: 'disable', user_email: ADMIN.email, item_title: 'zeynep@example.org', summary: expect.any(String) },
							{ action: 'enable', user_email: ADMIN.email, item_title: 'zeynep@example.org', summary: '' },
						])
					},
					{ SMTP_URL: smtp.url },
				)
			} finally {
				await smtp.close()
			}
		},
	)

	test(
		`without SMTP the screen says e-mail is off and shows the link once; resend replaces it; the CLI prints one on ${dialect}`,
		{ timeout: 240_000 },
		async () => {
			await withAccountsServer(dialect, [ADMIN], async (server, tdb) => {
				const cookie = await signInCookie(server, ADMIN)
				expect((await get(`${server.url}/admin/kullanicilar`, cookie)).text).toContain('E-posta gönderimi kapalı')
				const invited = await postAdmin(
					server,
					'kullanicilar',
					{ intent: 'invite', email: 'leyla@example.org', full_name: 'Leyla Ak', role: 'admin' },
					{ cookie },
				)
				expect(invited.status).toBe(200)
				expect(invited.text).toContain('leyla@example.org için davet oluşturuldu; e-posta gönderilemedi')
				const first = /value="([^"]*\/davet\?token=[^"]+)"/.exec(invited.html)?.[1]
				expect(first).toBeDefined()
				const firstToken = new URL(first!.replace(/&amp;/g, '&')).searchParams.get('token')!
				// Shown once: the list does not show it again.
				expect((await get(`${server.url}/admin/kullanicilar`, cookie)).html).not.toContain(firstToken)

				const invitation = await tdb.handle.db.selectFrom('invitations').select('id').executeTakeFirstOrThrow()
				const resent = await postAdmin(server, 'kullanicilar', { intent: 'resend', id: invitation.id }, { cookie })
				expect(resent.status).toBe(200)
				const second = /value="([^"]*\/davet\?token=[^"]+)"/.exec(resent.html)?.[1]
				const secondToken = new URL(second!.replace(/&amp;/g, '&')).searchParams.get('token')!
				expect(secondToken).not.toBe(firstToken)
				expect(alertTexts((await get(`${server.url}/davet?token=${firstToken}`)).html)).toEqual([expect.stringContaining('geçerli değil')])
				expect((await get(`${server.url}/davet?token=${secondToken}`)).text).toContain('Leyla Ak')

				const revoked = await postAdmin(server, 'kullanicilar', { intent: 'delete', id: invitation.id }, { cookie })
				expect(revoked.text).toContain('leyla@example.org daveti geri alındı.')
				expect(alertTexts((await get(`${server.url}/davet?token=${secondToken}`)).html)).toEqual([expect.stringContaining('geçerli değil')])
			})

			// The CLI: the link printed, the invitation stored hashed; wrong usage and a taken address refused.
			const tdb = await createTestDatabase(dialect)
			try {
				await migrateToLatest(tdb.handle.db)
				await createAccount(ADMIN)
				const cli = (...args: Array<string>) =>
					spawnSync(process.execPath, ['scripts/admin.ts', ...args], {
						cwd: ROOT,
						env: {
							PATH: process.env.PATH ?? '',
							DATA_DIR: tdb.dataDir,
							DATABASE_URL: tdb.url,
							NODE_ENV: 'test',
							PUBLIC_URL: 'https://mezun.example.org',
						},
						encoding: 'utf8',
					})
				const ok = cli('invite', 'Selin@Example.org', '--name', 'Selin Kaya', '--role', 'editor')
				expect(ok.status).toBe(0)
				expect(ok.stdout).toContain('Invitation created for selin@example.org (editor); e-mail is off')
				const link = /Link \(single use, valid 48 hours\): (\S+)/.exec(ok.stdout)?.[1]
				expect(link).toMatch(/^https:\/\/mezun\.example\.org\/davet\?token=/)
				expect(await readInvitation(new URL(link!).searchParams.get('token'))).toMatchObject({
					state: 'valid',
					role: 'editor',
					fullName: 'Selin Kaya',
				})
				expect(cli('invite', ADMIN.email, '--name', 'X', '--role', 'admin')).toMatchObject({
					status: 1,
					stderr: expect.stringContaining('zaten var'),
				})
				expect(cli('invite', 'x@example.org', '--name', 'X', '--role', 'owner')).toMatchObject({ status: 2 })
				expect(cli('invite', 'x@example.org', '--role', 'admin')).toMatchObject({
					status: 2,
					stderr: expect.stringContaining('--name is required'),
				})
			} finally {
				await tdb.cleanup()
			}
		},
	)
}
