import v8 from 'node:v8'
import type { Express } from 'express'
import type { ServerBuild } from 'react-router'
import { entryOf } from './build.ts'
import { activeMemoryProfile } from './memory-profile.ts'

/**
 * /healthz (the process answers) and /readyz (the database and storage
 * answer; 503 while shutting down), with this process's render cache, the
 * queue of renders and memory for whoever watches the server.
 */
export function mountHealthChecks(
	app: Express,
	getBuild: () => Promise<ServerBuild>,
	isShuttingDown: () => boolean,
	renderCache: () => object = () => ({}),
	renderQueue: () => object = () => ({}),
) {
	app.get('/healthz', (_req, res) => {
		res.setHeader('Cache-Control', 'no-store')
		res.json({ status: 'ok', pid: process.pid })
	})
	app.get('/readyz', async (_req, res) => {
		res.setHeader('Cache-Control', 'no-store')
		if (isShuttingDown()) {
			res.status(503).json({ status: 'shutting down', checks: {} })
			return
		}
		const result = await entryOf(await getBuild()).checkReadiness()
		const { rss, heapTotal, heapUsed, external } = process.memoryUsage()
		res.status(result.ok ? 200 : 503).json({
			status: result.ok ? 'ready' : 'not ready',
			checks: result.checks,
			pid: process.pid,
			memoryMb: {
				rss: Math.round(rss / 1048576),
				heapTotal: Math.round(heapTotal / 1048576),
				heapUsed: Math.round(heapUsed / 1048576),
				external: Math.round(external / 1048576),
				// The JavaScript heap's ceiling (`HEAP_LIMIT_MB` with `npm start`): heapUsed near it means raise it.
				heapLimit: Math.round(v8.getHeapStatistics().heap_size_limit / 1048576),
			},
			// MEMORY_PROFILE as this process runs it (server/memory-profile.ts).
			memoryProfile: activeMemoryProfile(),
			renderCache: renderCache(),
			// The turns uncached renders take (server/render-queue.ts): waiting counts those in line now.
			renderQueue: renderQueue(),
		})
	})
}
