import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import type { EntryModule } from './build.ts'
import { randomBytes } from './random.ts'

/** Gives each request an id (X-Request-Id, and the error page's code) and logs it when its response is sent. */
export function requestLogger(entry: () => EntryModule | undefined) {
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
