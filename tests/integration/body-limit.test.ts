import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ADMIN_SECTIONS } from '#app/features/admin/sections.ts'
import { everyRoutePath, startAdminSite, visibleText, type AdminSite } from '#tests/setup/server.ts'

const ADMIN = { email: 'govde@example.org', password: 'Kurul-Toplantisi-1987', fullName: 'Gövde Sınırı' }
const MB = 1024 * 1024

let site: AdminSite
let routes: Array<string>
/** Where a signed-in admin's forms go (plain, in a dialog, enhanced): these alone may carry uploads. */
const ADMIN_FORMS = ['/admin/takvim', '/admin/duyurular?new=1', '/admin/bultenler.data?edit=1', '/admin']

beforeAll(async () => {
	site = await startAdminSite(ADMIN)
	routes = await everyRoutePath()
})

afterAll(async () => {
	await site?.stop()
})

/** The server process's resident memory in MB, as the kernel counts it. */
function serverRssMb() {
	const status = fs.readFileSync(`/proc/${site.server.child.pid}/status`, 'utf8')
	return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024
}

type Upload = {
	path: string
	bytes: number
	chunkBytes?: number
	contentType?: string
	/** Absent: chunked. A number: the Content-Length sent, true or not. */
	contentLength?: number
	cookie?: string
}

/**
 * Posts `bytes` bytes, as fast as the server takes them, and resolves with
 * the answer's status and body as soon as it comes (the rest of the upload
 * is then dropped), or with 0 if the connection is cut without an answer.
 */
function upload({ path, bytes, chunkBytes = 64 * 1024, contentType = 'application/x-www-form-urlencoded', contentLength, cookie }: Upload) {
	return new Promise<{ status: number; body: string }>((resolve) => {
		const headers: Record<string, string> = {
			'content-type': contentType,
			origin: site.server.url,
		}
		if (cookie) headers.cookie = cookie
		if (contentLength !== undefined) headers['content-length'] = String(contentLength)
		const request = http.request({ host: '127.0.0.1', port: site.server.port, path, method: 'POST', headers, agent: false })
		const chunk = Buffer.alloc(chunkBytes, 'a=1&')
		let sent = 0
		let answered = false
		request.on('response', (response) => {
			answered = true
			let body = ''
			response.on('data', (data: Buffer) => (body += data.toString()))
			response.on('end', () => {
				resolve({ status: response.statusCode ?? 0, body })
				request.destroy()
			})
			response.on('error', () => resolve({ status: response.statusCode ?? 0, body }))
		})
		request.on('error', () => {
			if (!answered) resolve({ status: 0, body: '' })
		})
		const sending = () => sent < bytes && !answered && !request.destroyed
		const pump = () => {
			while (sending()) {
				const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent))
				sent += piece.length
				if (!request.write(piece)) return void request.once('drain', pump)
			}
			if (sent >= bytes && !answered) request.end()
		}
		pump()
	})
}

function expectRefusedAsTooLarge(where: string, answer: { status: number; body: string }) {
	expect(answer.status, where).toBe(413)
	expect(answer.body, where).toContain('lang="tr"')
	expect(answer.body, where).toContain('Gönderilen veri çok büyük.')
}

test('refuses 50 MB sent chunked to every route with 413 and the server keeps its memory', async () => {
	expect(routes).toEqual(expect.arrayContaining(['/giris', '/cikis', '/admin', ...ADMIN_SECTIONS.map(({ slug }) => `/admin/${slug}`), '/']))
	const targets = [...routes.map((path) => ({ path })), ...ADMIN_FORMS.map((path) => ({ path, cookie: site.cookie }))]
	// Each refused body leaves its first megabyte as garbage until V8 next collects: a few rounds
	// first bring memory to where collection keeps it, so what follows shows only what is kept. The
	// last is the measured round itself: V8 grows its young generation (up to 2 × 8 MB) once under a
	// fast stream of garbage, which a loaded machine could otherwise let happen in the measured round.
	for (let round = 0; round < 3; round++)
		for (const target of targets) expectRefusedAsTooLarge(`warm-up ${target.path}`, await upload({ ...target, bytes: 2 * MB }))
	for (const target of targets) expectRefusedAsTooLarge(`warm-up ${target.path}`, await upload({ ...target, bytes: 50 * MB }))

	const before = serverRssMb()
	for (const target of targets) expectRefusedAsTooLarge(target.path, await upload({ ...target, bytes: 50 * MB }))
	const after = serverRssMb()
	expect(after - before).toBeLessThan(20)
	expect((await fetch(`${site.server.url}/healthz`)).ok).toBe(true)
})

test('a body under the limit still reaches its form, and an admin upload may be larger than an ordinary form', async () => {
	const login = await upload({ path: '/giris', bytes: 200 * 1024 })
	expect(login.status).toBe(400)
	const upload20 = await upload({
		path: '/admin/takvim',
		bytes: 20 * MB,
		contentLength: 20 * MB,
		contentType: 'multipart/form-data; boundary=sinir',
		cookie: site.cookie,
	})
	expect(upload20.status).toBe(400)
	// Read to its end and found to be no form: the Turkish refusal, not a size limit.
	expect(upload20.body).toContain('lang="tr"')
	expect(visibleText(upload20.body)).toContain('Form okunamadı.')
})

test('no variant of an oversized body gets past the limit: chunk sizes, content types, true and false lengths, with or without a session', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.record({
				route: fc.oneof(
					fc.constantFrom(...routes).map((path) => ({ path })),
					fc.constantFrom(...ADMIN_FORMS).map((path) => ({ path })),
				),
				signedIn: fc.boolean(),
				chunkBytes: fc.integer({ min: 1024, max: 256 * 1024 }),
				contentType: fc.constantFrom(
					'application/x-www-form-urlencoded',
					'multipart/form-data; boundary=sinir',
					'application/json',
					'text/plain',
					'application/octet-stream',
				),
				length: fc.oneof(
					fc.constant({ kind: 'chunked' as const }),
					fc.constant({ kind: 'true' as const }),
					fc.integer({ min: 0, max: 64 * 1024 }).map((declared) => ({ kind: 'false' as const, declared })),
				),
				extra: fc.integer({ min: 1, max: 3 * MB }),
			}),
			async ({ route, signedIn, chunkBytes, contentType, length, extra }) => {
				const cookie = signedIn ? site.cookie : undefined
				const uploadsAllowed = /^\/admin(?:[/.?]|$)/.test(route.path) && signedIn && length.kind === 'true'
				const bytes = (uploadsAllowed ? 33 * MB : 1 * MB) + extra
				const contentLength = length.kind === 'true' ? bytes : length.kind === 'false' ? length.declared : undefined
				const answer = await upload({ path: route.path, bytes, chunkBytes, contentType, contentLength, cookie })
				const where = `${route.path} ${JSON.stringify({ signedIn, length, contentType, bytes })}`
				// A false length: the declared bytes are the request and the rest a malformed next one, answered below 500.
				const outcome =
					answer.status === 413 && answer.body.includes('Gönderilen veri çok büyük.')
						? 'too large'
						: answer.status < 500 && answer.status >= 200
							? 'answered'
							: `status ${answer.status}`
				expect(outcome, where).toBe(length.kind === 'false' ? 'answered' : 'too large')
			},
		),
		{ numRuns: 30 },
	)
	expect((await fetch(`${site.server.url}/healthz`)).ok).toBe(true)
})

/**
 * A refusal sent while the request's body is still arriving ends that
 * connection, and says so: an answer that promised keep-alive and then
 * closed made a client that sent its next request on the connection at
 * that moment lose it ("other side closed").
 */
test('an answer sent before the body has arrived says Connection: close, and the connection then ends', async () => {
	for (const [path, cookie] of [
		// A session cookie that is no session: refused (401) before the upload is read.
		['/admin/duyurular', 'session_token=gecersiz'],
		// Larger than any form outside the admin: 413 at once.
		['/giris', ''],
	] as const) {
		const socket = net.connect(site.server.port, '127.0.0.1')
		let received = ''
		socket.on('data', (data: Buffer) => (received += data.toString('latin1')))
		const ended = new Promise<void>((resolve) => socket.once('end', () => resolve()))
		socket.write(
			[
				`POST ${path} HTTP/1.1`,
				`Host: 127.0.0.1:${site.server.port}`,
				`Origin: ${site.server.url}`,
				'Content-Type: application/x-www-form-urlencoded',
				// Declared far larger than what is sent: the body never finishes arriving.
				`Content-Length: ${path === '/giris' ? 2 * MB : 100_000}`,
				...(cookie ? [`Cookie: ${cookie}`] : []),
				'',
				'intent=save&',
			].join('\r\n'),
		)
		await ended
		socket.destroy()
		const head = received.split('\r\n\r\n')[0] ?? ''
		expect(head, path).toMatch(/^HTTP\/1\.1 [34]\d\d /)
		expect(head.toLowerCase(), `${path} ${cookie}`).toContain('\r\nconnection: close')
		expect(head.toLowerCase()).not.toContain('keep-alive')
	}
})
