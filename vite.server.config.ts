import { builtinModules } from 'node:module'
import { defineConfig } from 'vite'

/**
 * The HTTP server (`server.ts` and `server/`) as JavaScript, built beside
 * React Router's server build (`npm run build` runs both) into
 * `build/node/server.js`, which `npm start` runs. Node could run the
 * TypeScript itself, but its type stripping keeps a TypeScript compiler
 * (WebAssembly) in every process: 15 MB of resident memory per process and a
 * quarter of a second more at each start.
 *
 * Express, compression and zod are bundled with what they import: Node's
 * loader read, resolved and linked their hundred-odd CommonJS files one by
 * one (110 ms of CPU at each start for Express, 50 as one bundle). Other
 * packages stay in node_modules; React Router above all, which the app build
 * (vite.config.ts) loads from there too.
 */
const BUNDLED = new Set(['express', 'compression', 'zod'])
const packageOf = (id: string) =>
	id
		.split('/')
		.slice(0, id.startsWith('@') ? 2 : 1)
		.join('/')
function external(id: string, importer: string | undefined) {
	if (id.startsWith('node:') || builtinModules.includes(id)) return true
	if (id.startsWith('.') || id.startsWith('/') || id.startsWith('\0')) return false
	// What a bundled package imports is bundled with it.
	if (importer?.includes('/node_modules/')) return false
	return !BUNDLED.has(packageOf(id))
}
export default defineConfig({
	publicDir: false,
	logLevel: 'warn',
	// Which packages are bundled is `external`'s choice, not Vite's.
	ssr: { noExternal: true },
	build: {
		ssr: true,
		outDir: `${process.env.SITE_BUILD_DIR ?? 'build'}/node`,
		emptyOutDir: true,
		target: 'node24',
		minify: false,
		rollupOptions: {
			input: { server: 'server.ts' },
			external,
			output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name].js' },
		},
	},
})
