/**
 * Renders take turns, in the order their requests arrived.
 *
 * Without turns, every request a process reads starts rendering at once,
 * and the renders share the CPU in an order that is anything but fair:
 * with 32 connections asking for the uncached home page, the median visitor
 * waited 100 ms and one in a hundred 1.3 s (wrk, one worker, the demo data;
 * a plain Node server doing 3 ms of work per request shows the same). With
 * turns, each render starts from the event loop's check phase (setImmediate)
 * when its turn comes, so the requests that arrived meanwhile are read and
 * queued behind it before the next render starts: one in a hundred waited
 * 78–129 ms on six page types, against 390–692 ms without turns, for up to a
 * sixth fewer requests a second. Starting several waiting renders in one
 * turn of the event loop brings the tail back (two 1.6×, eight 4×), so a
 * turn is one render.
 *
 * A turn is held while the render works and given back when it ends. A
 * render still going after `holdMs` is waiting for something outside the
 * process (PostgreSQL, a PDF worker, object storage), so it stops holding
 * its turn and the next one starts: a slow wait never stalls the queue.
 */
import type { Env } from '../app/lib/env.server.ts'

export type RenderQueueStats = {
	/** Renders that may work at once. */
	concurrency: number
	/** Renders working now, waits of more than holdMs not counted. */
	running: number
	/** Renders waiting for their turn. */
	waiting: number
	/** The longest wait for a turn so far, in ms. */
	longestWaitMs: number
	/** Renders started so far. */
	rendered: number
	/** Renders not started because their visitor had gone while they waited. */
	abandoned: number
}

export type RenderQueue = {
	/**
	 * Runs `job` when its turn comes; when `abandoned()` says so by then (the
	 * visitor closed the connection), the job is not run and the call
	 * rejects with RenderAbandoned.
	 */
	run<T>(job: () => Promise<T>, abandoned?: () => boolean): Promise<T>
	readonly stats: RenderQueueStats
}

/** Why a render that was never started was given up: its visitor had gone. */
export class RenderAbandoned extends Error {
	override name = 'RenderAbandoned'
}

type Waiter = { start: () => void; queuedAt: number }

export function createRenderQueue({ concurrency, holdMs = 50 }: { concurrency: number; holdMs?: number }): RenderQueue {
	if (!Number.isInteger(concurrency) || concurrency < 1)
		throw new RangeError(`concurrency must be a whole number of at least 1, not ${concurrency}`)
	const waiting: Array<Waiter> = []
	let running = 0
	let longestWaitMs = 0
	let gone = 0
	let rendered = 0

	function startNext() {
		while (running < concurrency && waiting.length > 0) {
			const next = waiting.shift()!
			running++
			longestWaitMs = Math.max(longestWaitMs, performance.now() - next.queuedAt)
			setImmediate(next.start)
		}
	}

	return {
		run<T>(job: () => Promise<T>, abandoned?: () => boolean): Promise<T> {
			return new Promise<T>((resolve, reject) => {
				const start = () => {
					let holding = true
					const release = () => {
						if (!holding) return
						holding = false
						clearTimeout(timer)
						running--
						startNext()
					}
					const timer = setTimeout(release, holdMs)
					timer.unref()
					if (abandoned?.()) {
						gone++
						release()
						reject(new RenderAbandoned('the visitor left before the render began'))
						return
					}
					rendered++
					// The turn is given back before the caller goes on with what it rendered.
					void (async () => {
						try {
							const value = await job()
							release()
							resolve(value)
						} catch (error) {
							release()
							reject(error)
						}
					})()
				}
				waiting.push({ start, queuedAt: performance.now() })
				startNext()
			})
		},
		get stats() {
			return { concurrency, running, waiting: waiting.length, longestWaitMs: Math.round(longestWaitMs), rendered, abandoned: gone }
		},
	}
}

/**
 * RENDER_CONCURRENCY, or by database: on SQLite a render never waits for its
 * reads, so one at a time keeps the CPU busy; on PostgreSQL each read is a
 * round trip, and a few renders at once fill the waits (on PostgreSQL, one
 * worker on the demo data, 32 connections: 1, 2, 4 and 64 at once answered
 * the same requests a second within the noise).
 */
export function renderConcurrency(env: Pick<Env, 'RENDER_CONCURRENCY' | 'database'>) {
	return env.RENDER_CONCURRENCY ?? (env.database.dialect === 'sqlite' ? 1 : 4)
}
