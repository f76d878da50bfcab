import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router'
import { entryOf } from './build.ts'
import { isCacheableRequest, isStorableResponse, sendCachedPage, SKIPPED_CACHE_HEADERS } from './cached-pages.ts'
import { schemeOf, sendFetchResponse, toFetchRequest } from './react-router-adapter.ts'
import { createRenderCache, etagOf } from './render-cache.ts'

/**
 * React Router's handler for every path the middlewares before it left,
 * with anonymous pages kept in the render cache.
 *
 * A HEAD is rendered as the GET it asks about and answered with that
 * response's headers and no body (Node leaves the body out of a HEAD
 * response): so a HEAD gets the same headers as a GET, and the render cache
 * only ever holds complete GET responses.
 */
export function reactRouterHandler({ getBuild, dev }: { getBuild: () => Promise<ServerBuild>; dev: boolean }) {
	const renderCache = createRenderCache()
	// RENDER_CACHE=off renders every request (for measuring the cache's effect).
	const renderCacheEnabled = process.env.RENDER_CACHE !== 'off'
	let handleRequest: ((request: Request, context: RouterContextProvider) => Promise<Response>) | undefined
	let handledBuild: ServerBuild | undefined
	return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
		try {
			const build = await getBuild()
			if (handledBuild !== build) {
				handleRequest = createRequestHandler(build, dev ? 'development' : 'production')
				handledBuild = build
			}
			const app = entryOf(build)
			const cacheable = !dev && renderCacheEnabled && isCacheableRequest(req)
			const key = `${schemeOf(req)}://${req.get('host') ?? ''}${req.originalUrl}`
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
			const method = req.method === 'HEAD' ? 'GET' : req.method
			const request = toFetchRequest(req, res, method)
			// A page bound for the cache is rendered whole: the cache answers the client's validators (a feed would answer 304).
			if (state) for (const name of ['if-none-match', 'if-modified-since']) request.headers.delete(name)
			const response = await handleRequest!(request, context)
			if (state && method === 'GET' && isStorableResponse(response)) {
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
	}
}
