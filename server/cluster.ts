import cluster from 'node:cluster'
import os from 'node:os'
import type { Env } from '../app/lib/env.server.ts'
import { entryOf, loadProductionBuild } from './build.ts'
import { fail } from './fail.ts'
import { activeMemoryProfile, machineMemoryMb, type MemoryProfile } from './memory-profile.ts'
import { SHUTDOWN_TIMEOUT_MS } from './shutdown.ts'

/**
 * What one worker process may hold after ten minutes of mixed load (cached
 * and cold pages, new searches, admin writes) with its heap capped by
 * `npm start` (HEAP_LIMIT_MB=256), by memory profile (server/memory-profile.ts):
 * `fast` 107–114 MB once started, about 170 MB after a first sign-in and
 * page visits, and 175–187 MB at the demo's volume with
 * npm start's settings (260–285 MB with 16 MB semi-spaces), 310–350 MB at
 * ×100 (with 16); `small`
 * 180–190 MB at the demo's volume
 * (`npm run soak` prints the figures).
 */
export const WORKER_MEMORY_MB: Record<MemoryProfile, number> = { fast: 320, small: 220 }
/** Left to the operating system, the database, the PDF and image work and the primary process. */
export const RESERVED_MEMORY_MB = 512

/** Beyond this an association's site gains little from more processes; WEB_CONCURRENCY=N goes higher. */
export const MAX_AUTO_WORKERS = 4

/**
 * WEB_CONCURRENCY=auto (the default): a worker per core but one, as many as
 * the memory holds beside what is reserved, at least one and at most four.
 * One core is left to what else runs beside the workers: the reverse proxy,
 * PostgreSQL, image and PDF work, V8's collector threads. On a 2-core
 * machine that is one worker: a second one answered 13–34 % more uncached
 * pages a second (wrk on the same machine, 32 connections) for 170 MB more
 * and a primary process (55 MB), which puts the server over 200 MB.
 */
export function defaultWorkerCount({
	cores = os.availableParallelism(),
	memoryMb = machineMemoryMb(),
	profile = activeMemoryProfile(),
}: { cores?: number; memoryMb?: number; profile?: MemoryProfile } = {}) {
	const fit = Math.floor((memoryMb - RESERVED_MEMORY_MB) / WORKER_MEMORY_MB[profile])
	return Math.max(1, Math.min(cores - 1, fit, MAX_AUTO_WORKERS))
}

export function workerCount(setting: Env['WEB_CONCURRENCY']) {
	return setting === 'auto' ? defaultWorkerCount() : setting
}

/** The process the primary forks first to migrate and seed, so the primary itself never loads the app. */
export const PREPARE_ROLE = 'prepare'

/**
 * Run in that process: migrations (under their lock) and the demo seed,
 * then exit: 0 when the workers may start.
 */
export async function runPreparation(env: Env, buildDir: string): Promise<never> {
	const entry = entryOf(await loadProductionBuild(buildDir))
	try {
		await entry.prepareApp({ migrate: true, seedDemo: env.SEED_DEMO ?? false })
		await entry.shutdownApp()
	} catch (error) {
		const name = (error as Error).name
		if (name === 'ConfigError' || name === 'StartupError') fail((error as Error).message)
		fail(`start-up failed: ${(error as Error).message}`)
	}
	process.exit(0)
}

/**
 * Several workers: the primary has one process migrate and seed, then forks
 * workers that share the port, starts a new one when one dies, and stops
 * them all on SIGTERM/SIGINT. The primary never loads the app (it would
 * hold 140 MB to do nothing).
 */
export async function runPrimary(workers: number, { listeningMessage }: { listeningMessage: string }) {
	const prepared = await new Promise<number | null>((resolve) => {
		cluster.fork({ SITE_ROLE: PREPARE_ROLE }).on('exit', (code) => resolve(code))
	})
	// The preparing process said why on stderr.
	if (prepared !== 0) process.exit(1)
	let stopping = false
	const stop = () => {
		stopping = true
		for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
		setTimeout(() => process.exit(0), SHUTDOWN_TIMEOUT_MS + 2000).unref()
		cluster.on('exit', () => {
			if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
		})
	}
	process.on('SIGTERM', stop)
	process.on('SIGINT', stop)
	let announced = 0
	cluster.on('listening', () => {
		if (++announced === workers) console.log(`${listeningMessage} (${workers} workers)`)
	})
	const fork = () => cluster.fork({ SITE_WORKER: '1' })
	// One worker first: a start-up failure (the port taken, a setting refused) is said once, by it, and
	// stops the server, instead of every worker saying it and being started again for ever.
	const started = await new Promise<boolean>((resolve) => {
		const first = fork()
		first.once('listening', () => resolve(true))
		first.once('exit', () => resolve(false))
	})
	if (!started) process.exit(stopping ? 0 : 1)
	for (let i = 1; i < workers; i++) fork()
	cluster.on('exit', (worker, code, signal) => {
		if (stopping) return
		const line = {
			level: 'warn',
			time: new Date().toISOString(),
			pid: worker.process.pid,
			code,
			signal,
			msg: 'worker exited; starting a new one',
		}
		process.stderr.write(`${JSON.stringify(line)}\n`)
		setTimeout(fork, 1000).unref()
	})
}
