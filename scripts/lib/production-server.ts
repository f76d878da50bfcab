/**
 * What the measuring scripts (bench, lighthouse, soak, security:scan) share:
 * run a command or fail, build the production bundle, seed a data directory,
 * start `server.ts` on it in production mode and wait until it is ready.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const ROOT = path.resolve(import.meta.dirname, '..', '..')

const START_SCRIPT = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start

/**
 * The V8 flags `npm start` runs the server with (package.json is the one place they are written),
 * a `${NAME:-default}` in one taken from the environment as the shell would.
 */
export const NODE_FLAGS: Array<string> = (START_SCRIPT.match(/--[\w-]+(?:=\S+)?/g) ?? []).map((flag) =>
	flag.replace(/\$\{([A-Z_]+):-([^}]*)\}/g, (_, name: string, fallback: string) => process.env[name] || fallback),
)

/** The environment `npm start` sets before Node starts (`NAME=${NAME:-default}`), with the caller's values winning. */
export const START_ENV: Record<string, string> = Object.fromEntries(
	[...START_SCRIPT.matchAll(/\b([A-Z_]+)=\$\{\1:-([^}]*)\}/g)].map(([, name, fallback]) => [name!, process.env[name!] ?? fallback!]),
)

/** The server as `npm run build` built it (`build/node/server.js`, vite.server.config.ts), which `npm start` runs. */
export function serverEntry(buildDir = process.env.SITE_BUILD_DIR ?? 'build') {
	return path.resolve(ROOT, buildDir, 'node', 'server.js')
}

/** Runs a command to completion with inherited output; throws when it fails. */
export function run(command: string, args: Array<string>, env: Record<string, string> = {}) {
	const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } })
	if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`)
}

export function buildProduction() {
	console.log('Building the production bundle…')
	run('npm', ['run', '--silent', 'build'])
}

/**
 * A fresh temporary data directory, optionally filled with the demo content,
 * its dynamic content multiplied by `factor` (`scripts/bench-data.ts`: ×100 for the scale measurements).
 */
export function makeDataDir(prefix: string, { seed = true, factor = 1 } = {}) {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `site-${prefix}-`))
	if (seed) run(process.execPath, ['scripts/db.ts', 'seed', '--quiet'], { DATA_DIR: dataDir, NODE_ENV: 'production' })
	if (seed && factor > 1)
		run(process.execPath, ['scripts/bench-data.ts', '--factor', String(factor)], { DATA_DIR: dataDir, NODE_ENV: 'production' })
	return dataDir
}

/** Adds an admin account to a data directory through the operator CLI. */
export function createAdmin(dataDir: string, account: { email: string; password: string; name: string }) {
	run(process.execPath, ['scripts/admin.ts', 'create', '--email', account.email, '--password', account.password, '--name', account.name], {
		DATA_DIR: dataDir,
		NODE_ENV: 'production',
	})
}

/** The production server on 127.0.0.1:port over dataDir, resolved once /readyz answers. */
export async function startProductionServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
	const child = spawn(process.execPath, [...NODE_FLAGS, serverEntry()], {
		cwd: ROOT,
		env: {
			...process.env,
			...START_ENV,
			NODE_ENV: 'production',
			SEED_DEMO: '0',
			// Drawing the share cards of a seeded site is a background process that would take CPU from what is measured.
			SHARE_CARDS: 'off',
			DATA_DIR: dataDir,
			PORT: String(port),
			HOST: '127.0.0.1',
			LOG_LEVEL: 'warn',
			// The figures are per worker process unless the caller asks for more.
			WEB_CONCURRENCY: '1',
			...env,
		},
		stdio: ['ignore', 'ignore', 'inherit'],
	})
	for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
		if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
		try {
			if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 150))
	}
	child.kill('SIGKILL')
	throw new Error('the server did not become ready')
}

export async function stopServer(child: ChildProcess) {
	if (child.exitCode !== null) return
	child.kill('SIGTERM')
	await new Promise((resolve) => child.once('exit', resolve))
}

/**
 * Proportional set size in MB (/proc/PID/smaps_rollup): resident memory with
 * each page shared with other processes (Node's own code, mapped from its
 * binary, which every worker and every other Node process share) counted
 * as its share. Summed over a cluster's processes it is what they hold
 * together; their resident sizes summed count the shared pages again for
 * each process.
 */
export function pssMb(pid: number) {
	const kb = Number(/^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0)
	return Math.round(kb / 102.4) / 10
}

/** Resident memory of a process in MB, from /proc. */
export function rssMb(pid: number) {
	const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
	return Math.round(kb / 102.4) / 10
}
