import { expect, test } from 'vitest'
import { getAuth, getSessionUser } from '#app/lib/auth.server.ts'
import { toIso } from '#app/lib/db-utils.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '#tests/setup/db.ts'
import { changeRole, disableAccount, enableAccount, endAccountSessions } from './accounts.server.ts'
import {
	acceptInvitation,
	createInvitation,
	hashToken,
	INVITATION_TTL_MS,
	InvitationFieldError,
	listPendingInvitations,
	readInvitation,
	resendInvitation,
	revokeInvitation,
} from './invitations.server.ts'
import { createAccount, hasAnyAdmin, listUsers } from './users.server.ts'

const ADMIN = { email: 'baskan@example.org', password: 'Kurul-Toplantisi-1987', fullName: 'Ayşe Başkan' }
const SECOND = { email: 'sayman@example.org', password: 'Mayis-Bulusmasi-2026', fullName: 'Leyla Sayman' }
const GOOD_PASSWORD = 'Bahar-Senligi-Afisi-1994'

function cookieHeader(setCookies: Array<string>) {
	return setCookies.map((c) => c.split(';')[0]).join('; ')
}

async function signIn(account: { email: string; password: string }) {
	const auth = await getAuth()
	const result = await auth.api.signInEmail({ body: { email: account.email, password: account.password }, returnHeaders: true })
	return new Request('http://localhost/admin', { headers: { cookie: cookieHeader(result.headers.getSetCookie()) } })
}

async function withDatabase(dialect: 'sqlite' | 'postgres', run: (tdb: TestDatabase) => Promise<void>) {
	const tdb = await createTestDatabase(dialect)
	try {
		await migrateToLatest(tdb.handle.db)
		await run(tdb)
	} finally {
		await tdb.cleanup()
	}
}

async function auditActions(tdb: TestDatabase) {
	const rows = await tdb.handle.db.selectFrom('audit_log').select(['kind', 'action', 'item_title', 'summary']).orderBy('id').execute()
	return rows.map((row) => ({ ...row }))
}

for (const dialect of dialectsUnderTest()) {
	test(`an invitation link is single-use, stored hashed, valid 48 hours, and creates the account with the invited role on ${dialect}`, async () => {
		await withDatabase(dialect, async (tdb) => {
			const admin = await createAccount({ ...ADMIN, isAdmin: true })
			const sent = new Date('2026-12-01T09:00:00.000Z')
			const invitation = await createInvitation(
				{ email: ' Yeni.Editor@Example.org ', fullName: 'Zeynep Yeni', role: 'editor' },
				{ invitedBy: admin.id, now: sent },
			)
			expect(invitation.email).toBe('yeni.editor@example.org')
			expect(invitation.token.length).toBeGreaterThanOrEqual(40)

			// Only the SHA-256 of the token is stored: no column holds the token itself.
			const stored = await tdb.handle.db.selectFrom('invitations').selectAll().execute()
			expect(stored).toHaveLength(1)
			expect(stored[0]!.token_hash).toBe(hashToken(invitation.token))
			expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/)
			expect(JSON.stringify(stored)).not.toContain(invitation.token)
			expect(toIso(stored[0]!.expires_at)).toBe(new Date(sent.getTime() + INVITATION_TTL_MS).toISOString())

			// 47 h 59 min later it still opens; at 48 h it has expired and accepting changes nothing.
			const almost = new Date(sent.getTime() + INVITATION_TTL_MS - 60_000)
			expect(await readInvitation(invitation.token, almost)).toMatchObject({ state: 'valid', role: 'editor', fullName: 'Zeynep Yeni' })
			const late = new Date(sent.getTime() + INVITATION_TTL_MS)
			expect(await readInvitation(invitation.token, late)).toEqual({ state: 'expired' })
			expect(await acceptInvitation(invitation.token, GOOD_PASSWORD, GOOD_PASSWORD, { now: late })).toMatchObject({
				ok: false,
				state: 'expired',
			})
			expect((await listUsers()).map((user) => user.email)).toEqual([ADMIN.email])

			// A wrong token, a tampered one and none at all are unknown.
			expect(await readInvitation('bogus', almost)).toEqual({ state: 'unknown' })
			expect(await readInvitation(`${invitation.token}x`, almost)).toEqual({ state: 'unknown' })
			expect(await readInvitation(hashToken(invitation.token), almost)).toEqual({ state: 'unknown' })
			expect(await readInvitation(null, almost)).toEqual({ state: 'unknown' })

			// Mismatched or weak passwords change nothing.
			expect(await acceptInvitation(invitation.token, GOOD_PASSWORD, `${GOOD_PASSWORD}!`, { now: almost })).toEqual({
				ok: false,
				errors: { password_repeat: 'Şifreler birbirini tutmuyor.' },
			})
			const weak = await acceptInvitation(invitation.token, 'sifre123', 'sifre123', { now: almost })
			expect(weak.ok).toBe(false)
			expect(!weak.ok && weak.errors.password).toMatch(/^Şifre en az 12 karakter|kolay tahmin/)
			expect((await listUsers()).map((user) => user.email)).toEqual([ADMIN.email])
			expect((await readInvitation(invitation.token, almost)).state).toBe('valid')

			// Accepted: the account exists as an editör of the admin area, the invitation is used up.
			const accepted = await acceptInvitation(invitation.token, GOOD_PASSWORD, GOOD_PASSWORD, { now: almost, ip: '203.0.113.9' })
			expect(accepted).toMatchObject({ ok: true, email: 'yeni.editor@example.org' })
			const created = (await listUsers()).find((user) => user.email === 'yeni.editor@example.org')
			expect(created).toMatchObject({ fullName: 'Zeynep Yeni', isAdmin: true, role: 'editor', status: 'active' })
			const session = await getSessionUser(await signIn({ email: 'yeni.editor@example.org', password: GOOD_PASSWORD }))
			expect(session.user).toMatchObject({ email: 'yeni.editor@example.org', isAdmin: true, role: 'editor' })
			const used = await tdb.handle.db.selectFrom('invitations').select('accepted_at').executeTakeFirstOrThrow()
			expect(used.accepted_at).not.toBeNull()
			expect(await listPendingInvitations()).toEqual([])

			// The link cannot be used again.
			expect(await readInvitation(invitation.token, almost)).toEqual({ state: 'used' })
			expect(await acceptInvitation(invitation.token, 'Baska-Bir-Sifre-2029', 'Baska-Bir-Sifre-2029', { now: almost })).toMatchObject({
				ok: false,
				state: 'used',
			})

			// Inviting an address that has an account is a field error.
			await expect(
				createInvitation({ email: 'yeni.editor@example.org', fullName: 'X', role: 'admin' }, { invitedBy: admin.id }),
			).rejects.toMatchObject({ fieldErrors: { email: expect.stringMatching(/zaten var/) } })
			const bad = await createInvitation({ email: 'not-an-address', fullName: '', role: 'owner' }, { invitedBy: admin.id }).catch(
				(error: unknown) => error,
			)
			expect(bad).toBeInstanceOf(InvitationFieldError)
			expect(Object.keys((bad as InvitationFieldError).fieldErrors).toSorted()).toEqual(['email', 'full_name', 'role'])

			expect(await auditActions(tdb)).toEqual([
				{ kind: 'account', action: 'invite', item_title: 'yeni.editor@example.org', summary: 'Editör' },
				{ kind: 'account', action: 'invite-accepted', item_title: 'yeni.editor@example.org', summary: 'Editör' },
			])
		})
	})

	test(`resending gives a new 48-hour link and the old one stops working; revoking ends it on ${dialect}`, async () => {
		await withDatabase(dialect, async (tdb) => {
			const admin = await createAccount({ ...ADMIN, isAdmin: true })
			const sent = new Date('2026-12-01T09:00:00.000Z')
			const first = await createInvitation(
				{ email: 'uye2@example.org', fullName: 'İpek Ünal', role: 'admin' },
				{ invitedBy: admin.id, now: sent },
			)
			await expect(
				createInvitation({ email: 'uye2@example.org', fullName: 'İpek Ünal', role: 'admin' }, { invitedBy: admin.id, now: sent }),
			).rejects.toMatchObject({ fieldErrors: { email: expect.stringMatching(/bekleyen bir davet/) } })

			// Resent after the first expired: a new link, valid 48 hours from the resend.
			const resentAt = new Date(sent.getTime() + INVITATION_TTL_MS + 3_600_000)
			expect((await readInvitation(first.token, resentAt)).state).toBe('expired')
			const second = await resendInvitation(first.id, resentAt)
			expect(second.token).not.toBe(first.token)
			expect(await readInvitation(first.token, resentAt)).toEqual({ state: 'unknown' })
			expect(await acceptInvitation(first.token, GOOD_PASSWORD, GOOD_PASSWORD, { now: resentAt })).toMatchObject({
				ok: false,
				state: 'unknown',
			})
			expect(await readInvitation(second.token, new Date(resentAt.getTime() + INVITATION_TTL_MS - 1000))).toMatchObject({
				state: 'valid',
				role: 'admin',
			})
			expect(await readInvitation(second.token, new Date(resentAt.getTime() + INVITATION_TTL_MS))).toEqual({ state: 'expired' })
			expect(await tdb.handle.db.selectFrom('invitations').select('id').execute()).toHaveLength(1)

			// Revoked: the link is dead, a second revoke or resend is refused.
			await revokeInvitation(first.id)
			expect(await readInvitation(second.token, resentAt)).toEqual({ state: 'unknown' })
			await expect(revokeInvitation(first.id)).rejects.toThrow(/Davet bulunamadı/)
			await expect(resendInvitation(first.id)).rejects.toThrow(/Davet bulunamadı/)
			expect((await listUsers()).map((user) => user.email)).toEqual([ADMIN.email])
			expect((await auditActions(tdb)).map((entry) => entry.action)).toEqual(['invite', 'invite-resent'])
		})
	})

	test(`the last active yönetici can be neither demoted nor disabled, and one's own account needs a confirmation on ${dialect}`, async () => {
		await withDatabase(dialect, async (tdb) => {
			const admin = await createAccount({ ...ADMIN, isAdmin: true })
			const editor = await createAccount({ ...SECOND, isAdmin: true, role: 'editor' })
			const roleOf = async (id: string) => (await listUsers()).find((user) => user.id === id)

			// Alone: refused even with the confirmation, nothing changes.
			await expect(changeRole(admin.id, 'editor', { userId: admin.id, confirmSelf: true })).rejects.toThrow(/Son etkin yönetici/)
			await expect(disableAccount(admin.id, { userId: admin.id, confirmSelf: true })).rejects.toThrow(/Son etkin yönetici/)
			expect(await roleOf(admin.id)).toMatchObject({ role: 'admin', status: 'active' })
			expect(await hasAnyAdmin()).toBe(true)

			// Promote the editör; now demoting oneself needs the box ticked.
			expect(await changeRole(editor.id, 'admin', { userId: admin.id })).toEqual({ email: SECOND.email, changed: true })
			await expect(changeRole(admin.id, 'editor', { userId: admin.id })).rejects.toThrow(/onay|kutusunu/)
			await expect(disableAccount(admin.id, { userId: admin.id })).rejects.toThrow(/kutusunu/)
			expect(await roleOf(admin.id)).toMatchObject({ role: 'admin', status: 'active' })
			expect(await changeRole(admin.id, 'editor', { userId: admin.id, confirmSelf: true })).toMatchObject({ changed: true })
			expect(await roleOf(admin.id)).toMatchObject({ role: 'editor' })

			// The other is the last yönetici now.
			await expect(changeRole(editor.id, 'editor', { userId: admin.id })).rejects.toThrow(/Son etkin yönetici/)
			await expect(disableAccount(editor.id, { userId: admin.id })).rejects.toThrow(/Son etkin yönetici/)
			// A disabled yönetici does not count: re-promote, disable one, the other stays the last.
			expect(await changeRole(admin.id, 'admin', { userId: editor.id })).toMatchObject({ changed: true })
			expect(await disableAccount(admin.id, { userId: editor.id })).toMatchObject({ changed: true })
			await expect(changeRole(editor.id, 'editor', { userId: editor.id, confirmSelf: true })).rejects.toThrow(/Son etkin yönetici/)
			expect(await enableAccount(admin.id)).toMatchObject({ changed: true })

			const entries = (await auditActions(tdb)).map(({ action, item_title, summary }) => ({ action, item_title, summary }))
			expect(entries).toEqual([
				{ action: 'role-change', item_title: SECOND.email, summary: 'Editör → Yönetici' },
				{ action: 'role-change', item_title: ADMIN.email, summary: 'Yönetici → Editör' },
				{ action: 'role-change', item_title: ADMIN.email, summary: 'Editör → Yönetici' },
				{ action: 'disable', item_title: ADMIN.email, summary: '' },
				{ action: 'enable', item_title: ADMIN.email, summary: '' },
			])
		})
	})

	test(`two simultaneous demotions of the last two yöneticiler: exactly one wins on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			for (let round = 0; round < 3; round++) {
				const a = await createAccount({ ...ADMIN, email: `a${round}@example.org`, isAdmin: true })
				const b = await createAccount({ ...SECOND, email: `b${round}@example.org`, isAdmin: true })
				// Each demotes the other, at the same time (and a disable races a demotion in the last round).
				const results = await Promise.allSettled([
					changeRole(b.id, 'editor', { userId: a.id }),
					round === 2 ? disableAccount(a.id, { userId: b.id }) : changeRole(a.id, 'editor', { userId: b.id }),
				])
				expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
				const refused = results.find((result) => result.status === 'rejected')
				expect(String(refused?.reason)).toMatch(/Son etkin yönetici/)
				const users = await listUsers()
				const active = users.filter((user) => [a.id, b.id].includes(user.id) && user.role === 'admin' && user.status === 'active')
				expect(active).toHaveLength(1)
				// Leave the next round's pair as the only yöneticiler.
				for (const user of users.filter((u) => [a.id, b.id].includes(u.id))) await createAccountCleanup(user.id)
			}
		})
	})

	test(`disabling ends the account's sessions at once, a disabled account is signed out, and sessions can be ended on ${dialect}`, async () => {
		await withDatabase(dialect, async (tdb) => {
			const admin = await createAccount({ ...ADMIN, isAdmin: true })
			const editor = await createAccount({ ...SECOND, isAdmin: true, role: 'editor' })
			const first = await signIn(SECOND)
			const second = await signIn(SECOND)
			expect((await getSessionUser(first)).user).toMatchObject({ role: 'editor' })
			expect((await listUsers()).find((user) => user.id === editor.id)?.activeSessions).toBe(2)

			// "Oturumlarını kapat": every session of the other account ends; one's own is refused here.
			expect(await endAccountSessions(editor.id, { userId: admin.id })).toEqual({ email: SECOND.email, count: 2 })
			expect((await getSessionUser(first)).user).toBeNull()
			expect((await getSessionUser(second)).user).toBeNull()
			await expect(endAccountSessions(admin.id, { userId: admin.id })).rejects.toThrow(/Kendi oturumlarınızı/)

			const third = await signIn(SECOND)
			expect((await getSessionUser(third)).user).not.toBeNull()
			expect(await disableAccount(editor.id, { userId: admin.id })).toMatchObject({ changed: true })
			expect((await getSessionUser(third)).user).toBeNull()
			expect(await tdb.handle.db.selectFrom('sessions').select('id').where('user_id', '=', editor.id).execute()).toEqual([])
			expect((await listUsers()).find((user) => user.id === editor.id)).toMatchObject({ status: 'disabled', activeSessions: 0 })

			// A session that outlived the disable (written around it) is refused all the same.
			await tdb.handle.db.updateTable('users').set({ disabled_at: null }).where('id', '=', editor.id).execute()
			const fourth = await signIn(SECOND)
			await tdb.handle.db.updateTable('users').set({ disabled_at: new Date().toISOString() }).where('id', '=', editor.id).execute()
			expect((await getSessionUser(fourth)).user).toBeNull()

			expect((await auditActions(tdb)).map(({ action, summary }) => ({ action, summary }))).toEqual([
				{ action: 'sessions-ended', summary: '2 oturum kapatıldı' },
				{ action: 'disable', summary: '1 oturum kapatıldı' },
			])
		})
	})
}

/** Takes a finished round's pair out of the running: disabled editors no longer count as yöneticiler. */
async function createAccountCleanup(id: string) {
	const { db } = await import('#app/lib/db.server.ts')
	await db.updateTable('users').set({ role: 'editor', disabled_at: new Date().toISOString() }).where('id', '=', id).execute()
}
