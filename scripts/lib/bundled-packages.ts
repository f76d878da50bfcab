/**
 * Which packages the production builds bundle instead of loading from
 * node_modules (docs/decisions/006-server-built-to-javascript.md, addendum):
 * the ones named and every package they depend on, as installed. Node's
 * loader reads, resolves and links a package file by file; bundled, a
 * package of 300 files (Kysely) is one module to load. Shared by the app
 * build (vite.config.ts) and the server build (vite.server.config.ts), and
 * read by the test that checks what the builds still import.
 */
import fs from 'node:fs'
import { builtinModules } from 'node:module'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..', '..')

/**
 * Never bundled, even as another package's dependency: React, React DOM and
 * React Router must be one copy for both builds (the server build takes React
 * Router's request handler, the app renders with its components), and pg and
 * pino are loaded from node_modules as they expect.
 */
export const NEVER_BUNDLED: ReadonlySet<string> = new Set(['react', 'react-dom', 'react-router', '@react-router/node', 'pg', 'pino'])

/** The app build: pure JavaScript made of many small files (better-auth with its lazy chunk, loaded at the first sign-in). */
export const APP_BUNDLED_ROOTS = ['kysely', 'zod', 'marked', 'sanitize-html', 'better-auth']
/** The server build: Express and compression are a hundred-odd CommonJS files; zod reads the environment. */
export const SERVER_BUNDLED_ROOTS = ['express', 'compression', 'zod']

/** The package an import names: `@scope/name` or `name`, without a path inside it. */
export const packageOf = (id: string) =>
	id
		.split('/')
		.slice(0, id.startsWith('@') ? 2 : 1)
		.join('/')

/**
 * `roots` and their dependencies, transitively (a dependency installed inside
 * its dependant's own node_modules is read from there), without NEVER_BUNDLED.
 */
export function withDependencies(roots: ReadonlyArray<string>): Set<string> {
	const found = new Set<string>()
	const visit = (name: string, from: string) => {
		if (found.has(name) || NEVER_BUNDLED.has(name)) return
		const dir = [path.join(from, 'node_modules', name), path.join(ROOT, 'node_modules', name)].find((candidate) =>
			fs.existsSync(path.join(candidate, 'package.json')),
		)
		// Not installed (an optional dependency for another platform): nothing to bundle.
		if (!dir) return
		found.add(name)
		const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }
		for (const dependency of Object.keys(manifest.dependencies ?? {})) visit(dependency, dir)
	}
	for (const root of roots) visit(root, ROOT)
	return found
}

/** Whether an import stays outside a build that bundles `bundled`: Node's own modules and every other package. */
export function isExternal(id: string, bundled: ReadonlySet<string>) {
	if (id.startsWith('node:') || builtinModules.includes(id)) return true
	// Our own files: relative, absolute, the package's `#app/…` imports, and Vite's virtual modules.
	if (id.startsWith('.') || id.startsWith('#') || path.isAbsolute(id) || id.startsWith('\0')) return false
	return !bundled.has(packageOf(id))
}

/**
 * How both server builds write their files: ASCII only, letters beyond it
 * as escapes (`\u015f` for ş) and no comments (a comment keeps its letters).
 * V8 keeps each module's source text for as long as the process runs, one
 * byte a character when it is all ASCII and two otherwise: the Turkish text
 * in the app build made its 1.6 MB file a 3.2 MB string.
 */
export const SERVER_OUTPUT = { charset: 'ascii', comments: false } as const
