import path from 'node:path'
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { contentTypeForKey } from '../app/lib/storage-driver.server.ts'

/** Serves /media/<key> from the disk store: only media types, never HTML. */
export function mediaHandler(mediaRoot: string) {
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
