/**
 * Runs after `npm install` / `npm ci` (package.json "postinstall"). Plain
 * JavaScript, not TypeScript: npm may run it with whatever Node it finds.
 *
 * Exact edits of React Router 8.4.0's server code (both its builds,
 * production and development), each removing work it does again on every
 * document request though the result cannot change:
 *
 * - `lazy-handoff`: the page's loader data is encoded for the browser
 *   (turbo-stream) before app/entry.server.tsx is called, whether the page
 *   will hydrate or not. Public pages never hydrate (decision 001), so that
 *   work was thrown away: 5-21 % of the CPU of an uncached render. The
 *   encoding becomes a getter, run when something first reads it (ServerRouter
 *   on a hydrating page; entry.server gives the others a context without it).
 *   docs/decisions/005-lazy-loader-data-encoding.md.
 * - `route-modules`, `server-routes`, `static-routes`: the route table's
 *   objects (a map of route modules, the server routes built from the
 *   manifest, their data-route copies) were built again for every render
 *   from the same build: 5-7 % of a small page's CPU. They are kept per
 *   build object (a WeakMap: a new build in development is a new key).
 *   docs/decisions/007-route-objects-kept-per-build.md.
 * - `route-matches`: finding a path's routes tried the path against every
 *   route in turn (a regular expression each), twice a request: 5 % of an
 *   uncached home page's CPU. The matcher keeps what it found per path (at
 *   most 1000 paths of up to 512 characters, the oldest forgotten first; forgotten all when its routes
 *   change) and hands each caller its own copy of the matches and params.
 *   docs/decisions/007-route-objects-kept-per-build.md.
 *
 * Each edit applies to the code it knows, says so when a file is already
 * patched, and stops the install with an error on any other code (a React
 * Router upgrade must look at these again). Without them (an install with
 * --ignore-scripts) the site works the same, only slower.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const BUILDS = ['production', 'development']

export const PATCHES = [
	{
		name: 'lazy-handoff',
		file: 'lib/server-runtime/server.js',
		what: 'loader data encoded only for pages that hydrate',
		find: 'serverHandoffStream: encodeViaTurboStream(state, request.signal, build.entry.module.streamTimeout, serverMode),\n\t\t\trenderMeta',
		// Read once, it replaces itself with the stream (ServerRouter reads it twice: to test it and to read it).
		replace:
			"get serverHandoffStream() { return Object.defineProperty(this, 'serverHandoffStream', { value: encodeViaTurboStream(state, request.signal, build.entry.module.streamTimeout, serverMode), enumerable: true, writable: true }).serverHandoffStream },\n\t\t\trenderMeta",
	},
	{
		name: 'route-modules',
		file: 'lib/server-runtime/entry.js',
		what: 'route modules map kept per build',
		find: 'function createEntryRouteModules(manifest) {\n\treturn Object.keys(manifest).reduce(',
		replace:
			'const keptEntryRouteModules = new WeakMap();\nfunction createEntryRouteModules(manifest) {\n\tlet kept = keptEntryRouteModules.get(manifest);\n\tif (!kept) keptEntryRouteModules.set(manifest, kept = buildEntryRouteModules(manifest));\n\treturn kept;\n}\nfunction buildEntryRouteModules(manifest) {\n\treturn Object.keys(manifest).reduce(',
	},
	{
		name: 'server-routes',
		file: 'lib/dom/ssr/server.js',
		what: 'server routes kept per build',
		find: 'function ServerRouter({ context, url, nonce }) {\n\tif (typeof url === "string") url = new URL(url);\n\tlet { manifest, routeModules, criticalCss, serverHandoffString } = context;\n\tlet routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);',
		replace:
			'const keptServerRoutes = new WeakMap();\nfunction serverRoutesOf(manifestRoutes, routeModules, future, isSpaMode) {\n\tlet kept = keptServerRoutes.get(manifestRoutes);\n\tif (kept && kept.routeModules === routeModules && kept.future === future && kept.isSpaMode === isSpaMode) return kept.routes;\n\tlet routes = createServerRoutes(manifestRoutes, routeModules, future, isSpaMode);\n\tkeptServerRoutes.set(manifestRoutes, { routeModules, future, isSpaMode, routes });\n\treturn routes;\n}\nfunction ServerRouter({ context, url, nonce }) {\n\tif (typeof url === "string") url = new URL(url);\n\tlet { manifest, routeModules, criticalCss, serverHandoffString } = context;\n\tlet routes = serverRoutesOf(manifest.routes, routeModules, context.future, context.isSpaMode);',
	},
	{
		name: 'static-routes',
		file: 'lib/dom/server.js',
		what: 'data routes kept per route table',
		find: '\tlet manifest = {};\n\tlet dataRoutes = convertRoutesToDataRoutes(routes, void 0, void 0, manifest);\n\tlet future = { ...opts?.future };',
		replace:
			'\tlet kept = keptStaticDataRoutes.get(routes);\n\tif (!kept) {\n\t\tlet manifest = {};\n\t\tkept = { manifest, dataRoutes: convertRoutesToDataRoutes(routes, void 0, void 0, manifest) };\n\t\tkeptStaticDataRoutes.set(routes, kept);\n\t}\n\tlet { manifest, dataRoutes } = kept;\n\tlet future = { ...opts?.future };',
		// Declared beside the function it serves.
		before: { find: 'function createStaticRouter(routes, context, opts = {}) {', insert: 'const keptStaticDataRoutes = new WeakMap();\n' },
	},
	{
		name: 'route-matches',
		file: 'lib/router/matcher.js',
		what: 'route matches kept per path',
		find: '\tupdate(routes) {\n\t\tthis.#routes = routes;\n\t\tthis.#branches = flattenAndRankRoutes(routes);\n\t}\n\tmatch(locationArg, allowPartial = false) {\n\t\treturn matchRoutesImpl(this.#routes, locationArg, this.#basename, allowPartial, this.#branches);\n\t}',
		// Only the pathname is matched (a string address is parsed for it). Every match of one call shares one params object, as upstream.
		replace:
			'\t#kept = new Map();\n\tupdate(routes) {\n\t\tthis.#routes = routes;\n\t\tthis.#branches = flattenAndRankRoutes(routes);\n\t\tthis.#kept.clear();\n\t}\n\tmatch(locationArg, allowPartial = false) {\n\t\tlet key = `${allowPartial ? 1 : 0}${typeof locationArg === "string" ? `s${locationArg}` : `p${locationArg.pathname ?? ""}`}`;\n\t\tlet kept = this.#kept.get(key);\n\t\tif (kept === void 0) {\n\t\t\tkept = matchRoutesImpl(this.#routes, locationArg, this.#basename, allowPartial, this.#branches);\n\t\t\tif (key.length <= 512) {\n\t\t\t\tif (this.#kept.size >= 1000) this.#kept.delete(this.#kept.keys().next().value);\n\t\t\t\tthis.#kept.set(key, kept);\n\t\t\t}\n\t\t}\n\t\tif (!kept) return kept;\n\t\tlet params = { ...kept[0]?.params };\n\t\treturn kept.map((match) => ({ ...match, params }));\n\t}',
	},
]

/** The installed files a patch edits, relative to the project. */
export function patchFiles(patch) {
	return BUILDS.map((build) => path.join('node_modules', 'react-router', 'dist', build, patch.file))
}

/** The patched text of one file, or an error naming what is wrong with it. */
export function applyPatch(text, patch) {
	if (text.includes(patch.replace)) return { text, changed: false }
	const at = text.indexOf(patch.find)
	if (at === -1 || text.indexOf(patch.find, at + 1) !== -1) {
		throw new Error(`react-router (${patch.name}): the code to patch was not found; see scripts/patch-dependencies.mjs`)
	}
	let patched = text.replace(patch.find, patch.replace)
	if (patch.before) {
		const anchor = patched.indexOf(patch.before.find)
		if (anchor === -1) throw new Error(`react-router (${patch.name}): the code to patch was not found; see scripts/patch-dependencies.mjs`)
		patched = patched.slice(0, anchor) + patch.before.insert + patched.slice(anchor)
	}
	return { text: patched, changed: true }
}

export function patchDependencies(root = ROOT) {
	for (const patch of PATCHES) {
		for (const file of patchFiles(patch)) {
			const full = path.join(root, file)
			const { text, changed } = applyPatch(fs.readFileSync(full, 'utf8'), patch)
			if (changed) fs.writeFileSync(full, text)
			console.log(`${changed ? 'patched' : 'already patched'}: ${file} (${patch.what})`)
		}
	}
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) patchDependencies()
