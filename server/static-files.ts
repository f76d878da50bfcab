import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import type { NextFunction, Request, Response } from 'express'
import { msg } from '../app/lib/messages.ts'
import { etagOf, matchesEtag, pickEncoding } from './render-cache.ts'

/**
 * The built client files (fingerprinted assets, icons), held in memory with
 * their compressed forms made once — by `npm run build` (brotli 11, gzip 9,
 * see scripts/precompress.ts) or, for an older build, at start. Serving a
 * stylesheet then costs a map lookup and a write: no disk read and no
 * compression per request (compressing on the fly made a 15 KB stylesheet
 * three times slower to serve than a cached page).
 */

type StaticFile = { type: string; body: Buffer; br: Buffer | null; gzip: Buffer | null; etag: string; cacheControl: string }

const TYPES: Record<string, string> = {
	'.js': 'text/javascript; charset=utf-8',
	'.mjs': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.json': 'application/json; charset=utf-8',
	'.webmanifest': 'application/manifest+json; charset=utf-8',
	'.map': 'application/json; charset=utf-8',
	'.txt': 'text/plain; charset=utf-8',
	'.xml': 'application/xml; charset=utf-8',
	'.svg': 'image/svg+xml',
	'.ico': 'image/x-icon',
	'.png': 'image/png',
	'.jpg': 'image/jpeg',
	'.jpeg': 'image/jpeg',
	'.webp': 'image/webp',
	'.avif': 'image/avif',
	'.gif': 'image/gif',
	'.woff2': 'font/woff2',
	'.woff': 'font/woff',
	'.pdf': 'application/pdf',
}

/** Text worth compressing; images, fonts and PDFs are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|json|webmanifest|map|txt|xml|svg|ico)$/
/** Below this, compression saves less than the header costs. */
export const COMPRESS_MIN_BYTES = 1024

/** A precompressed sibling (`file.br`, `file.gz`) when it is at least as new as the file. */
function sibling(file: string, extension: '.br' | '.gz', stat: fs.Stats) {
	const candidate = `${file}${extension}`
	const found = fs.statSync(candidate, { throwIfNoEntry: false })
	return found && found.mtimeMs >= stat.mtimeMs ? fs.readFileSync(candidate) : null
}

export function loadStaticFiles(dir: string): Map<string, StaticFile> {
	const files = new Map<string, StaticFile>()
	for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
		if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue
		const full = path.join(entry.parentPath, entry.name)
		const urlPath = `/${path.relative(dir, full).split(path.sep).join('/')}`
		const stat = fs.statSync(full)
		const body = fs.readFileSync(full)
		const compress = COMPRESSIBLE.test(entry.name) && body.length >= COMPRESS_MIN_BYTES
		files.set(urlPath, {
			type: TYPES[path.extname(entry.name).toLowerCase()] ?? 'application/octet-stream',
			body,
			br: compress
				? (sibling(full, '.br', stat) ??
					zlib.brotliCompressSync(body, {
						params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
					}))
				: null,
			gzip: compress ? (sibling(full, '.gz', stat) ?? zlib.gzipSync(body, { level: 6 })) : null,
			etag: etagOf(body),
			// Fingerprinted names never change content; the few others (icons) may.
			cacheControl: urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
		})
	}
	return files
}

/** Express middleware serving the files of `dir`; a missing `/assets/…` file is a plain 404. */
export function staticFiles(dir: string) {
	const files = loadStaticFiles(dir)
	return (req: Request, res: Response, next: NextFunction) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		const file = files.get(req.path)
		if (!file) {
			if (req.path.startsWith('/assets/')) return res.status(404).type('text/plain').send(msg.http.fileNotFound)
			return next()
		}
		res.setHeader('Cache-Control', file.cacheControl)
		res.setHeader('ETag', file.etag)
		if (file.br || file.gzip) res.setHeader('Vary', 'Accept-Encoding')
		if (matchesEtag(req.headers['if-none-match'], file.etag)) return res.status(304).end()
		const encoding = file.br || file.gzip ? pickEncoding(req.headers['accept-encoding']) : 'identity'
		const body = encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : null
		if (body) res.setHeader('Content-Encoding', encoding)
		res.setHeader('Content-Type', file.type)
		res.setHeader('Content-Length', (body ?? file.body).length)
		res.status(200).end(req.method === 'HEAD' ? undefined : (body ?? file.body))
	}
}
