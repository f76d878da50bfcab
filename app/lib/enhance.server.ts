import fs from 'node:fs'
import path from 'node:path'
import { appRoot } from './app-root.server.ts'

let cached: string | null | undefined

/**
 * The address of the public pages' enhancement script: the fingerprinted
 * bundle in production, the source through Vite in development.
 */
export function enhanceScriptUrl(): string | null {
	if (process.env.NODE_ENV === 'development') return '/app/enhance/index.ts'
	if (cached !== undefined) return cached
	try {
		const manifest = JSON.parse(
			fs.readFileSync(path.resolve(appRoot(), process.env.SITE_BUILD_DIR ?? 'build', 'client', 'enhance-manifest.json'), 'utf8'),
		) as Record<string, { file: string }>
		const entry = manifest['app/enhance/index.ts']
		cached = entry ? `/${entry.file}` : null
	} catch {
		cached = null
	}
	return cached
}
