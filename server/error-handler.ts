import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { renderServerErrorPage } from '../app/lib/error-page.server.ts'
import type { EntryModule } from './build.ts'

/** The last handler: a Turkish error page with the request id; the details go only to the log. */
export function errorHandler(entry: () => EntryModule | undefined) {
	return (error: unknown, req: ExpressRequest, res: ExpressResponse, _next: NextFunction) => {
		const raw = (error as { status?: number; statusCode?: number }).status ?? (error as { statusCode?: number }).statusCode ?? 500
		const status = raw >= 400 && raw < 600 ? raw : 500
		// A malformed request (bad percent-encoding, a body that is not a form) is the client's; a 5xx is ours.
		if (status < 500)
			entry()?.logger.warn({ id: res.locals.requestId, url: req.originalUrl, status, reason: (error as Error).message }, 'bad request')
		else entry()?.logger.error({ err: error, id: res.locals.requestId, url: req.originalUrl }, 'unhandled error')
		if (res.headersSent) return res.end()
		res.status(status)
		res.type('html').send(renderServerErrorPage(String(res.locals.requestId ?? ''), status))
	}
}
