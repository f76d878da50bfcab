import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { appRoot } from '#app/lib/app-root.server.ts'
import { onContentWrite } from '#app/lib/content-version.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { SHARE_CARDS_BUSY_EXIT, shareCardsNeedWork } from './share-cards.server.ts'

/**
 * When the server draws share cards: after every content write of this
 * process, at start and every hour (startBackgroundJobs), each time only if
 * a card is missing, outdated or on a draft. The drawing runs in a child
 * process (`node scripts/share-cards.ts`), like the demo seed: satori,
 * sharp and the fonts take memory the server would keep for its whole life
 * (docs/decisions/003), and ~150 ms of drawing per card would hold up the
 * requests of a single-threaded server. Writes that land while a child runs
 * are picked up by the child itself (it re-reads until nothing is left) and
 * by one more check after it exits; a failed or busy run is tried again a
 * minute later. SHARE_CARDS=off turns all of this off.
 */

const RETRY_MS = 60 * 1000
let started = false
let running = false
let again = false
let child: ChildProcess | undefined
let retry: ReturnType<typeof setTimeout> | undefined
let unsubscribe: (() => void) | undefined

export function startShareCardJobs() {
	if (started || getEnv().SHARE_CARDS === false) return
	started = true
	unsubscribe = onContentWrite(requestShareCards)
	requestShareCards()
}

export function stopShareCardJobs() {
	started = false
	unsubscribe?.()
	unsubscribe = undefined
	if (retry) clearTimeout(retry)
	retry = undefined
	child?.kill('SIGTERM')
}

/** Asks for a drawing pass; coalesced with the one running. Does nothing unless the jobs were started. */
export function requestShareCards() {
	if (!started) return
	if (running) {
		again = true
		return
	}
	running = true
	void runPasses().finally(() => {
		running = false
	})
}

async function runPasses() {
	for (;;) {
		again = false
		let outcome: 'done' | 'busy' | 'failed' = 'done'
		try {
			if (await shareCardsNeedWork()) outcome = await drawInChildProcess()
		} catch (error) {
			logger.warn({ err: error }, 'share cards: could not check for cards to draw')
			outcome = 'failed'
		}
		if (outcome !== 'done') scheduleRetry()
		// A write during the pass: check once more (stopShareCardJobs clears `started` meanwhile).
		if (!again || !started) return
	}
}

function scheduleRetry() {
	if (retry || !started) return
	retry = setTimeout(() => {
		retry = undefined
		requestShareCards()
	}, RETRY_MS)
	retry.unref()
}

function drawInChildProcess(): Promise<'done' | 'busy' | 'failed'> {
	return new Promise((resolve) => {
		const started = performance.now()
		const spawned = spawn(process.execPath, [path.join(appRoot(), 'scripts', 'share-cards.ts'), '--quiet'], {
			cwd: appRoot(),
			env: process.env,
			stdio: ['ignore', 'inherit', 'inherit'],
		})
		child = spawned
		spawned.on('error', (error) => {
			logger.warn({ err: error }, 'share cards: could not start the drawing process')
			child = undefined
			resolve('failed')
		})
		spawned.on('exit', (code, signal) => {
			child = undefined
			if (code === 0) {
				logger.info({ ms: Math.round(performance.now() - started) }, 'share cards drawn')
				resolve('done')
			} else if (code === SHARE_CARDS_BUSY_EXIT) resolve('busy')
			else {
				if (signal !== 'SIGTERM') logger.warn({ code, signal }, 'share cards: the drawing process failed; will retry')
				resolve('failed')
			}
		})
	})
}
