import { builtinModules } from 'node:module'
import { defineConfig } from 'vite'

/**
 * The HTTP server (`server.ts` and `server/`) as JavaScript, built beside
 * React Router's server build (`npm run build` runs both) into
 * `build/node/server.js`, which `npm start` runs. Node could run the
 * TypeScript itself, but its type stripping keeps a TypeScript compiler
 * (WebAssembly) in every process: 15 MB of resident memory per process and a
 * quarter of a second more at each start. Packages stay in node_modules;
 * only our own files are bundled.
 */
export default defineConfig({
	publicDir: false,
	logLevel: 'warn',
	build: {
		ssr: true,
		outDir: `${process.env.SITE_BUILD_DIR ?? 'build'}/node`,
		emptyOutDir: true,
		target: 'node24',
		minify: false,
		rollupOptions: {
			input: { server: 'server.ts' },
			external: [/^node:/, ...builtinModules, /^[a-z@][^:]*$/],
			output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name].js' },
		},
	},
})
