import http from 'node:http'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/db.ts'
import { startServer, type RunningServer } from '#tests/setup/server.ts'
import { createAlumniNews } from '#tests/factories/alumni-news.ts'
import { createAnnouncement } from '#tests/factories/announcements.ts'
import { createAward } from '#tests/factories/awards.ts'
import { createBulletin } from '#tests/factories/bulletins.ts'
import { createCalendarEntry } from '#tests/factories/calendar.ts'
import { createEvent } from '#tests/factories/events.ts'
import { createMemberPerk } from '#tests/factories/member-perks.ts'

/**
 * Malformed input against every public parameter of the production server:
 * path segments (ids and slugs) and query values, hand-picked nasties plus
 * values from a seeded generator. Whatever arrives, the answer is a page or a
 * redirect, a 4xx at worst — never a 500, never a stack trace or SQL in the
 * body — and the server logs nothing at error level.
 */

let tdb: TestDatabase
let server: RunningServer

beforeAll(async () => {
	tdb = await createTestDatabase('sqlite')
	await migrateToLatest(tdb.handle.db)
	await createAnnouncement({ title: 'Mezuniyet töreni', slug: 'mezuniyet-toreni' })
	await createEvent({ title: 'Bahar buluşması', slug: 'bahar-bulusmasi' })
	await createAlumniNews({ title: 'Kitap ödülü', slug: 'kitap-odulu' })
	await createMemberPerk({ business_name: 'Kırtasiye Işık', category: 'Kitap' })
	await createCalendarEntry({ title: 'Genel kurul' })
	await createBulletin()
	await createAward()
	server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url })
})

afterAll(async () => {
	await server?.stop()
	await tdb?.cleanup()
})

/** Deliberately malformed or hostile values, already in the form they travel in a URL. */
const NASTY_RAW = [
	'%',
	'%%',
	'%zz',
	'%E0%A4%A',
	'%C3%28',
	'%FF%FE',
	'%ED%A0%80',
	'%00',
	'a%00b',
	'%0d%0aSet-Cookie:%20x=1',
	'..%2F..%2Fetc%2Fpasswd',
	'%2e%2e%2f%2e%2e%2f',
	'-1',
	'0',
	'00000000000000000000001',
	'1e309',
	'99999999999999999999999999',
	'-9223372036854775809',
	'NaN',
	'Infinity',
	'1.5',
	'0x1f',
	'2026-13',
	'2026-00',
	'0000-01',
	'9999-12',
	'%27%20OR%201=1--',
	'1%27%3B%20DROP%20TABLE%20announcements%3B--',
	'%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
	'%3Cimg%20src=x%20onerror=alert(1)%3E',
	'javascript:alert(1)',
	'%E2%80%AE%E2%80%8Bgizli',
	'%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0%20%D9%85%D8%B1%D8%AD%D8%A8%D8%A7%20%E4%B8%AD%E6%96%87',
	'%C4%B0STANBUL%20%C4%B1%C5%9F%C4%B1k',
	'%F0%9F%98%80%F0%9F%8E%93',
	'i%CC%87',
	'*',
	'%25',
	'%5C%5C',
	'%7B%7B7*7%7D%7D',
	'$%7Bjndi:ldap://x%7D',
	'a'.repeat(3000),
	'%C4%9F'.repeat(600),
	'%'.repeat(200),
]

/** A small seeded generator so a failure can be replayed. */
function generator(seed: number) {
	let state = seed >>> 0
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0
		let t = state
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
	const alphabet = [
		'a',
		'Z',
		'9',
		'-',
		'_',
		'.',
		'~',
		'ç',
		'Ğ',
		'ı',
		'İ',
		'ş',
		'ö',
		'ü',
		'Ж',
		'ع',
		'中',
		'😀',
		'\u200b',
		'\u202e',
		"'",
		'"',
		'<',
		'>',
		'&',
		'/',
		'\\',
		';',
		' ',
		'\t',
		'\n',
		'\0',
		'%',
	]
	return () => {
		const length = Math.floor(next() ** 3 * 400)
		let value = ''
		for (let i = 0; i < length; i++) {
			const char = alphabet[Math.floor(next() * alphabet.length)] ?? 'a'
			// A lone '%' stays raw now and then: a broken escape on purpose.
			value += char === '%' && next() < 0.5 ? '%' : encodeURIComponent(char)
		}
		return value
	}
}

const random = generator(20261122)
const VALUES = [...NASTY_RAW, ...Array.from({ length: 20 }, random)]

/** Where a raw value goes: into a path segment or a query parameter. */
const TARGETS: Array<(value: string) => string> = [
	(v) => `/duyurular/${v}`,
	(v) => `/duyurular/etkinlikler/${v}`,
	(v) => `/etkinlikler/${v}`,
	(v) => `/etkinlikler/${v}/takvim.ics`,
	(v) => `/mezunlarimiz/mezunlardan-haberler/${v}`,
	(v) => `/arama?q=${v}`,
	(v) => `/arama?q=mezun&sayfa=${v}`,
	(v) => `/duyurular?sayfa=${v}`,
	(v) => `/duyurular/etkinlikler?sayfa=${v}`,
	(v) => `/mezunlarimiz/mezunlardan-haberler?sayfa=${v}`,
	(v) => `/duyurular/takvim?ay=${v}`,
	(v) => `/duyurular/takvim?ay=2026-11&yil=${v}`,
	(v) => `/duyurular/bulten-arsivi?yil=${v}`,
	(v) => `/uyelik/uyelere-avantajlar?kategori=${v}`,
	(v) => `/mezunlarimiz/basari-onur-odulleri?yil=${v}&q=${v}`,
	(v) => `/aidat?tutar=${v}`,
	(v) => `/giris?redirect=${v}`,
	(v) => `/${v}`,
	(v) => `/kurumsal/${v}`,
	(v) => `/media/${v}`,
	(v) => `/assets/${v}`,
]

type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders }

function get(pathname: string): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const request = http.request(
			{ host: '127.0.0.1', port: server.port, path: pathname, method: 'GET', headers: { accept: 'text/html' } },
			(response) => {
				const chunks: Array<Buffer> = []
				response.on('data', (chunk: Buffer) => chunks.push(chunk))
				response.on('end', () =>
					resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: response.headers }),
				)
				response.on('error', reject)
			},
		)
		request.on('error', reject)
		request.end()
	})
}

const LEAKS = [
	/\bat [\w.<>]+ \(/,
	/node_modules/,
	/\.tsx?:\d+/,
	/SQLITE_/i,
	/syntax error/i,
	/\bselect\b.+\bfrom\b/i,
	/TypeError|ReferenceError|RangeError/,
	/ZodError/,
]

function expectSafe(pathname: string, answer: Answer) {
	expect(answer.status, pathname).toBeLessThan(500)
	expect(answer.status, pathname).toBeGreaterThanOrEqual(200)
	for (const leak of LEAKS) expect(answer.body, `${pathname} leaks ${leak}`).not.toMatch(leak)
	// No value may come back as a header (response splitting).
	expect(answer.headers['set-cookie']?.some((c) => c.startsWith('x=')) ?? false, pathname).toBe(false)
	// Redirects stay on this site.
	const redirect = answer.status >= 300 && answer.status < 400
	expect(redirect ? (answer.headers.location ?? '') : '/', pathname).toMatch(/^\/(?![/\\])/)
}

test(`never answers ${VALUES.length * TARGETS.length} malformed public requests with a 500 or a stack trace`, async () => {
	const failures: Array<string> = []
	const queue = TARGETS.flatMap((target) => VALUES.map((value) => target(value)))
	// Four requests in flight: enough to overlap, gentle on two cores.
	async function worker() {
		for (let pathname = queue.shift(); pathname !== undefined; pathname = queue.shift()) {
			const answer = await get(pathname)
			try {
				expectSafe(pathname, answer)
			} catch (error) {
				failures.push(`${answer.status} ${pathname.slice(0, 160)}: ${(error as Error).message.split('\n')[0]}`)
			}
		}
	}
	await Promise.all([worker(), worker(), worker(), worker()])
	expect(failures).toEqual([])

	const errors = server
		.output()
		.split('\n')
		.filter((line) => /"level":(50|60)/.test(line))
	expect(errors).toEqual([])
	expect((await fetch(`${server.url}/healthz`)).ok).toBe(true)
})

test('pages for malformed parameters are friendly Turkish pages, not bare errors', async () => {
	for (const pathname of ['/duyurular/%E0%A4%A', '/arama?q=%', '/duyurular/takvim?ay=%zz', '/etkinlikler/%00']) {
		const answer = await get(pathname)
		expect(answer.status, pathname).toBeLessThan(500)
		expect(answer.headers['content-type'], pathname).toMatch(/text\/html/)
		expect(answer.body, pathname).toMatch(/lang="tr"/)
		expect(answer.body, pathname).toMatch(/Ana sayfa/i)
	}
})

test('other methods on public pages are refused without touching anything', async () => {
	for (const pathname of ['/', '/duyurular', '/arama?q=a', '/duyurular/takvim', '/uyelik/uyelere-avantajlar']) {
		for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
			const response = await fetch(`${server.url}${pathname}`, {
				method,
				redirect: 'manual',
				headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
				body: 'intent=delete&id=1&title=%3Cscript%3E',
			})
			expect(response.status, `${method} ${pathname}`).toBeGreaterThanOrEqual(400)
			expect(response.status, `${method} ${pathname}`).toBeLessThan(500)
		}
	}
	const count = await tdb.handle.db
		.selectFrom('announcements')
		.select((eb) => eb.fn.countAll<number>().as('n'))
		.executeTakeFirstOrThrow()
	expect(Number(count.n)).toBe(1)
})
