import fc from 'fast-check'
import { expect, test } from 'vitest'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { createTestDatabase } from '#tests/setup/db.ts'
import { startServer, type RunningServer } from '#tests/setup/server.ts'

async function withServer(trustProxy: string | null, run: (server: RunningServer) => Promise<void>) {
	const tdb = await createTestDatabase('sqlite')
	let server: RunningServer | undefined
	try {
		await migrateToLatest(tdb.handle.db)
		server = await startServer({
			DATA_DIR: tdb.dataDir,
			DATABASE_URL: tdb.url,
			...(trustProxy === null ? {} : { TRUST_PROXY: trustProxy }),
		})
		await run(server)
	} finally {
		await server?.stop()
		await tdb.cleanup()
	}
}

let attempt = 0

/** A failed sign-in through the real form, each for a new address so only the per-client limit can stop it. */
async function failSignIn(server: RunningServer, forwardedFor: string) {
	const response = await fetch(`${server.url}/giris`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, 'x-forwarded-for': forwardedFor },
		body: new URLSearchParams({ email: `deneme-${++attempt}@example.org`, password: 'Yanlis-Sifre-2026' }),
	})
	await response.text()
	return response.status
}

/**
 * Signs in wrongly with each X-Forwarded-For in turn until the login limit
 * answers 429, and returns the client address the server logged for it.
 */
async function addressThatGotLimited(server: RunningServer, forwardedFor: Array<string>) {
	for (const [i, header] of forwardedFor.entries()) {
		const status = await failSignIn(server, header)
		if (status === 429) {
			const logged = server
				.output()
				.split('\n')
				.filter((line) => line.includes('login rate limit reached'))
				.map((line) => (JSON.parse(line) as { ip?: string }).ip)
			return { attempts: i + 1, ip: logged.at(-1) }
		}
		expect(status, header).toBe(401)
	}
	return { attempts: forwardedFor.length, ip: undefined }
}

/** What a client may put in X-Forwarded-For itself: addresses, lists, garbage. */
const forged = fc.oneof(
	fc.ipV4(),
	fc.ipV6(),
	fc.array(fc.ipV4(), { minLength: 1, maxLength: 4 }).map((ips) => ips.join(', ')),
	fc.constantFrom('unknown', '127.0.0.1', '::1', '10.0.0.1', '', ' , ', 'localhost', '1.2.3.4:5678'),
	fc.string({ maxLength: 20 }).map((text) => text.replace(/[^\x20-\x7e]/g, '')),
)

test('refuses to start with TRUST_PROXY=true, in one line saying what to write instead', async () => {
	const tdb = await createTestDatabase('sqlite')
	try {
		const failure = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url, TRUST_PROXY: 'true' }).then(
			() => '',
			(error: Error) => error.message,
		)
		const output = failure.replace(/^server exited: /, '').trim()
		expect(output).toMatch(/^error: TRUST_PROXY is invalid: .*TRUST_PROXY=1.*$/)
		expect(output.split('\n')).toHaveLength(1)
	} finally {
		await tdb.cleanup()
	}
})

test('with TRUST_PROXY off, rotating X-Forwarded-For does not get around the login limit', async () => {
	await withServer(null, async (server) => {
		const headers = fc.sample(forged, { numRuns: 60 })
		const limited = await addressThatGotLimited(server, headers)
		expect(limited.ip).toBe('127.0.0.1')
		expect(limited.attempts).toBeLessThan(60)
	})
})

test('with TRUST_PROXY=1, only the entry the proxy appended counts: forged ones before it are ignored', async () => {
	await withServer('1', async (server) => {
		const proxied = fc.sample(forged, { numRuns: 60 }).map((header) => `${header}, 198.51.100.23`)
		const limited = await addressThatGotLimited(server, proxied)
		expect(limited.ip).toBe('198.51.100.23')
		expect(limited.attempts).toBeLessThan(60)
		expect(await failSignIn(server, 'forged, 198.51.100.24')).toBe(401)
	})
})

test('with a list of proxy addresses, only those proxies are trusted', async () => {
	await withServer('127.0.0.1/32, 10.0.0.0/8', async (server) => {
		const throughUnlisted = fc.sample(forged, { numRuns: 60 }).map((header) => `${header}, 203.0.113.50`)
		const unlisted = await addressThatGotLimited(server, throughUnlisted)
		expect(unlisted.ip).toBe('203.0.113.50')
		expect(unlisted.attempts).toBeLessThan(60)

		expect(await failSignIn(server, '203.0.113.50, 10.20.30.40')).toBe(429)
		expect(await failSignIn(server, '203.0.113.51, 10.20.30.40')).toBe(401)
	})
})
