/**
 * `npm test`: everything CI checks, in the order that fails fastest.
 *   1. typecheck, lint (oxlint + prettier) and the production build, side by side
 *   2. unit and integration tests (Vitest; PostgreSQL too when TEST_POSTGRES_URL is set),
 *      as soon as the build is done (typecheck and lint finish beside it; if either fails,
 *      Vitest still runs to its end, so that it cleans up, and the run fails)
 *   3. end-to-end tests (Playwright, Debian Chromium, against the production build)
 * Stops at the first failing step and exits non-zero.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { stripVTControlCharacters } from 'node:util'

type Step = { name: string; command: string; args: Array<string> }

/**
 * An interrupted run stops every step still running with everything it
 * started: each step runs in a process group of its own, and the whole
 * group is signalled (the servers Vitest's workers start would otherwise
 * outlive their killed worker).
 */
const running = new Set<ChildProcess>()
const stopAll = () => {
	for (const child of running) {
		try {
			if (child.pid) process.kill(-child.pid, 'SIGTERM')
		} catch {
			// the group has ended already
		}
	}
}
process.on('exit', stopAll)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.once(signal, () => {
		stopAll()
		process.exit(130)
	})
}

function run({ name, command, args }: Step): Promise<{ name: string; ok: boolean; ms: number; output: string }> {
	const started = performance.now()
	return new Promise((resolve) => {
		const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env, detached: true })
		running.add(child)
		let output = ''
		child.stdout.on('data', (d: Buffer) => (output += d.toString()))
		child.stderr.on('data', (d: Buffer) => (output += d.toString()))
		child.on('close', (code) => {
			running.delete(child)
			resolve({ name, ok: code === 0, ms: Math.round(performance.now() - started), output })
		})
	})
}

function report(result: { name: string; ok: boolean; ms: number; output: string }, summary: RegExp | null) {
	const status = result.ok ? 'ok  ' : 'FAIL'
	console.log(`${status} ${result.name} (${(result.ms / 1000).toFixed(1)} s)`)
	if (!result.ok) {
		console.log(result.output.trimEnd())
	} else if (summary) {
		const lines = stripVTControlCharacters(result.output)
			.split('\n')
			.filter((line) => summary.test(line))
		for (const line of lines) console.log(`     ${line.trim()}`)
	}
	return result.ok
}

const npx = 'npx'
const VITEST_SUMMARY = /^\s*(Test Files|Tests)\s/
// Vitest starts the built server, so it waits for the build only; typecheck and lint go on beside its
// first minute, when it leaves a core idle (the three took 30 s before the first test ran).
const checks = [
	run({ name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] }),
	run({ name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] }),
]
if (!report(await run({ name: 'build', command: 'npm', args: ['run', '--silent', 'build'] }), null)) process.exit(1)

console.log(
	process.env.TEST_POSTGRES_URL ? 'Vitest on SQLite and PostgreSQL' : 'Vitest on SQLite (set TEST_POSTGRES_URL to include PostgreSQL)',
)
const vitest = run({ name: 'unit + integration', command: npx, args: ['vitest', 'run'] })
let ok = true
for (const result of await Promise.all(checks)) ok = report(result, result.name === 'lint' ? /Found \d+ warnings/ : null) && ok
if (!ok) {
	// Stopped by a signal, Vitest skips its teardown and leaves its PostgreSQL databases and folders behind.
	console.log('Waiting for Vitest to finish, so that it removes its databases and folders (Ctrl-C stops it at once)…')
	report(await vitest, VITEST_SUMMARY)
	process.exit(1)
}
if (!report(await vitest, VITEST_SUMMARY)) process.exit(1)
if (
	!report(
		await run({ name: 'end-to-end', command: npx, args: ['playwright', 'test', '--reporter=line'] }),
		/^\s*\d+ (passed|failed|flaky|skipped)/,
	)
)
	process.exit(1)
console.log('All checks passed.')
