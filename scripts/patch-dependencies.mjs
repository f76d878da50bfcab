/**
 * Runs after `npm install` / `npm ci` (package.json "postinstall"). Plain
 * JavaScript, not TypeScript: npm may run it with whatever Node it finds.
 *
 * React Router 8.4.0 encodes every document request's loader data for the
 * browser (turbo-stream) before it calls app/entry.server.tsx, whether the
 * page will hydrate or not. Public pages never hydrate (decision 001), so
 * that work is thrown away: 5-21 % of the CPU of an uncached render (home
 * 15.1 -> 11.9 ms, measured one after the other, same data and load). This
 * makes the encoding a getter, run when something first reads it: ServerRouter
 * on a hydrating page; entry.server gives the others a context without it.
 * See docs/decisions/005-lazy-loader-data-encoding.md.
 *
 * The edit is exact: it applies to the code it knows, says so when a file is
 * already patched, and stops the install with an error on any other code (a
 * React Router upgrade must look at this again). Without it (an install with
 * --ignore-scripts) the site works the same, only slower.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const EAGER =
	'serverHandoffStream: encodeViaTurboStream(state, request.signal, build.entry.module.streamTimeout, serverMode),\n\t\t\trenderMeta'
// Read once, it replaces itself with the stream (ServerRouter reads it twice: to test it and to read it).
const LAZY =
	"get serverHandoffStream() { return Object.defineProperty(this, 'serverHandoffStream', { value: encodeViaTurboStream(state, request.signal, build.entry.module.streamTimeout, serverMode), enumerable: true, writable: true }).serverHandoffStream },\n\t\t\trenderMeta"
export const REACT_ROUTER_FILES = ['production', 'development'].map((build) =>
	path.join('node_modules', 'react-router', 'dist', build, 'lib', 'server-runtime', 'server.js'),
)

/** The patched text of one file, or an error naming what is wrong with it. */
export function patchServerRuntime(text) {
	if (text.includes(LAZY)) return { text, changed: false }
	const at = text.indexOf(EAGER)
	if (at === -1 || text.indexOf(EAGER, at + 1) !== -1) {
		throw new Error('react-router server-runtime: the code to patch was not found; see scripts/patch-dependencies.mjs')
	}
	return { text: text.replace(EAGER, LAZY), changed: true }
}

export function patchDependencies(root = ROOT) {
	for (const file of REACT_ROUTER_FILES) {
		const full = path.join(root, file)
		const { text, changed } = patchServerRuntime(fs.readFileSync(full, 'utf8'))
		if (changed) fs.writeFileSync(full, text)
		console.log(`${changed ? 'patched' : 'already patched'}: ${file} (loader data encoded only for pages that hydrate)`)
	}
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) patchDependencies()
