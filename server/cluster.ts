import cluster from 'node:cluster'
import type { Env } from '../app/lib/env.server.ts'
import { entryOf, loadProductionBuild } from './build.ts'
import { fail } from './fail.ts'
import { SHUTDOWN_TIMEOUT_MS } from './shutdown.ts'

/**
 * WEB_CONCURRENCY > 1: the primary migrates and seeds once, then forks
 * workers that share the port, starts a new one when one dies, and stops
 * them all on SIGTERM/SIGINT.
 */
export async function runPrimary(
	env: Env,
	workers: number,
	{ buildDir, listeningMessage }: { buildDir: string; listeningMessage: string },
) {
	const build = await loadProductionBuild(buildDir)
	const entry = entryOf(build)
	try {
		await entry.prepareApp({ migrate: true, seedDemo: env.SEED_DEMO ?? false })
	} catch (error) {
		fail((error as Error).message)
	}
	await entry.shutdownApp()
	let stopping = false
	const fork = () => cluster.fork({ SITE_WORKER: '1' })
	for (let i = 0; i < workers; i++) fork()
	cluster.on('exit', (worker, code, signal) => {
		if (stopping) return
		entry.logger.warn({ pid: worker.process.pid, code, signal }, 'worker exited; starting a new one')
		setTimeout(fork, 1000).unref()
	})
	let announced = 0
	cluster.on('listening', () => {
		if (++announced === workers) console.log(`${listeningMessage} (${workers} workers)`)
	})
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
}
