import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import type { Env } from '../app/lib/env.server.ts'
import { randomBytes } from './random.ts'

/** The Content-Security-Policy (with a per-request script nonce) and the other security headers. */
export function securityHeaders(env: Env, dev: boolean) {
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
