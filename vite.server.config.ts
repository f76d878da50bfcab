import { defineConfig } from 'vite'
import { isExternal, SERVER_BUNDLED_ROOTS, SERVER_OUTPUT, withDependencies } from './scripts/lib/bundled-packages.ts'

/**
 * The HTTP server (`server.ts` and `server/`) as JavaScript, built beside
 * React Router's server build (`npm run build` runs both) into
 * `build/node/server.js`, which `npm start` runs. Node could run the
 * TypeScript itself, but its type stripping keeps a TypeScript compiler
 * (WebAssembly) in every process: 15 MB of resident memory per process and a
 * quarter of a second more at each start.
 *
 * Express, compression and zod are bundled with their dependencies
 * (scripts/lib/bundled-packages.ts): Node's loader read, resolved and linked
 * their hundred-odd CommonJS files one by one (110 ms of CPU at each start for
 * Express, 50 as one bundle). Other packages stay in node_modules; React
 * Router above all, which the app build (vite.config.ts) loads from there too.
 */
const bundled = withDependencies(SERVER_BUNDLED_ROOTS)

export default defineConfig({
	publicDir: false,
	logLevel: 'warn',
	ssr: { noExternal: [...bundled] },
	build: {
		ssr: true,
		outDir: `${process.env.SITE_BUILD_DIR ?? 'build'}/node`,
		emptyOutDir: true,
		target: 'node24',
		minify: false,
		rollupOptions: {
			input: { server: 'server.ts' },
			external: (id) => isExternal(id, bundled),
			output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name].js', ...SERVER_OUTPUT },
		},
	},
})
