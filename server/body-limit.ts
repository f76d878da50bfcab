import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'

/** The largest request body accepted at all: a 30 MB PDF plus its form (the admin reads at most 32 MB). */
export const MAX_REQUEST_BYTES = 33 * 1024 * 1024

/** A body larger than any form may send is refused before it is read. */
export function bodyLimit() {
	return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
		const length = Number(req.headers['content-length'] ?? 0)
		if (length > MAX_REQUEST_BYTES) {
			res.setHeader('Connection', 'close')
			return res.status(413).type('text/plain').send('Gönderilen veri çok büyük.')
		}
		next()
	}
}
