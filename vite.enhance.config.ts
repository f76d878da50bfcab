import { defineConfig } from 'vite'

/**
 * The public pages' enhancement script, built beside React Router's client
 * build (`npm run build` runs both). The server reads the manifest to link it.
 */
export default defineConfig({
	publicDir: false,
	build: {
		outDir: `${process.env.SITE_BUILD_DIR ?? 'build'}/client`,
		emptyOutDir: false,
		manifest: 'enhance-manifest.json',
		target: 'es2022',
		modulePreload: false,
		rollupOptions: {
			input: { enhance: 'app/enhance/index.ts' },
			output: {
				entryFileNames: 'assets/[name]-[hash].js',
				chunkFileNames: 'assets/[name]-[hash].js',
			},
		},
	},
})
