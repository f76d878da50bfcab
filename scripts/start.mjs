/**
 * `npm start`: builds when there is no build (or the sources are newer),
 * then serves the production build. Demo content is on unless the operator
 * runs in production mode (NODE_ENV=production) or sets SEED_DEMO.
 *
 * JavaScript, not TypeScript, as is the server it starts (`build/node/server.js`):
 * Node's type stripping would keep a TypeScript compiler in the process.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import module from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const root = path.resolve(import.meta.dirname, '..')
const buildDir = path.resolve(root, process.env.SITE_BUILD_DIR ?? 'build')
const buildFile = path.join(buildDir, 'server', 'index.js')
const serverFile = path.join(buildDir, 'node', 'server.js')
const enhanceManifest = path.join(buildDir, 'client', 'enhance-manifest.json')

function newestSourceTime() {
	let newest = 0
	/** @param {string} dir */
	const walk = (dir) => {
		for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
			const full = path.join(dir, entry.name)
			if (entry.isDirectory()) walk(full)
			else newest = Math.max(newest, fs.statSync(full).mtimeMs)
		}
	}
	for (const dir of ['app', 'db', 'server']) walk(path.join(root, dir))
	for (const file of [
		'server.ts',
		'package-lock.json',
		'vite.config.ts',
		'vite.enhance.config.ts',
		'vite.server.config.ts',
		'react-router.config.ts',
	]) {
		const full = path.join(root, file)
		if (fs.existsSync(full)) newest = Math.max(newest, fs.statSync(full).mtimeMs)
	}
	return newest
}

const needsBuild =
	!fs.existsSync(buildFile) ||
	!fs.existsSync(enhanceManifest) ||
	!fs.existsSync(serverFile) ||
	Math.min(fs.statSync(buildFile).mtimeMs, fs.statSync(serverFile).mtimeMs) < newestSourceTime()
if (needsBuild) {
	console.log('Building the site (first start or changed sources)…')
	const result = spawnSync('npm', ['run', '--silent', 'build'], {
		cwd: root,
		stdio: 'inherit',
		env: { ...process.env, NODE_ENV: 'production' },
	})
	if (result.status !== 0) {
		console.error('error: the build failed (see above).')
		process.exit(result.status ?? 1)
	}
}

process.chdir(root)
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'))
const operatorProduction = process.env.NODE_ENV === 'production'
process.env.SEED_DEMO ??= operatorProduction ? '0' : '1'
process.env.NODE_ENV = 'production'
// V8's compiled code for the server's modules is kept on disk (in the system's temporary directory
// unless NODE_COMPILE_CACHE names another): a restart, and each worker, starts about a third faster.
process.env.NODE_COMPILE_CACHE ??= path.join(os.tmpdir(), 'node-compile-cache')
module.enableCompileCache(process.env.NODE_COMPILE_CACHE)
/** @type {{ main: () => Promise<void> }} */
const { main } = await import(pathToFileURL(serverFile).href)
await main()
