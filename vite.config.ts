import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig({
	plugins: [reactRouter()],
	build: {
		// Small images and fonts stay separate files so they cache on their own.
		assetsInlineLimit: 0,
	},
	server: { port: 5173 },
})
