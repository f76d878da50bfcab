import net from 'node:net'
import { expect, test } from 'vitest'
import { createTestDatabase } from '#tests/setup/db.ts'
import { startServer, type RunningServer } from '#tests/setup/server.ts'
import type { RenderQueueStats } from '../../server/render-queue.ts'

const queueStats = async (server: RunningServer) =>
	((await (await fetch(`${server.url}/readyz`)).json()) as { renderQueue: RenderQueueStats }).renderQueue

/**
 * Several requests sent in one write on one connection (HTTP/1.1 pipelining): the server reads them
 * together, so they are in line at once whatever the machine's speed. Resolves with the statuses
 * answered (each response's status line follows the body before it); with `hangUp` the connection is closed as soon as the requests are written.
 */
function pipelined(port: number, paths: Array<string>, { hangUp = false } = {}) {
	return new Promise<Array<number>>((resolve, reject) => {
		const socket = net.connect(port, '127.0.0.1', () => {
			const requests = paths.map(
				(path, i) =>
					`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: ${i === paths.length - 1 ? 'close' : 'keep-alive'}\r\n\r\n`,
			)
			socket.write(requests.join(''), () => {
				if (!hangUp) return
				socket.destroy()
				resolve([])
			})
		})
		const chunks: Array<Buffer> = []
		socket.on('data', (chunk: Buffer) => chunks.push(chunk))
		socket.on('error', reject)
		socket.on('end', () =>
			resolve(
				[
					...Buffer.concat(chunks)
						.toString('latin1')
						.matchAll(/HTTP\/1\.1 (\d{3}) /g),
				].map((m) => Number(m[1])),
			),
		)
	})
}

test('uncached renders take turns, and one whose visitor hung up before its turn is never started', async () => {
	const tdb = await createTestDatabase('sqlite', { migrated: true })
	// Five hundred honourees: the awards page sends them all, a render of some milliseconds.
	await tdb.handle.db
		.insertInto('awards')
		.values(
			Array.from({ length: 500 }, (_, i) => ({
				first_name: `Ad${i}`,
				last_name: `Soyad${i}`,
				nds_year: 1960 + (i % 60),
				profession: 'Mimar',
			})),
		)
		.execute()
	const server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url, RENDER_CACHE: 'off' })
	try {
		// On SQLite, one render at a time (RENDER_CONCURRENCY unset).
		expect(await queueStats(server)).toEqual({ concurrency: 1, running: 0, waiting: 0, longestWaitMs: 0, rendered: 0, abandoned: 0 })
		// Twenty visits of the awards page in line at once, then ten searches from a visitor who hangs up at
		// once: by their turn, behind the twenty, the visitor is gone.
		const kept = pipelined(server.port, Array(20).fill('/mezunlarimiz/basari-onur-odulleri'))
		const gone = pipelined(
			server.port,
			Array.from({ length: 10 }, (_, i) => `/arama?q=mezun${i}`),
			{ hangUp: true },
		)
		expect(await kept).toEqual(Array(20).fill(200))
		await gone
		// Wait on the condition: the line has drained.
		let stats = await queueStats(server)
		for (const deadline = Date.now() + 20_000; Date.now() < deadline && stats.rendered + stats.abandoned < 30;)
			stats = await queueStats(server)
		expect(stats, JSON.stringify(stats)).toMatchObject({ running: 0, waiting: 0, abandoned: 10, rendered: 20 })
		// The twentieth waited for the nineteen before it.
		expect(stats.longestWaitMs).toBeGreaterThan(0)
		// The admin area does not take turns.
		await fetch(`${server.url}/admin`, { redirect: 'manual' })
		expect((await queueStats(server)).rendered).toBe(20)
		// The server goes on answering.
		expect((await fetch(`${server.url}/arama?q=mezun`)).status).toBe(200)
		expect((await queueStats(server)).rendered).toBe(21)
	} finally {
		await server.stop()
		await tdb.cleanup()
	}
})

test('RENDER_CONCURRENCY sets how many uncached renders a process works on at once', async () => {
	const server = await startServer({ RENDER_CONCURRENCY: '3' })
	try {
		expect((await queueStats(server)).concurrency).toBe(3)
	} finally {
		await server.stop()
	}
})
