import { getMigrations } from 'better-auth/db/migration'
import { expect, test } from 'vitest'
import { getAuth, getSessionUser, SESSION_COOKIE_PREFIX } from '#app/lib/auth.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'
import { avatarColour, displayName, initialOf } from './display-name.ts'
import { createAdmin, hasAnyAdmin, listUsers, revokeAdmin, setPassword, UserError } from './users.server.ts'

function cookieHeader(setCookies: Array<string>) {
	return setCookies.map((c) => c.split(';')[0]).join('; ')
}

test('builds the display name in the spec’s order and a readable avatar colour', () => {
	expect(displayName({ fullName: 'Ayşe Nur Karaca', name: 'x', email: 'a@b.c' })).toBe('Ayşe Nur Karaca')
	expect(displayName({ fullName: '  ', name: 'Leyla', email: 'a@b.c' })).toBe('Leyla')
	expect(displayName({ preferredUsername: 'lerturk', username: 'l' })).toBe('lerturk')
	expect(displayName({ username: 'meltem' })).toBe('meltem')
	expect(displayName({ email: 'canan.yavuz@example.org' })).toBe('canan.yavuz')
	expect(displayName({})).toBe('Admin')
	expect(displayName(null)).toBe('Admin')
	expect(initialOf('ilkay')).toBe('İ')
	expect(avatarColour('Ayşe')).toMatch(/^hsl\(\d+ 60% 32%\)$/)
	expect(avatarColour('Ayşe')).toBe(avatarColour('Ayşe'))
})

for (const dialect of dialectsUnderTest()) {
	test(`matches better-auth's schema exactly on ${dialect}`, async () => {
		const tdb = await createTestDatabase(dialect)
		try {
			await migrateToLatest(tdb.handle.db)
			const auth = await getAuth(tdb.handle)
			const { toBeCreated, toBeAdded } = await getMigrations(auth.options)
			expect(toBeCreated).toEqual([])
			expect(toBeAdded).toEqual([])
		} finally {
			await tdb.cleanup()
		}
	})

	test(`creates, lists, re-passwords and revokes admins on ${dialect}`, async () => {
		const tdb = await createTestDatabase(dialect)
		try {
			await migrateToLatest(tdb.handle.db)
			expect(await hasAnyAdmin()).toBe(false)
			await createAdmin({ email: 'Yonetici@Example.org', password: 'Mezun-Gunu-2027', fullName: 'Ayşe Nur Karaca' })
			expect(await hasAnyAdmin()).toBe(true)
			await expect(createAdmin({ email: 'yonetici@example.org', password: 'Baska-Bir-Donem-2027', fullName: 'X' })).rejects.toThrow(
				/already exists/,
			)
			await expect(createAdmin({ email: 'ikinci@example.org', password: 'zayif', fullName: 'X' })).rejects.toBeInstanceOf(UserError)
			await expect(createAdmin({ email: 'ikinci@example.org', password: 'Galatasaray1905', fullName: 'X' })).rejects.toThrow(
				/^Bu şifre kolay tahmin edilir: /,
			)
			await expect(setPassword({ email: 'yonetici@example.org', password: 'NotreDameDeSion2025' })).rejects.toThrow(
				/^Bu şifre kolay tahmin edilir: /,
			)
			await expect(setPassword({ email: 'yonetici@example.org', password: 'AyseNurKaraca!1' })).rejects.toThrow(
				/^Bu şifre kolay tahmin edilir: /,
			)

			const auth = await getAuth()
			const signIn = await auth.api.signInEmail({
				body: { email: 'yonetici@example.org', password: 'Mezun-Gunu-2027' },
				returnHeaders: true,
			})
			const cookie = cookieHeader(signIn.headers.getSetCookie())
			expect(cookie).toContain(`${SESSION_COOKIE_PREFIX}.session_token=`)
			const request = new Request('http://localhost/admin', { headers: { cookie } })
			const session = await getSessionUser(request)
			expect(session.user).toMatchObject({ email: 'yonetici@example.org', fullName: 'Ayşe Nur Karaca', isAdmin: true })

			const [listed] = await listUsers()
			expect(listed).toMatchObject({ email: 'yonetici@example.org', isAdmin: true, activeSessions: 1 })
			const idleSince = new Date(Date.now() - 3 * 3_600_000).toISOString()
			await tdb.handle.db.updateTable('sessions').set({ updated_at: idleSince }).execute()
			expect((await listUsers())[0]).toMatchObject({ activeSessions: 0 })
			expect((await getSessionUser(request)).user).toBeNull()
			const renewed = await auth.api.signInEmail({
				body: { email: 'yonetici@example.org', password: 'Mezun-Gunu-2027' },
				returnHeaders: true,
			})
			const request1 = new Request('http://localhost/admin', { headers: { cookie: cookieHeader(renewed.headers.getSetCookie()) } })
			expect((await getSessionUser(request1)).user?.isAdmin).toBe(true)

			await setPassword({ email: 'yonetici@example.org', password: 'Yeni-Sifre-2028' })
			expect((await getSessionUser(request1)).user).toBeNull()
			await expect(auth.api.signInEmail({ body: { email: 'yonetici@example.org', password: 'Mezun-Gunu-2027' } })).rejects.toThrow(
				/invalid email or password/i,
			)
			const again = await auth.api.signInEmail({
				body: { email: 'yonetici@example.org', password: 'Yeni-Sifre-2028' },
				returnHeaders: true,
			})
			const request2 = new Request('http://localhost/admin', { headers: { cookie: cookieHeader(again.headers.getSetCookie()) } })
			expect((await getSessionUser(request2)).user?.isAdmin).toBe(true)

			await revokeAdmin('yonetici@example.org')
			expect((await getSessionUser(request2)).user).toBeNull()
			expect((await listUsers())[0]).toMatchObject({ isAdmin: false, activeSessions: 0 })
			await expect(revokeAdmin('kimse@example.org')).rejects.toThrow(/No user/)
		} finally {
			await tdb.cleanup()
		}
	})
}
