import http from 'node:http'
import net from 'node:net'
import { DatabaseSync } from 'node:sqlite'
import pg from 'pg'
import sharp from 'sharp'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { createAccount } from '#app/features/users/users.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createTestDatabase, dialectsUnderTest, makeTempDir, type TestDatabase } from '#tests/setup/db.ts'
import { startS3 } from '#tests/setup/s3.ts'
import { alertTexts, postAdmin, signInCookie, startServer, type AdminFields, type RunningServer } from '#tests/setup/server.ts'

const ADMIN = { email: 'dayaniklilik@example.org', password: 'Kurul-Toplantisi-1987', fullName: 'Dayanıklılık Testi' }

async function prepare(dialect: TestDatabase['dialect']) {
	const tdb = await createTestDatabase(dialect)
	await migrateToLatest(tdb.handle.db)
	await createAccount({ ...ADMIN, isAdmin: true })
	return tdb
}

/** SQLite's own integrity check; on PostgreSQL, that the table and its unique index still agree. */
async function integrityOf(tdb: TestDatabase) {
	if (tdb.dialect === 'sqlite') {
		const check = new DatabaseSync(tdb.url.slice('file:'.length), { readOnly: true })
		const [row] = check.prepare('PRAGMA integrity_check').all() as Array<{ integrity_check: string }>
		check.close()
		return row?.integrity_check
	}
	const { rows } = await sql<{
		total: number
		distinct: number
	}>`select count(*) as total, count(distinct id) as distinct from calendar_entries`.execute(tdb.handle.db)
	return Number(rows[0]?.total) === Number(rows[0]?.distinct) ? 'ok' : 'duplicate ids'
}

/** A success of the admin's write door: post/redirect/get back to the section. */
const saved = (answer: { status: number; location: string | null }, slug: string) =>
	answer.status === 303 && answer.location === `/admin/${slug}`

/** The id of the row a save created, found by its (unique) title. */
async function idOf(tdb: TestDatabase, table: 'calendar_entries' | 'announcements', title: string) {
	const row = await tdb.handle.db.selectFrom(table).select('id').where('title', '=', title).executeTakeFirst()
	return row?.id
}

const jpeg = () =>
	sharp({ create: { width: 640, height: 400, channels: 3, background: '#13294b' } })
		.jpeg()
		.toBuffer()

function saveEntry(server: RunningServer, cookie: string, fields: Record<string, string>) {
	return postAdmin(server, 'takvim', { intent: 'save', ...fields }, { cookie })
}

function adminPost(server: RunningServer, cookie: string, slug: string, fields: AdminFields) {
	return postAdmin(server, slug, fields, { cookie })
}

for (const dialect of dialectsUnderTest()) {
	test(`keeps every acknowledged write when the process is killed mid-stream (${dialect})`, { timeout: 120_000 }, async () => {
		const tdb = await prepare(dialect)
		let server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url })
		try {
			const cookie = await signInCookie(server, ADMIN)
			const acknowledged = new Map<number, { title: string; date: string }>()
			const unanswered = new Map<number, { title: string; date: string }>()
			const state = { stop: false }
			// Saves the server acknowledged whose row could not be found right after.
			const unfound: Array<string> = []
			const writers = Array.from({ length: 4 }, async (_, worker) => {
				for (let n = 0; !state.stop; n++) {
					const fields = { title: `Kalıcılık ${worker}-${n} ğüşıöç`, date: `2027-${String((n % 12) + 1).padStart(2, '0')}-15` }
					try {
						if (!saved(await saveEntry(server, cookie, fields), 'takvim')) continue
						const id = await idOf(tdb, 'calendar_entries', fields.title)
						if (id === undefined) {
							unfound.push(fields.title)
							continue
						}
						acknowledged.set(id, fields)
						if (n % 3 === 0) {
							const edited = { title: `${fields.title} (düzenlendi)`, date: fields.date }
							// Sent but not yet answered: may or may not be in the database after a kill.
							unanswered.set(id, edited)
							if (saved(await saveEntry(server, cookie, { id: String(id), ...edited }), 'takvim')) acknowledged.set(id, edited)
							unanswered.delete(id)
						}
					} catch {
						return
					}
				}
			})
			// Announcements with an uploaded cover, and reorders of all of them, alongside.
			const covered = new Map<number, string>()
			const cover = await jpeg()
			const uploader = (async () => {
				for (let n = 0; !state.stop; n++) {
					const form = new FormData()
					form.set('intent', 'save')
					form.set('title', `Kapaklı duyuru ${n}`)
					form.set('body', 'Metin')
					form.set('cover_file', new File([cover], `kapak-${n}.jpg`, { type: 'image/jpeg' }))
					try {
						if (saved(await adminPost(server, cookie, 'duyurular', form), 'duyurular')) {
							const id = await idOf(tdb, 'announcements', `Kapaklı duyuru ${n}`)
							if (id === undefined) unfound.push(`Kapaklı duyuru ${n}`)
							else covered.set(id, `Kapaklı duyuru ${n}`)
						}
					} catch {
						return
					}
				}
			})()
			const progress = { reordered: 0 }
			const reorderer = (async () => {
				while (!state.stop) {
					const ids = (await tdb.handle.db.selectFrom('announcements').select('id').execute()).map((row) => row.id).toReversed()
					if (ids.length === 0) {
						await new Promise((resolve) => setTimeout(resolve, 10))
						continue
					}
					const body = new URLSearchParams([['intent', 'reorder'], ...ids.map((id) => ['ids', String(id)])])
					try {
						if (saved(await adminPost(server, cookie, 'duyurular', body), 'duyurular')) progress.reordered++
					} catch {
						return
					}
				}
			})()
			while (acknowledged.size < 40 || covered.size < 4 || progress.reordered < 3) await new Promise((resolve) => setTimeout(resolve, 20))
			server.child.kill('SIGKILL')
			state.stop = true
			await Promise.allSettled([...writers, uploader, reorderer])
			await server.stop()

			server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url })
			const rows = await tdb.handle.db.selectFrom('calendar_entries').select(['id', 'title', 'date']).execute()
			const byId = new Map(rows.map((row) => [row.id, row]))
			const matches = (id: number, fields?: { title: string; date: string }) =>
				Boolean(fields) && byId.get(id)?.title === fields?.title && byId.get(id)?.date === fields?.date
			expect(unfound).toEqual([])
			const lost = [...acknowledged].filter(([id, fields]) => !matches(id, fields) && !matches(id, unanswered.get(id)))
			expect(lost).toEqual([])

			const announcements = await tdb.handle.db.selectFrom('announcements').select(['id', 'title', 'cover_url', 'order_index']).execute()
			const present = new Map(announcements.map((row) => [row.id, row]))
			expect([...covered].filter(([id, title]) => present.get(id)?.title !== title)).toEqual([])
			for (const row of announcements) {
				expect(row.cover_url, row.title).toMatch(/^announcements\/.+\.jpg$/)
				const image = await fetch(`${server.url}/media/${row.cover_url}`)
				expect(image.status, row.cover_url ?? '').toBe(200)
				expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(640)
			}
			const places = announcements.map((row) => row.order_index).toSorted((x, y) => Number(x) - Number(y))
			expect(places).toEqual(announcements.map((_, i) => i + 1))
			expect(await integrityOf(tdb)).toBe('ok')
			expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
		} finally {
			await server.stop()
			await tdb.cleanup()
		}
	})
}

test('finishes the requests in flight on SIGTERM, takes no new ones, and exits cleanly', async () => {
	const tdb = await prepare('sqlite')
	const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url })
	try {
		const cookie = await signInCookie(server, ADMIN)
		const body = new URLSearchParams({ intent: 'save', title: 'Kapanış sırasında kaydedilen', date: '2027-06-01' }).toString()
		const response = new Promise<{ status: number; location?: string }>((resolve, reject) => {
			const request = http.request(`${server.url}/admin/takvim`, {
				method: 'POST',
				// A client that would keep an idle connection open for a minute: the server must close it.
				agent: new http.Agent({ keepAlive: true, timeout: 60_000 }),
				headers: {
					origin: server.url,
					'content-type': 'application/x-www-form-urlencoded',
					cookie,
					'content-length': Buffer.byteLength(body),
				},
			})
			request.on('response', (res) => {
				res.resume()
				res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }))
			})
			request.on('error', reject)
			request.write(body.slice(0, 10))
			setImmediate(() => {
				server.child.kill('SIGTERM')
				const deadline = Date.now() + 5000
				const waitForRefusal = () => {
					const probe = net.connect(server.port, '127.0.0.1')
					probe.on('connect', () => {
						probe.destroy()
						if (Date.now() < deadline) setTimeout(waitForRefusal, 20)
						else request.end(body.slice(10))
					})
					probe.on('error', () => request.end(body.slice(10)))
				}
				waitForRefusal()
			})
		})
		const answer = await response
		expect(answer).toEqual({ status: 303, location: '/admin/takvim' })
		const stopping = performance.now()
		expect(await server.stop()).toBe(0)
		// Well before the 10-second forced close that a lingering keep-alive connection would cause.
		expect(performance.now() - stopping).toBeLessThan(8000)
		const saved = await tdb.handle.db.selectFrom('calendar_entries').select('title').execute()
		expect(saved).toEqual([{ title: 'Kapanış sırasında kaydedilen' }])
	} finally {
		await server.stop()
		await tdb.cleanup()
	}
})

test('reports liveness and readiness separately', async () => {
	const tdb = await prepare('sqlite')
	const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url })
	try {
		expect(await (await fetch(`${server.url}/healthz`)).json()).toMatchObject({ status: 'ok' })
		const ready = await fetch(`${server.url}/readyz`)
		expect(ready.status).toBe(200)
		const body = (await ready.json()) as {
			renderCache: { entries: number; bytes: number; maxBytes: number; hits: number }
			memoryMb: { heapLimit: number }
		}
		expect(body).toMatchObject({
			status: 'ready',
			checks: { database: 'ok', migrations: 'ok', storage: 'ok' },
			memoryMb: { rss: expect.any(Number), heapUsed: expect.any(Number), heapLimit: expect.any(Number) },
			renderCache: { entries: 0, bytes: 0, maxBytes: 32 * 1024 * 1024, hits: 0, warmPages: 24 },
		})
		// The JavaScript heap is capped as `npm start` caps it (HEAP_LIMIT_MB, 256 MB, plus the young generation):
		// without a cap V8 lets a busy server's heap grow to gigabytes of garbage before collecting it.
		expect(body.memoryMb.heapLimit).toBeGreaterThanOrEqual(256)
		expect(body.memoryMb.heapLimit).toBeLessThan(400)
		// The render cache counts what it holds and how often it answered.
		await fetch(`${server.url}/`)
		await fetch(`${server.url}/`)
		const after = (await (await fetch(`${server.url}/readyz`)).json()) as typeof body
		expect(after.renderCache).toMatchObject({ entries: 1, hits: 1 })
		expect(after.renderCache.bytes).toBeGreaterThan(1000)
		expect(ready.headers.get('cache-control')).toBe('no-store')
	} finally {
		await server.stop()
		await tdb.cleanup()
	}
})

test.runIf(dialectsUnderTest().includes('postgres'))('says it is not ready when its PostgreSQL database goes away', async () => {
	const tdb = await prepare('postgres')
	const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url })
	try {
		expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
		const name = new URL(tdb.url).pathname.slice(1)
		await tdb.handle.close()
		const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL })
		await admin.connect()
		await admin.query(`drop database "${name}" with (force)`)
		await admin.end()
		const down = await fetch(`${server.url}/readyz`)
		expect(down.status).toBe(503)
		expect(((await down.json()) as { checks: { database: string } }).checks.database).toMatch(/^error/)
		expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
	} finally {
		await server.stop()
		await tdb.cleanup()
	}
})

test.runIf(dialectsUnderTest().includes('postgres'))(
	'runs two instances on one PostgreSQL and one S3 bucket as one site',
	{ timeout: 120_000 },
	async () => {
		const tdb = await createTestDatabase('postgres')
		const s3 = await startS3()
		const servers: Array<RunningServer> = []
		try {
			const secret = 'iki-sunucu-ayni-site-icin-paylasilan-gizli-anahtar'
			const env = (dir: string) => ({ DATA_DIR: dir, DATABASE_URL: tdb.url, AUTH_SECRET: secret, ...s3.env })
			const [a, b] = await Promise.all([startServer(env(makeTempDir('site-a-'))), startServer(env(makeTempDir('site-b-')))])
			servers.push(a!, b!)
			const migrations = await sql<{ name: string }>`select name from kysely_migration`.execute(tdb.handle.db)
			expect(new Set(migrations.rows.map((r) => r.name)).size).toBe(migrations.rows.length)

			await createAccount({ ...ADMIN, isAdmin: true })
			const cookie = await signInCookie(a!, ADMIN)
			expect((await fetch(`${b!.url}/admin/takvim`, { redirect: 'manual', headers: { cookie } })).status).toBe(200)

			const before = await (await fetch(`${b!.url}/duyurular/takvim?ay=2027-09`)).text()
			expect(before).not.toContain('İki sunucu toplantısı')
			expect(saved(await saveEntry(a!, cookie, { title: 'İki sunucu toplantısı', date: '2027-09-09' }), 'takvim')).toBe(true)
			expect(await (await fetch(`${b!.url}/duyurular/takvim?ay=2027-09`)).text()).toContain('İki sunucu toplantısı')

			// An image uploaded through A is served through B.
			const form = new FormData()
			form.set('intent', 'save')
			form.set('title', 'İki sunucudan kapak')
			form.set('body', 'Kapak A üzerinden yüklendi.')
			form.set('status', 'published')
			form.set('cover_file', new File([await jpeg()], 'kapak.jpg', { type: 'image/jpeg' }))
			expect(saved(await adminPost(a!, cookie, 'duyurular', form), 'duyurular')).toBe(true)
			const uploadedId = await idOf(tdb, 'announcements', 'İki sunucudan kapak')
			expect(uploadedId).toBeDefined()
			const detail = await (await fetch(`${b!.url}/duyurular/${uploadedId}`)).text()
			const src = /<img[^>]+src="([^"]+\.(?:jpg|webp))"/.exec(detail)?.[1]
			expect(src).toBeDefined()
			const image = await fetch(new URL(src!.replaceAll('&amp;', '&'), b!.url))
			expect(image.status).toBe(200)
			expect(image.headers.get('content-type')).toMatch(/^image\/(jpeg|webp)$/)

			// Announcements created through both at once get distinct places; reorders through both at once leave 1..n.
			const titles = Array.from({ length: 12 }, (_, i) => `Eşzamanlı duyuru ${i + 1}`)
			const created = await Promise.all(
				titles.map(async (title, i) => {
					return saved(await adminPost(i % 2 ? a! : b!, cookie, 'duyurular', { intent: 'save', title, body: 'Metin' }), 'duyurular')
				}),
			)
			expect(created).toEqual(titles.map(() => true))
			const orderIndexes = async () =>
				(await tdb.handle.db.selectFrom('announcements').select(['id', 'order_index']).orderBy('order_index').execute()).map((row) => [
					row.id,
					row.order_index,
				])
			const placed = await orderIndexes()
			expect(placed.map(([, index]) => index)).toEqual(placed.map((_, i) => i + 1))
			const ids = placed.map(([id]) => id as number)
			let accepted = 0
			for (let round = 0; round < 8; round++) {
				const answers = await Promise.all(
					[a!, b!].map(async (server, side) => {
						const order = side === 0 ? ids.toReversed() : ids.toSorted(() => Math.random() - 0.5)
						const answer = await adminPost(server, cookie, 'duyurular', { intent: 'reorder', ids: order })
						return { ok: saved(answer, 'duyurular'), status: answer.status, alerts: alertTexts(answer.html) }
					}),
				)
				accepted += answers.filter((answer) => answer.ok).length
				// A reorder that lost the race says so with the spec's message, on the section's page.
				expect(answers.filter((answer) => !answer.ok)).toEqual(
					answers.filter((answer) => !answer.ok).map(() => ({ ok: false, status: 409, alerts: ['Sıralama kaydedilemedi!'] })),
				)
				const after = await orderIndexes()
				expect(after.map(([, index]) => index).toSorted((x, y) => Number(x) - Number(y))).toEqual(ids.map((_, i) => i + 1))
			}
			expect(accepted).toBeGreaterThanOrEqual(8)

			const signOut = await fetch(`${b!.url}/cikis`, { method: 'POST', redirect: 'manual', headers: { origin: b!.url, cookie } })
			expect(signOut.status).toBe(302)
			const signedOut = await fetch(`${a!.url}/admin/takvim`, { redirect: 'manual', headers: { cookie } })
			expect(signedOut.status).toBe(302)
			expect(signedOut.headers.get('location')).toMatch(/^\/giris\?redirect=/)
		} finally {
			await Promise.all(servers.map((server) => server.stop()))
			await s3.stop()
			await tdb.cleanup()
		}
	},
)
