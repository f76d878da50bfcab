import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'
import { APP_BUNDLED_ROOTS, SERVER_OUTPUT, withDependencies } from './scripts/lib/bundled-packages.ts'

export default defineConfig(({ command }) => ({
	plugins: [reactRouter()],
	build: {
		// Small images and fonts stay separate files so they cache on their own.
		assetsInlineLimit: 0,
	},
	// Its server-side build bundles Kysely, zod, marked, sanitize-html and better-auth with their dependencies
	// (scripts/lib/bundled-packages.ts); development loads every package from node_modules, as Vite's dev server expects.
	ssr: command === 'build' ? { noExternal: [...withDependencies(APP_BUNDLED_ROOTS)] } : {},
	environments: {
		// The server build is ASCII only (SERVER_OUTPUT).
		ssr: { build: { rollupOptions: { output: SERVER_OUTPUT } } },
	},
	server: { port: 5173 },
}))
