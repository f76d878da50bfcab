import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router'
import { entryOf, type EntryModule } from './build.ts'
import { isCacheableRequest, isStorableResponse, pageAddress, sendCachedPage, SKIPPED_CACHE_HEADERS } from './cached-pages.ts'
import { schemeOf, sendFetchResponse, toFetchRequest } from './react-router-adapter.ts'
import { createAdmission, createRenderCache, encodedBody, etagOf, type CachedPage, type RenderCacheStats } from './render-cache.ts'
import { createRenderQueue, RenderAbandoned, type RenderQueueStats } from './render-queue.ts'

type CacheState = Awaited<ReturnType<EntryModule['getCacheState']>>

/** How often each process looks for a content change to re-render its most visited pages. */
const WATCH_INTERVAL_MS = 1000

export type PagesHandler = ((req: ExpressRequest, res: ExpressResponse, next: NextFunction) => Promise<unknown>) & {
	/** The render cache's size and use, for /readyz. */
	stats(): RenderCacheStats & {
		/** Pages rendered and not kept because their address had been asked for only once (createAdmission). */
		deferred: number
		warmPages: number
		warmed: number
		warmedVersion: string | null
	}
	/** The turns uncached renders take (server/render-queue.ts), for /readyz. */
	queueStats(): RenderQueueStats
	/** Stops watching for content changes. */
	stop(): void
}

/** What a page rendered while the render cache is off is labelled with (it is never stored). */
const UNCACHED: CacheState = { version: '', validUntil: 0 }

/**
 * A rendered response read whole into a page (body, headers, ETag), or the
 * response itself when it may not be stored (an error, a cookie). A page
 * rendered to a string, or a feed, comes with its bytes
 * (EntryModule.renderedBody), so they are not read back through the
 * response's stream.
 */
async function renderPage(app: EntryModule, state: CacheState, render: () => Promise<Response>): Promise<CachedPage | Response> {
	const response = await render()
	if (!isStorableResponse(response)) return response
	const body = app.renderedBody(response) ?? Buffer.from(await response.arrayBuffer())
	const headers = [...response.headers].filter(([name]) => !SKIPPED_CACHE_HEADERS.has(name))
	return { version: state.version, validUntil: state.validUntil, status: response.status, headers, body, etag: etagOf(body) }
}

/**
 * React Router's handler for every path the middlewares before it left,
 * with anonymous pages kept in the render cache.
 *
 * A HEAD is rendered as the GET it asks about and answered with that
 * response's headers and no body (Node leaves the body out of a HEAD
 * response): so a HEAD gets the same headers as a GET, and the render cache
 * only ever holds complete GET responses.
 *
 * Visitors do not pay for an edit: a page is rendered once however many
 * visitors ask for it at the same moment (the others wait for that render),
 * and when the content changes each process re-renders its most visited
 * pages (RENDER_WARM_PAGES, 24 by default) in the background, so the first
 * visitors after a save are answered from the cache.
 */
export function reactRouterHandler({
	getBuild,
	dev,
	publicUrl,
	renderConcurrency,
}: {
	getBuild: () => Promise<ServerBuild>
	dev: boolean
	/** PUBLIC_URL, as the server's settings read it. */
	publicUrl?: string
	/** Uncached anonymous renders at once; the others wait their turn (server/render-queue.ts). */
	renderConcurrency: number
}): PagesHandler {
	const renderCache = createRenderCache()
	const queue = createRenderQueue({ concurrency: renderConcurrency })
	const admission = createAdmission()
	// With PUBLIC_URL set, a page asked for under any other host name is not one of the site's plain addresses.
	const publicHost = publicUrl ? new URL(publicUrl).host : null
	// RENDER_CACHE=off renders every request (for measuring the cache's effect).
	const renderCacheEnabled = !dev && process.env.RENDER_CACHE !== 'off'
	const warmPages = Math.max(0, Math.min(200, Number(process.env.RENDER_WARM_PAGES ?? 24) || 0))
	let handleRequest: ((request: Request, context: RouterContextProvider) => Promise<Response>) | undefined
	let handledBuild: ServerBuild | undefined
	/** Renders in progress for the cache, by key and cache state: the visitors who ask meanwhile wait for them. */
	const inFlight = new Map<string, Promise<CachedPage | null>>()
	let seen = ''
	let warming = false
	/** The newest cache state waiting to be warmed while a pass runs. */
	let wanted: CacheState | undefined
	let warmed = 0
	/** The content version the last complete pass warmed. */
	let warmedVersion: string | null = null

	async function appFor() {
		const build = await getBuild()
		if (handledBuild !== build) {
			handleRequest = createRequestHandler(build, dev ? 'development' : 'production')
			handledBuild = build
		}
		return entryOf(build)
	}

	function contextFor(app: EntryModule, info: { nonce: string; requestId: string; clientIp: string; secure: boolean }) {
		// The provider comes from the same react-router the handler checks against
		// (in development Vite loads the app's own copy); the key is the app's.
		const context = new RouterContextProvider()
		context.set(app.requestInfoContext, info)
		return context
	}

	/**
	 * Renders a cacheable page once for `state`, stores it and gives it to
	 * everyone waiting; a response that may not be stored (an error, a
	 * cookie) is returned to its own requester only, the waiters render theirs.
	 */
	async function renderShared(
		app: EntryModule,
		key: string,
		state: CacheState,
		render: () => Promise<Response>,
		{ plainAddress }: { plainAddress: boolean },
	): Promise<CachedPage | Response> {
		const flight = `${state.version}|${state.validUntil}|${key}`
		let share!: (page: CachedPage | null) => void
		inFlight.set(flight, new Promise((resolve) => (share = resolve)))
		try {
			const page = await renderPage(app, state, render)
			if (page instanceof Response) {
				share(null)
				return page
			}
			const plain = plainAddress && page.status !== 404
			if (admission.admit(key, { plain, cached: renderCache.peek(key) !== undefined })) renderCache.set(key, page)
			share(page)
			return page
		} catch (error) {
			share(null)
			throw error
		} finally {
			inFlight.delete(flight)
		}
	}

	/**
	 * Re-renders the most visited pages for a new cache state, one at a time;
	 * a state that arrives meanwhile is warmed next (the current pass stops
	 * as soon as it sees the state has moved on).
	 */
	async function warm(app: EntryModule, state: CacheState) {
		wanted = state
		if (warming || warmPages === 0) return
		warming = true
		try {
			while (wanted) {
				const next = wanted
				wanted = undefined
				await warmFor(app, next)
			}
		} catch (error) {
			app.logger.warn({ err: error }, 'warming the render cache failed')
		} finally {
			warming = false
		}
	}

	async function warmFor(app: EntryModule, state: CacheState) {
		for (const key of renderCache.popular(warmPages)) {
			const now = await app.getCacheState()
			if (now.version !== state.version || now.validUntil !== state.validUntil) return
			const cached = renderCache.peek(key)
			if (cached && cached.version === state.version && cached.validUntil === state.validUntil) continue
			if (inFlight.has(`${state.version}|${state.validUntil}|${key}`)) continue
			const url = new URL(key)
			const request = new Request(url, { headers: { host: url.host, 'accept-encoding': 'br, gzip' } })
			const context = contextFor(app, { nonce: '', requestId: 'onbellek', clientIp: '127.0.0.1', secure: url.protocol === 'https:' })
			const page = await renderShared(app, key, state, () => queue.run(() => handleRequest!(request, context)), { plainAddress: true })
			if (page instanceof Response) await page.body?.cancel()
			else {
				// Compressed now, so the first visitor does not wait for it either.
				encodedBody(page, 'br', { thorough: true })
				encodedBody(page, 'gzip')
				warmed++
			}
			// Live requests go first.
			await new Promise((resolve) => setImmediate(resolve))
		}
		warmedVersion = state.version
	}

	/** A new cache state (a save anywhere, a timed change) starts warming; the first one seen is only remembered. */
	function notice(app: EntryModule, state: CacheState) {
		const current = `${state.version}|${state.validUntil}`
		if (current === seen) return
		const first = seen === ''
		seen = current
		if (!first) void warm(app, state)
	}

	const watcher = renderCacheEnabled
		? setInterval(() => {
				void appFor()
					.then(async (app) => notice(app, await app.getCacheState()))
					.catch(() => undefined)
			}, WATCH_INTERVAL_MS)
		: undefined
	watcher?.unref()

	const handler = async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
		try {
			const app = await appFor()
			const anonymous = isCacheableRequest(req)
			const cacheable = renderCacheEnabled && anonymous
			// An anonymous page is rendered for its address without tracking parameters, and cached under it.
			const address = anonymous ? pageAddress(req.originalUrl) : req.originalUrl
			const key = `${schemeOf(req)}://${req.get('host') ?? ''}${address}`
			const state = cacheable ? await app.getCacheState() : null
			if (state) {
				notice(app, state)
				const hit = renderCache.get(key, state.version)
				if (hit) return sendCachedPage(req, res, hit, 'hit')
				const pending = inFlight.get(`${state.version}|${state.validUntil}|${key}`)
				const shared = pending ? await pending : null
				if (shared) return sendCachedPage(req, res, shared, 'hit')
			}
			const method = req.method === 'HEAD' ? 'GET' : req.method
			const fetchRequest = () => {
				const context = contextFor(app, {
					nonce: String(res.locals.nonce),
					requestId: String(res.locals.requestId),
					clientIp: req.ip ?? '',
					secure: req.secure,
				})
				return { request: toFetchRequest(req, res, method, address), context }
			}
			if (!anonymous || method !== 'GET') {
				const { request, context } = fetchRequest()
				return await sendFetchResponse(res, await handleRequest!(request, context))
			}
			// RENDER_CACHE=off: every request is rendered as a miss would be, and nothing is kept.
			const plainAddress = !address.includes('?') && (publicHost === null || req.get('host') === publicHost)
			// A page of the site's own is rendered for the cache even when its visitor leaves while it waits its
			// turn (others may be waiting for it); any other render is its visitor's alone and is then not started.
			const abandoned = state && plainAddress ? undefined : () => res.destroyed
			// The request React Router reads is made when the render's turn comes: a request waiting in line holds
			// as little as it can (a line of 32 requests, each with its Fetch request, cost a fifth more CPU a page
			// in the collector).
			const render = () =>
				queue.run(() => {
					const { request, context } = fetchRequest()
					// An anonymous page is rendered whole and compressed once, as the cache keeps it: the cache answers the client's validators (a feed would answer 304).
					for (const name of ['if-none-match', 'if-modified-since']) request.headers.delete(name)
					return handleRequest!(request, context)
				}, abandoned)
			const rendered = state ? await renderShared(app, key, state, render, { plainAddress }) : await renderPage(app, UNCACHED, render)
			if (rendered instanceof Response) return await sendFetchResponse(res, rendered)
			return sendCachedPage(req, res, rendered, state ? 'miss' : null)
		} catch (error) {
			// The visitor left while the render waited its turn: nobody to answer.
			if (error instanceof RenderAbandoned) return
			next(error)
		}
	}
	return Object.assign(handler, {
		stats: () => ({ ...renderCache.stats, deferred: admission.deferred, warmPages, warmed, warmedVersion }),
		queueStats: () => queue.stats,
		stop: () => clearInterval(watcher),
	})
}
