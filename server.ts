/**
 * The production (and development) HTTP server. This file decides what the
 * process is: a cluster's primary (WEB_CONCURRENCY, server/cluster.ts), the
 * process that migrates before the workers start, or one that serves
 * (server/app-server.ts, loaded only there: the primary stays small).
 */
import cluster from 'node:cluster'
import path from 'node:path'
import { ConfigError, loadEnvFileIfPresent, readEnv, type Env } from './app/lib/env.server.ts'
import { PREPARE_ROLE, runPreparation, runPrimary, workerCount } from './server/cluster.ts'
import { fail } from './server/fail.ts'
import { applyMemoryProfile, memoryProfile } from './server/memory-profile.ts'

export { SHUTDOWN_TIMEOUT_MS } from './server/shutdown.ts'

/**
 * The build this server serves. `npm start` runs this file as built into
 * `<build>/node/server.js` (vite.server.config.ts), which serves the build it
 * is part of; run from the sources (`npm run dev`, `node server.ts`) it
 * serves `build/` or SITE_BUILD_DIR.
 */
const BUILD_DIR = import.meta.filename.endsWith('.ts')
	? path.resolve(import.meta.dirname, process.env.SITE_BUILD_DIR ?? 'build')
	: path.resolve(import.meta.dirname, '..')

function readEnvOrExit(): Env {
	try {
		return readEnv()
	} catch (error) {
		if (error instanceof ConfigError) fail(error.message)
		throw error
	}
}

function listeningMessage(env: Env) {
	const host = env.HOST && env.HOST !== '0.0.0.0' ? env.HOST : 'localhost'
	return `Site ready at http://${host}:${env.PORT}`
}

export async function main() {
	loadEnvFileIfPresent()
	const env = readEnvOrExit()
	// Before anything is loaded: a process that should run small starts again with V8's flag (workers inherit it).
	if (env.NODE_ENV === 'production' && cluster.isPrimary) applyMemoryProfile(memoryProfile(env.MEMORY_PROFILE))
	const workers = env.NODE_ENV === 'production' ? workerCount(env.WEB_CONCURRENCY) : 1

	if (cluster.isPrimary && workers > 1) {
		await runPrimary(workers, { listeningMessage: listeningMessage(env) })
		return
	}
	if (cluster.isWorker && process.env.SITE_ROLE === PREPARE_ROLE) await runPreparation(env, BUILD_DIR)

	const { startServer } = await import('./server/app-server.ts')
	const { close } = await startServer(env, { buildDir: BUILD_DIR, primary: !cluster.isWorker })
	if (!cluster.isWorker) console.log(listeningMessage(env))
	const stop = () => {
		void close().then(() => process.exit(0))
	}
	process.on('SIGTERM', stop)
	process.on('SIGINT', stop)
}

if (import.meta.main) await main()
