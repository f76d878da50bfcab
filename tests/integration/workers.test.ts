import fs from 'node:fs'
import { expect, test } from 'vitest'
import { createAccount } from '#app/features/users/users.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'
import { postAdmin, signInCookie, startServer } from '#tests/setup/server.ts'

/**
 * WEB_CONCURRENCY=2: two worker processes share the port and the database.
 * Each new connection may land on either worker (node:cluster hands them out
 * round-robin), so every request here closes its connection.
 */

const ADMIN = { email: 'isci@example.org', password: 'Iki-Surec-Bir-Site-1987', fullName: 'Deniz Aksoy' }
const CLOSE = { connection: 'close' }

for (const dialect of dialectsUnderTest()) {
	test(`two workers serve one site: shared sessions, content, render caches and login limits (${dialect})`, async () => {
		const tdb = await createTestDatabase(dialect)
		await migrateToLatest(tdb.handle.db)
		await createAccount({ ...ADMIN, isAdmin: true })
		const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url, WEB_CONCURRENCY: '2' })
		try {
			// The server counts as ready when one worker answers; the other may still be starting.
			const pids = new Set<number>()
			for (const deadline = Date.now() + 20_000; pids.size < 2 && Date.now() < deadline;) {
				const health = (await (await fetch(`${server.url}/healthz`, { headers: CLOSE })).json()) as { pid: number }
				pids.add(health.pid)
			}
			expect(pids.size).toBe(2)
			// The primary only forks and watches: it never loads the app, so it holds well under a worker's memory.
			const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])
			const primary = rssKb(server.child.pid!)
			expect(pids.has(server.child.pid!)).toBe(false)
			for (const pid of pids) expect(primary).toBeLessThan(rssKb(pid) * 0.8)

			// Fill both workers' render caches with the calendar before the write.
			for (let i = 0; i < 4; i++) {
				const before = await fetch(`${server.url}/duyurular/takvim?ay=2027-03`, { headers: CLOSE })
				expect(await before.text()).not.toContain('İşçi bayramı provası')
			}
			const cookie = await signInCookie(server, ADMIN)
			const saved = await postAdmin(
				server,
				'takvim',
				{ intent: 'save', title: 'İşçi bayramı provası', date: '2027-03-15' },
				{ cookie, headers: CLOSE },
			)
			expect(saved).toMatchObject({ status: 303, location: '/admin/takvim' })
			// Whichever worker answers, the session is valid and the page is fresh.
			for (let i = 0; i < 4; i++) {
				const after = await fetch(`${server.url}/duyurular/takvim?ay=2027-03`, { headers: CLOSE })
				expect(await after.text()).toContain('İşçi bayramı provası')
				const admin = await fetch(`${server.url}/admin/takvim`, { headers: { ...CLOSE, cookie }, redirect: 'manual' })
				expect(admin.status).toBe(200)
				expect(await admin.text()).toContain('İşçi bayramı provası')
			}

			// Five wrong passwords spread over both workers lock the account on both.
			for (let i = 0; i < 5; i++) {
				const wrong = await fetch(`${server.url}/giris`, {
					method: 'POST',
					redirect: 'manual',
					headers: { ...CLOSE, origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
					body: new URLSearchParams({ email: ADMIN.email, password: `Yanlis-Sifre-${i}` }),
				})
				expect(wrong.status).toBe(401)
			}
			for (let i = 0; i < 3; i++) {
				const locked = await fetch(`${server.url}/giris`, {
					method: 'POST',
					redirect: 'manual',
					headers: { ...CLOSE, origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
					body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
				})
				expect(locked.status).toBe(429)
			}
		} finally {
			await server.stop()
			await tdb.cleanup()
		}
	})
}

test('with several workers a failed start (a database that cannot be reached) stops the server with the reason, before any worker serves', async () => {
	const server = startServer({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/yok' })
	await expect(server).rejects.toThrow(/server exited: [\s\S]*error: /)
})
