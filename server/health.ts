import type { Express } from 'express'
import type { ServerBuild } from 'react-router'
import { entryOf } from './build.ts'

/** /healthz (the process answers) and /readyz (the database and storage answer; 503 while shutting down). */
export function mountHealthChecks(app: Express, getBuild: () => Promise<ServerBuild>, isShuttingDown: () => boolean) {
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
		res.status(result.ok ? 200 : 503).json({ status: result.ok ? 'ready' : 'not ready', checks: result.checks })
	})
}
