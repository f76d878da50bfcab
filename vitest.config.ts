import { defineConfig } from 'vitest/config'
import { keepTemporaryFilesInScratch } from './tests/setup/scratch.ts'

keepTemporaryFilesInScratch()

/**
 * Unit and integration tests (real SQLite files, a real PostgreSQL server
 * when TEST_POSTGRES_URL is set). Playwright's specs live in tests/e2e and
 * are not Vitest's.
 */
export default defineConfig({
	test: {
		include: ['app/**/*.test.{ts,tsx}', 'db/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/integration/**/*.test.ts'],
		exclude: ['tests/e2e/**', 'node_modules/**', 'build/**'],
		environment: 'node',
		globalSetup: ['tests/setup/global.ts'],
		setupFiles: ['tests/setup/vitest.setup.ts'],
		testTimeout: 60_000,
		hookTimeout: 60_000,
		pool: 'forks',
		// Files share their worker's modules instead of loading the app again for each of the 137 (a fork and
		// the app's module graph per file was a quarter of the suite's CPU: 378 -> 290 s on 2 cores). What a
		// module keeps for the process is kept per database, since a worker opens one database per test.
		isolate: false,
		// Two files at a time: most integration files wait on a server process, PostgreSQL or the browser,
		// so a second file fills the idle core (Vitest's default on 2 cores is one file at a time).
		maxWorkers: 2,
		env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
	},
})
