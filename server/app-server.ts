/**
 * One server process: React Router's handler behind Express 5, with
 * fingerprinted assets, /media for the disk store, compression, security
 * headers, health checks and graceful shutdown, in that order. server.ts
 * loads it only in a process that serves (a cluster's primary never does).
 */
import http from 'node:http'
import path from 'node:path'
import compression from 'compression'
import express from 'express'
import type { ServerBuild } from 'react-router'
import type { Env } from '../app/lib/env.server.ts'
import { bodyLimit } from './body-limit.ts'
import { answerMalformedRequests } from './client-errors.ts'
import { entryOf, loadProductionBuild, type EntryModule } from './build.ts'
import { sameOriginWrites } from './csrf.ts'
import { errorHandler } from './error-handler.ts'
import { fail } from './fail.ts'
import { mountHealthChecks } from './health.ts'
import { mediaHandler } from './media.ts'
import { normaliseRequestTarget, requestGuard } from './request-guard.ts'
import { renderConcurrency } from './render-queue.ts'
import { reactRouterHandler } from './request-handler.ts'
import { requestLogger } from './request-logger.ts'
import { securityHeaders } from './security-headers.ts'
import { closeGracefully } from './shutdown.ts'
import { staticFiles } from './static-files.ts'

export type StartedServer = { server: http.Server; close(): Promise<void> }

export async function startServer(env: Env, { buildDir, primary = true }: { buildDir: string; primary?: boolean }): Promise<StartedServer> {
	const dev = env.NODE_ENV === 'development'
	const seedDemo = env.SEED_DEMO ?? false
	let getBuild: () => Promise<ServerBuild>
	let viteDevServer: import('vite').ViteDevServer | undefined
	if (dev) {
		const vite = await import('vite')
		viteDevServer = await vite.createServer({ server: { middlewareMode: true }, appType: 'custom' })
		const dev = viteDevServer
		getBuild = () => dev.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
	} else {
		const build = await loadProductionBuild(buildDir)
		getBuild = async () => build
	}

	let entry: EntryModule | undefined = entryOf(await getBuild())
	try {
		await entry.prepareApp({ migrate: primary, seedDemo })
		entry.startBackgroundJobs()
	} catch (error) {
		const name = (error as Error).name
		if (name === 'ConfigError' || name === 'StartupError') fail((error as Error).message)
		fail(`start-up failed: ${(error as Error).message}`)
	}

	const app = express()
	app.disable('x-powered-by')
	app.set('trust proxy', env.TRUST_PROXY)
	let shuttingDown = false
	app.use(requestLogger(() => entry))
	// While shutting down, every response closes its connection, so keep-alive
	// clients do not hold the process open.
	app.use((_req, res, next) => {
		if (shuttingDown) res.setHeader('Connection', 'close')
		next()
	})
	app.use(securityHeaders(env, dev))
	app.use(bodyLimit())
	app.use(requestGuard())
	app.use(sameOriginWrites())
	// The built client files, from memory and compressed at build time (so before the compressor).
	if (!viteDevServer) app.use(staticFiles(path.join(buildDir, 'client')))
	app.use(compression({ threshold: 1024 }))
	const pages = reactRouterHandler({ getBuild, dev, publicUrl: env.PUBLIC_URL, renderConcurrency: renderConcurrency(env) })
	mountHealthChecks(app, getBuild, () => shuttingDown, pages.stats, pages.queueStats)
	if (viteDevServer) app.use(viteDevServer.middlewares)
	if (env.STORAGE === 'local') app.use('/media', mediaHandler(path.join(env.dataDir, 'media')))
	app.all('/{*splat}', pages)
	app.use(errorHandler(() => entry))

	const server = await new Promise<http.Server>((resolve) => {
		const s = http.createServer((req, res) => {
			normaliseRequestTarget(req)
			app(req, res)
		})
		answerMalformedRequests(s)
		s.listen(env.PORT, env.HOST ?? '0.0.0.0', () => resolve(s))
		s.on('error', (error: NodeJS.ErrnoException) => {
			if (error.code === 'EADDRINUSE') fail(`Port ${env.PORT} is already in use. Stop the other process or set PORT to a free port.`)
			if (error.code === 'EACCES') fail(`Not allowed to listen on port ${env.PORT}. Use a port above 1023 or run behind a reverse proxy.`)
			fail(`Cannot listen on port ${env.PORT}: ${error.message}`)
		})
	})
	server.keepAliveTimeout = 65_000
	server.headersTimeout = 66_000
	server.requestTimeout = 60_000

	let closing: Promise<void> | undefined
	const close = () => {
		closing ??= (async () => {
			shuttingDown = true
			pages.stop()
			await closeGracefully(server)
			await viteDevServer?.close()
			await entry?.shutdownApp()
			entry = undefined
		})()
		return closing
	}
	return { server, close }
}
