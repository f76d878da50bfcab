import type http from 'node:http'

/** How long SIGTERM waits for requests in flight before closing them. */
export const SHUTDOWN_TIMEOUT_MS = 10_000

/**
 * Stops accepting connections and resolves once the requests in flight are
 * answered, or after SHUTDOWN_TIMEOUT_MS, when the rest are cut.
 */
export function closeGracefully(server: http.Server) {
	return new Promise<void>((resolve) => {
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
}
