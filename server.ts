/**
 * The production (and development) HTTP server: React Router's handler behind
 * Express 5, with fingerprinted assets, /media for the disk store,
 * compression, security headers, health checks, graceful shutdown and
 * WEB_CONCURRENCY worker processes.
 */
import cluster from 'node:cluster'
import crypto from 'node:crypto'
import fs from 'node:fs'
import type http from 'node:http'
import path from 'node:path'
import compression from 'compression'
import express, { type NextFunction, type Request as ExpressRequest, type Response as ExpressResponse } from 'express'
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router'
import { ConfigError, loadEnvFileIfPresent, readEnv, type Env } from './app/lib/env.server.ts'
import { renderServerErrorPage } from './app/lib/error-page.server.ts'
import { contentTypeForKey } from './app/lib/storage.server.ts'
import { toFetchRequest, sendFetchResponse } from './server/react-router-adapter.ts'
import { staticFiles } from './server/static-files.ts'
import { createRenderCache, encodedBody, etagOf, matchesEtag, pickEncoding, type CachedPage } from './server/render-cache.ts'

const ROOT = import.meta.dirname
const BUILD_DIR = path.resolve(ROOT, process.env.SITE_BUILD_DIR ?? 'build')
/** The largest request body accepted at all: a 30 MB PDF plus its form (the admin reads at most 32 MB). */
const MAX_REQUEST_BYTES = 33 * 1024 * 1024
/** How long SIGTERM waits for requests in flight before closing them. */
export const SHUTDOWN_TIMEOUT_MS = 10_000

type EntryModule = {
	prepareApp(options: { migrate?: boolean; seedDemo?: boolean }): Promise<void>
	shutdownApp(): Promise<void>
	requestInfoContext: RouterContext<{ nonce: string; requestId: string; clientIp: string; secure: boolean }>
	checkReadiness(): Promise<{ ok: boolean; checks: Record<string, string> }>
	getCacheState(): Promise<{ version: string; validUntil: number }>
	startBackgroundJobs(): void
	logger: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void; warn(obj: object, msg?: string): void }
}

function fail(message: string): never {
	process.stderr.write(`error: ${message}\n`)
	process.exit(1)
}

function readEnvOrExit(): Env {
	try {
		return readEnv()
	} catch (error) {
		if (error instanceof ConfigError) fail(error.message)
		throw error
	}
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
	if (!value) return false
	if (value === 'true') return true
	if (value === 'false') return false
	if (/^\d+$/.test(value)) return Number(value)
	return value
}

async function loadProductionBuild(): Promise<ServerBuild> {
	const file = path.join(BUILD_DIR, 'server', 'index.js')
	if (!fs.existsSync(file)) fail('No production build found. Run "npm run build" first (or use "npm start", which builds when needed).')
	return (await import(file)) as ServerBuild
}

function entryOf(build: ServerBuild): EntryModule {
	return build.entry.module as unknown as EntryModule
}

/**
 * Random bytes for nonces and request ids, cut from a 4 KB block of the
 * system's CSPRNG (never handed out twice): one call per request was 4 % of
 * serving a cached page.
 */
const randomPool = { block: Buffer.alloc(0), used: 0 }
function randomBytes(size: number) {
	if (randomPool.used + size > randomPool.block.length) {
		randomPool.block = crypto.randomBytes(4096)
		randomPool.used = 0
	}
	randomPool.used += size
	return randomPool.block.subarray(randomPool.used - size, randomPool.used)
}

function securityHeaders(env: Env, dev: boolean) {
	const mediaOrigin = env.MEDIA_PUBLIC_URL && /^https?:\/\//.test(env.MEDIA_PUBLIC_URL) ? new URL(env.MEDIA_PUBLIC_URL).origin : ''
	return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
		const nonce = randomBytes(16).toString('base64')
		res.locals.nonce = nonce
		const scriptSrc = dev ? `'self' 'unsafe-inline' 'unsafe-eval'` : `'self' 'nonce-${nonce}'`
		res.setHeader(
			'Content-Security-Policy',
			[
				`default-src 'self'`,
				`script-src ${scriptSrc}`,
				`style-src 'self' 'unsafe-inline'`,
				`img-src 'self' data: blob: ${mediaOrigin}`.trim(),
				`font-src 'self'`,
				`connect-src 'self'${dev ? ' ws: wss:' : ''}`,
				`media-src 'self' ${mediaOrigin}`.trim(),
				`frame-src https://www.openstreetmap.org https://www.google.com`,
				`object-src 'none'`,
				`base-uri 'self'`,
				`form-action 'self'`,
				`frame-ancestors 'self'`,
			].join('; '),
		)
		res.setHeader('X-Content-Type-Options', 'nosniff')
		res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
		res.setHeader('X-Frame-Options', 'SAMEORIGIN')
		res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
		res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()')
		if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
		next()
	}
}

/** Serves /media/<key> from the disk store: only media types, never HTML. */
function mediaHandler(mediaRoot: string) {
	return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		let key: string
		try {
			key = decodeURIComponent(req.path.replace(/^\/+/, ''))
		} catch {
			return res.status(400).end()
		}
		const type = contentTypeForKey(key)
		if (!type || !/^[a-z0-9_]+(\/[a-z0-9_]+)*\/[a-z0-9][a-z0-9._-]*$/.test(key) || key.includes('..')) {
			return res.status(404).type('text/plain').send('Not found')
		}
		// Spec §5: alumni news images may be overwritten; every other name is unique.
		const overwritable = key.startsWith('alumni_news/')
		const filename = path.basename(key)
		res.sendFile(
			path.join(mediaRoot, ...key.split('/')),
			{
				dotfiles: 'deny',
				lastModified: true,
				etag: true,
				headers: {
					'Content-Type': type,
					'Cache-Control': overwritable ? 'public, max-age=3600' : 'public, max-age=31536000, immutable',
					'Content-Disposition': `inline; filename="${filename}"`,
					'X-Content-Type-Options': 'nosniff',
					'Content-Security-Policy': "default-src 'none'; sandbox",
				},
			},
			(error) => {
				if (error && !res.headersSent) res.status(404).type('text/plain').send('Not found')
			},
		)
	}
}

function requestLogger(entry: () => EntryModule | undefined) {
	return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
		const started = process.hrtime.bigint()
		const requestId = randomBytes(6).toString('hex')
		res.locals.requestId = requestId
		res.setHeader('X-Request-Id', requestId)
		res.on('finish', () => {
			const ms = Number(process.hrtime.bigint() - started) / 1e6
			entry()?.logger.info(
				{ id: requestId, method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
				'request',
			)
		})
		next()
	}
}

/** Pages that are the same for every anonymous visitor; never the admin area or a signed-in request. */
function isCacheableRequest(req: ExpressRequest) {
	if (req.method !== 'GET' && req.method !== 'HEAD') return false
	if (/^\/(admin|giris|cikis)(\/|$|\?|\.)/.test(req.path) || req.path.endsWith('.data')) return false
	return !(req.headers.cookie ?? '').includes('nds.session_token=')
}

const STORABLE_STATUS = new Set([200, 301, 302, 404])
const SKIPPED_CACHE_HEADERS = new Set([
	'set-cookie',
	'content-length',
	'content-encoding',
	'etag',
	'cache-control',
	'vary',
	'date',
	'connection',
	'transfer-encoding',
])

function isStorableResponse(response: Response) {
	if (!STORABLE_STATUS.has(response.status)) return false
	if (response.headers.getSetCookie().length > 0) return false
	if (/no-store|private/.test(response.headers.get('cache-control') ?? '')) return false
	return true
}

/**
 * A page from the render cache (or just rendered into it): strong ETag and
 * 304 for a matching If-None-Match, compressed once per encoding, revalidated
 * on every use so a change shows at once.
 */
function sendCachedPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage, outcome: 'hit' | 'miss') {
	res.status(page.status)
	for (const [name, value] of page.headers) res.setHeader(name, value)
	res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate')
	res.setHeader('Vary', 'Accept-Encoding')
	res.setHeader('ETag', page.etag)
	res.setHeader('X-Render-Cache', outcome)
	if (matchesEtag(req.get('if-none-match'), page.etag)) {
		res.status(304)
		for (const name of ['content-type', 'content-length']) res.removeHeader(name)
		return res.end()
	}
	const encoding = pickEncoding(req.get('accept-encoding'))
	const body = encodedBody(page, encoding)
	if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
	res.setHeader('Content-Length', String(body.length))
	return req.method === 'HEAD' ? res.end() : res.end(body)
}

export type StartedServer = { server: http.Server; close(): Promise<void> }

export async function startServer(env: Env, { primary = true }: { primary?: boolean } = {}): Promise<StartedServer> {
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
		const build = await loadProductionBuild()
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
	app.set('trust proxy', parseTrustProxy(env.TRUST_PROXY))
	let shuttingDown = false
	app.use(requestLogger(() => entry))
	// While shutting down, every response closes its connection, so keep-alive
	// clients do not hold the process open.
	app.use((_req, res, next) => {
		if (shuttingDown) res.setHeader('Connection', 'close')
		next()
	})
	app.use(securityHeaders(env, dev))
	// Every state-changing request must come from this site (React Router checks
	// its own actions too; this also covers resource routes such as /cikis).
	app.use((req, res, next) => {
		if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next()
		const origin = req.get('origin')
		const expected = `${req.protocol}://${req.get('host') ?? ''}`
		if (origin ? origin !== expected : req.get('sec-fetch-site') === 'cross-site') {
			return res.status(403).type('text/plain').send('İstek reddedildi: başka bir siteden gönderildi.')
		}
		next()
	})
	// A body larger than any form may send is refused before it is read.
	app.use((req, res, next) => {
		const length = Number(req.headers['content-length'] ?? 0)
		if (length > MAX_REQUEST_BYTES) {
			res.setHeader('Connection', 'close')
			return res.status(413).type('text/plain').send('Gönderilen veri çok büyük.')
		}
		next()
	})
	// The built client files, from memory and compressed at build time (so before the compressor).
	if (!viteDevServer) app.use(staticFiles(path.join(BUILD_DIR, 'client')))
	app.use(compression({ threshold: 1024 }))

	app.get('/healthz', (_req, res) => {
		res.setHeader('Cache-Control', 'no-store')
		res.json({ status: 'ok', pid: process.pid })
	})
	app.get('/readyz', async (_req, res) => {
		res.setHeader('Cache-Control', 'no-store')
		if (shuttingDown) {
			res.status(503).json({ status: 'shutting down', checks: {} })
			return
		}
		const result = await entryOf(await getBuild()).checkReadiness()
		res.status(result.ok ? 200 : 503).json({ status: result.ok ? 'ready' : 'not ready', checks: result.checks })
	})

	if (viteDevServer) app.use(viteDevServer.middlewares)
	if (env.STORAGE === 'local') app.use('/media', mediaHandler(path.join(env.dataDir, 'media')))

	const renderCache = createRenderCache()
	// RENDER_CACHE=off renders every request (for measuring the cache's effect).
	const renderCacheEnabled = process.env.RENDER_CACHE !== 'off'
	let handleRequest: ((request: Request, context: RouterContextProvider) => Promise<Response>) | undefined
	let handledBuild: ServerBuild | undefined
	app.all('/{*splat}', async (req, res, next) => {
		try {
			const build = await getBuild()
			if (handledBuild !== build) {
				handleRequest = createRequestHandler(build, dev ? 'development' : 'production')
				handledBuild = build
			}
			const app = entryOf(build)
			const cacheable = !dev && renderCacheEnabled && isCacheableRequest(req)
			const key = `${req.protocol}://${req.get('host') ?? ''}${req.originalUrl}`
			const state = cacheable ? await app.getCacheState() : null
			if (state) {
				const hit = renderCache.get(key, state.version)
				if (hit) return sendCachedPage(req, res, hit, 'hit')
			}
			// The provider comes from the same react-router the handler checks against
			// (in development Vite loads the app's own copy); the key is the app's.
			const context = new RouterContextProvider()
			context.set(app.requestInfoContext, {
				nonce: String(res.locals.nonce),
				requestId: String(res.locals.requestId),
				clientIp: req.ip ?? '',
				secure: req.secure,
			})
			const response = await handleRequest!(toFetchRequest(req, res), context)
			if (state && isStorableResponse(response)) {
				const body = Buffer.from(await response.arrayBuffer())
				const headers = [...response.headers].filter(([name]) => !SKIPPED_CACHE_HEADERS.has(name))
				const page = { version: state.version, validUntil: state.validUntil, status: response.status, headers, body, etag: etagOf(body) }
				renderCache.set(key, page)
				return sendCachedPage(req, res, page, 'miss')
			}
			await sendFetchResponse(res, response)
		} catch (error) {
			next(error)
		}
	})

	app.use((error: unknown, req: ExpressRequest, res: ExpressResponse, _next: NextFunction) => {
		const raw = (error as { status?: number; statusCode?: number }).status ?? (error as { statusCode?: number }).statusCode ?? 500
		const status = raw >= 400 && raw < 600 ? raw : 500
		// A malformed request (bad percent-encoding, a body that is not a form) is the client's; a 5xx is ours.
		if (status < 500)
			entry?.logger.warn({ id: res.locals.requestId, url: req.originalUrl, status, reason: (error as Error).message }, 'bad request')
		else entry?.logger.error({ err: error, id: res.locals.requestId, url: req.originalUrl }, 'unhandled error')
		if (res.headersSent) return res.end()
		res.status(status)
		res.type('html').send(renderServerErrorPage(String(res.locals.requestId ?? ''), status))
	})

	const server = await new Promise<http.Server>((resolve) => {
		const s = app.listen(env.PORT, env.HOST ?? '0.0.0.0', () => resolve(s))
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
			await new Promise<void>((resolve) => {
				// A keep-alive connection whose request started before the signal goes idle only once
				// its response is sent; close such connections as soon as they are idle.
				const sweeper = setInterval(() => server.closeIdleConnections(), 100)
				sweeper.unref()
				const timer = setTimeout(() => {
					clearInterval(sweeper)
					server.closeAllConnections()
					resolve()
				}, SHUTDOWN_TIMEOUT_MS)
				timer.unref()
				server.close(() => {
					clearTimeout(timer)
					clearInterval(sweeper)
					resolve()
				})
				server.closeIdleConnections()
			})
			await viteDevServer?.close()
			await entry?.shutdownApp()
			entry = undefined
		})()
		return closing
	}
	return { server, close }
}

function listeningMessage(env: Env) {
	const host = env.HOST && env.HOST !== '0.0.0.0' ? env.HOST : 'localhost'
	return `Site ready at http://${host}:${env.PORT}`
}

export async function main() {
	loadEnvFileIfPresent()
	const env = readEnvOrExit()
	const workers = env.NODE_ENV === 'production' ? env.WEB_CONCURRENCY : 1

	if (cluster.isPrimary && workers > 1) {
		// The primary migrates and seeds once, then forks workers that share the port.
		const build = await loadProductionBuild()
		const entry = entryOf(build)
		try {
			await entry.prepareApp({ migrate: true, seedDemo: env.SEED_DEMO ?? false })
		} catch (error) {
			fail((error as Error).message)
		}
		await entry.shutdownApp()
		let stopping = false
		const fork = () => cluster.fork({ SITE_WORKER: '1' })
		for (let i = 0; i < workers; i++) fork()
		cluster.on('exit', (worker, code, signal) => {
			if (stopping) return
			entry.logger.warn({ pid: worker.process.pid, code, signal }, 'worker exited; starting a new one')
			setTimeout(fork, 1000).unref()
		})
		let announced = 0
		cluster.on('listening', () => {
			if (++announced === workers) console.log(`${listeningMessage(env)} (${workers} workers)`)
		})
		const stop = () => {
			stopping = true
			for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
			setTimeout(() => process.exit(0), SHUTDOWN_TIMEOUT_MS + 2000).unref()
			cluster.on('exit', () => {
				if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
			})
		}
		process.on('SIGTERM', stop)
		process.on('SIGINT', stop)
		return
	}

	const { close } = await startServer(env, { primary: !cluster.isWorker })
	if (!cluster.isWorker) console.log(listeningMessage(env))
	const stop = () => {
		void close().then(() => process.exit(0))
	}
	process.on('SIGTERM', stop)
	process.on('SIGINT', stop)
}

if (import.meta.main) await main()
