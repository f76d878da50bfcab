import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

/**
 * Packages bundled into the server build instead of loaded from node_modules
 * at each start: plain JavaScript without native code or files of their own,
 * made of many small modules that Node's loader would resolve, read and link
 * one by one. Kysely alone is 300 files (117 ms of CPU to import on its own,
 * 9 ms as one bundle). React, React Router and the packages that read their
 * own files (pdfkit, fontkit, sharp) or start threads (pino) stay external.
 */
const BUNDLED = [
	'kysely',
	'zod',
	'marked',
	'sanitize-html',
	'htmlparser2',
	'domhandler',
	'domutils',
	'dom-serializer',
	'domelementtype',
	'entities',
	'postcss',
	'nanoid',
	'picocolors',
	'source-map-js',
	'escape-string-regexp',
	'is-plain-object',
	'launder',
	'parse-srcset',
	'deepmerge',
	'better-auth',
	/^@better-auth\//,
	/^@better-fetch\//,
	/^@noble\//,
	'better-call',
	'rou3',
	'defu',
	'jose',
	'nanostores',
	'@standard-schema/spec',
]

export default defineConfig(({ command }) => ({
	plugins: [reactRouter()],
	build: {
		// Small images and fonts stay separate files so they cache on their own.
		assetsInlineLimit: 0,
	},
	// Development loads every package from node_modules, as Vite's dev server expects.
	ssr: command === 'build' ? { noExternal: BUNDLED } : {},
	server: { port: 5173 },
}))
