import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import { isRouteErrorResponse, ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router'
import { PartSinkContext } from '#app/lib/cached-parts.tsx'
import { createPartSink } from '#app/lib/cached-parts.server.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { logger } from '#app/lib/logger.server.ts'
import { requestInfoContext } from '#app/lib/request-context.ts'
import { bytesResponse } from '#app/lib/response-bytes.server.ts'

export { getCacheState } from '#app/lib/content-version.server.ts'
export { checkReadiness, prepareApp, shutdownApp, startBackgroundJobs } from '#app/features/site/startup.server.ts'
/** server.ts fills this context key (this bundle's instance) for every request. */
export { logger, requestInfoContext }

export const streamTimeout = 5_000

/** The bytes of a page rendered whole to a string, or of a feed, by its response (app/lib/response-bytes.server.ts). */
export { responseBytes as renderedBody } from '#app/lib/response-bytes.server.ts'

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: RouterContextProvider,
) {
	if (request.method.toUpperCase() === 'HEAD') {
		return new Response(null, { status: responseStatusCode, headers: responseHeaders })
	}
	// Only hydrated pages carry inline scripts; the others get no nonce, so
	// their HTML is the same for every visitor and can be cached whole. They
	// are rendered to one string: nothing of them streams (no scripts, no
	// Suspense), and a string is what the render cache reads and compresses
	// once, without a stream per response.
	if (!hydrates(routerContext)) {
		// No hydration, so no loader data to hand over to the browser.
		const context: EntryContext = Object.create(routerContext, { serverHandoffStream: { value: undefined } })
		// The header and footer come from the parts kept per process (app/lib/cached-parts.server.ts).
		const parts = createPartSink()
		const html = renderToString(
			<PartSinkContext value={parts}>
				<ServerRouter context={context} url={request.url} />
			</PartSinkContext>,
		)
		const body = parts.bytes(html, '<!DOCTYPE html>')
		responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
		return bytesResponse(body, { headers: responseHeaders, status: responseStatusCode })
	}
	const nonce = loadContext.get(requestInfoContext).nonce
	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

		const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
			nonce,
			// Whole documents for everyone: pages are small, and a complete
			// response is what caches, validators and crawlers want.
			onAllReady() {
				shellRendered = true
				const body = new PassThrough({
					final(callback) {
						clearTimeout(timeoutId)
						timeoutId = undefined
						callback()
					},
				})
				responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
				pipe(body)
				resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
			},
			onShellError(error: unknown) {
				reject(error)
			},
			onError(error: unknown) {
				responseStatusCode = 500
				if (shellRendered) logger.error({ err: error, url: request.url }, 'render error')
			},
		})
	})
}

function hydrates(context: EntryContext) {
	return context.staticHandlerContext.matches.some(
		(match) => (context.routeModules[match.route.id]?.handle as SiteHandle | undefined)?.hydrate,
	)
}

export function handleError(error: unknown, { request, context }: { request: Request; context: unknown }) {
	if (request.signal.aborted) return
	// The id the visitor sees on the error page, so an operator can find this line.
	const id = requestIdOf(context)
	// A 4xx answer (no such route, a malformed parameter) is the visitor's, not a fault of ours.
	if (isRouteErrorResponse(error) && error.status < 500) {
		logger.info({ id, url: request.url, status: error.status }, 'request refused')
		return
	}
	logger.error({ err: error, id, url: request.url, method: request.method }, 'request failed')
}

function requestIdOf(context: unknown) {
	try {
		return (context as RouterContextProvider).get(requestInfoContext).requestId || undefined
	} catch {
		return undefined
	}
}
