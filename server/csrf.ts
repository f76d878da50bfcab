import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { msg } from '../app/lib/messages.ts'

/**
 * Every state-changing request must come from this site (React Router checks
 * its own actions too; this also covers resource routes such as /cikis).
 */
export function sameOriginWrites() {
	return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
		if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next()
		const origin = req.get('origin')
		const expected = `${req.protocol}://${req.get('host') ?? ''}`
		if (origin ? origin !== expected : req.get('sec-fetch-site') === 'cross-site') {
			return res.status(403).type('text/plain').send(msg.http.crossSite)
		}
		next()
	}
}
