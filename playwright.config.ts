import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from './tests/setup/browser.ts'
import { keepTemporaryFilesInScratch } from './tests/setup/scratch.ts'

keepTemporaryFilesInScratch()

const PORT = Number(process.env.E2E_PORT ?? 3210)
/**
 * `E2E_POSTGRES=1` (with TEST_POSTGRES_URL) runs the journeys of the accounts
 * and history features (invitations, password reset, two-factor sign-in,
 * sessions, the audit log, the trash and revisions) a second time against a
 * PostgreSQL database. `npm test` leaves them to SQLite: every server-side
 * path those journeys take runs on both databases in the Vitest suite
 * (users-admin, password-reset-http, two-factor-signin, sessions-admin,
 * audit-admin, trash-admin and revisions, over HTTP against the production
 * server), and what the browser adds does not depend on the database; the
 * second run cost 59 s of test time, 30 s of the suite on 2 cores.
 */
const POSTGRES_JOURNEYS = /(accounts|history)-[^/]*(?<!\.nojs)\.test\.ts$/
const POSTGRES = Boolean(process.env.TEST_POSTGRES_URL) && process.env.E2E_POSTGRES === '1'
const PG_PORT = PORT + 1
const server = (port: number, env: Record<string, string> = {}) => ({
	command: 'node tests/e2e/server.ts',
	url: `http://127.0.0.1:${port}/readyz`,
	reuseExistingServer: false,
	timeout: 120_000,
	stdout: 'ignore' as const,
	stderr: 'pipe' as const,
	env: { E2E_PORT: String(port), ...env },
	// SIGTERM, so the server closes and its exit handler drops its PostgreSQL database (by default the
	// process group is SIGKILLed, and every run left a database behind on the server).
	gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
})

/**
 * End-to-end tests against the production build, on its own data directory
 * and port, in Debian's Chromium. The `nojs` project proves the pages work
 * without JavaScript.
 */
export default defineConfig({
	testDir: 'tests/e2e',
	// Separate directories let several checkouts run their suites side by side.
	outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
	testMatch: /.*\.test\.ts/,
	fullyParallel: true,
	workers: 2,
	forbidOnly: Boolean(process.env.CI),
	// No retries anywhere: a test that passes only on its second try is a failure to fix, not to hide.
	retries: 0,
	reporter: process.env.CI ? [['list'], ['github']] : [['list']],
	// The longest journey takes 13 s on a quiet 2-core machine (admin settings, 245 tests in 6 min); CI shares
	// its machine, and at a load average of 10 the same steps took 4x as long and one journey passed 30 s.
	timeout: 60_000,
	expect: { timeout: 10_000 },
	use: {
		baseURL: `http://127.0.0.1:${PORT}`,
		locale: 'tr-TR',
		timezoneId: 'Europe/Istanbul',
		// A trace records the page all along (DOM snapshots and a screencast): a quarter of the suite's CPU.
		// E2E_TRACE=1 keeps one for each failing test (`npx playwright show-trace`); otherwise a failure leaves its screenshot.
		trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
		screenshot: 'only-on-failure',
		launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
	},
	projects: [
		{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } }, testIgnore: /\.nojs\.test\.ts/ },
		{ name: 'nojs', use: { ...devices['Desktop Chrome'], javaScriptEnabled: false }, testMatch: /\.nojs\.test\.ts/ },
		...(POSTGRES
			? [
					{
						name: 'postgres',
						use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 }, baseURL: `http://127.0.0.1:${PG_PORT}` },
						testMatch: POSTGRES_JOURNEYS,
					},
				]
			: []),
	],
	webServer: [server(PORT, { E2E_POSTGRES: '0' }), ...(POSTGRES ? [server(PG_PORT, { E2E_POSTGRES: '1' })] : [])],
})
