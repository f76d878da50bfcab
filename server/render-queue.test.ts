import { expect, test } from 'vitest'
import { readEnv } from '../app/lib/env.server.ts'
import { createRenderQueue, RenderAbandoned, renderConcurrency } from './render-queue.ts'

/** A job that starts, records it, and ends when told to. */
function controlledJob(name: string, log: Array<string>) {
	let finish!: (value: string) => void
	let fail!: (error: Error) => void
	let started!: () => void
	const start = new Promise<void>((resolve) => (started = resolve))
	const job = () => {
		log.push(name)
		started()
		return new Promise<string>((resolve, reject) => {
			finish = resolve
			fail = reject
		})
	}
	return { job, start, finish: (value = name) => finish(value), fail: (error: Error) => fail(error) }
}

test('renders start in the order they arrived, one at a time, each when the one before it has ended', async () => {
	const queue = createRenderQueue({ concurrency: 1 })
	const log: Array<string> = []
	const jobs = ['a', 'b', 'c', 'd'].map((name) => controlledJob(name, log))
	const results = jobs.map(({ job }) => queue.run(job))
	for (const [i, job] of jobs.entries()) {
		await job.start
		// However many turns of the event loop go by, the next does not start while this one works.
		for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve))
		expect(log).toEqual(['a', 'b', 'c', 'd'].slice(0, i + 1))
		expect(queue.stats).toMatchObject({ concurrency: 1, running: 1, waiting: 3 - i })
		job.finish()
		expect(await results[i]).toBe(['a', 'b', 'c', 'd'][i])
	}
	expect(queue.stats).toMatchObject({ running: 0, waiting: 0 })
})

test('with a concurrency of two, the third waits until one of the first two ends', async () => {
	const queue = createRenderQueue({ concurrency: 2 })
	const log: Array<string> = []
	const [a, b, c] = ['a', 'b', 'c'].map((name) => controlledJob(name, log)) as [
		ReturnType<typeof controlledJob>,
		ReturnType<typeof controlledJob>,
		ReturnType<typeof controlledJob>,
	]
	const results = [queue.run(a.job), queue.run(b.job), queue.run(c.job)]
	await Promise.all([a.start, b.start])
	expect(queue.stats).toMatchObject({ running: 2, waiting: 1 })
	expect(log).toEqual(['a', 'b'])
	b.finish()
	await c.start
	expect(log).toEqual(['a', 'b', 'c'])
	a.finish()
	c.finish()
	expect(await Promise.all(results)).toEqual(['a', 'b', 'c'])
})

test('a render that fails gives its turn to the next and its caller gets the error', async () => {
	const queue = createRenderQueue({ concurrency: 1 })
	const log: Array<string> = []
	const a = controlledJob('a', log)
	const b = controlledJob('b', log)
	const failing = queue.run(a.job)
	const next = queue.run(b.job)
	await a.start
	a.fail(new Error('veritabanı yanıt vermedi'))
	await expect(failing).rejects.toThrow('veritabanı yanıt vermedi')
	await b.start
	b.finish()
	expect(await next).toBe('b')
	// A job that throws before returning its promise frees its turn too.
	await expect(
		queue.run(() => {
			throw new Error('hemen')
		}),
	).rejects.toThrow('hemen')
	expect(await queue.run(async () => 'sonra')).toBe('sonra')
	expect(queue.stats.running).toBe(0)
})

test('a render still waiting for something outside the process after holdMs stops holding its turn', async () => {
	const queue = createRenderQueue({ concurrency: 1, holdMs: 5 })
	const log: Array<string> = []
	const slow = controlledJob('slow', log)
	const quick = controlledJob('quick', log)
	const slowResult = queue.run(slow.job)
	const quickResult = queue.run(quick.job)
	// The slow render never ends by itself: the quick one can only start because the slow one gave up its turn.
	await quick.start
	expect(log).toEqual(['slow', 'quick'])
	quick.finish()
	expect(await quickResult).toBe('quick')
	slow.finish()
	expect(await slowResult).toBe('slow')
	// Ending later does not free a second turn.
	expect(queue.stats).toMatchObject({ running: 0, waiting: 0 })
})

test('a render whose visitor left while it waited is not started', async () => {
	const queue = createRenderQueue({ concurrency: 1 })
	const log: Array<string> = []
	const first = controlledJob('first', log)
	const firstResult = queue.run(first.job)
	let gone = false
	const leftResult = queue.run(
		async () => {
			log.push('left')
			return 'left'
		},
		() => gone,
	)
	const after = queue.run(async () => {
		log.push('after')
		return 'after'
	})
	await first.start
	gone = true
	first.finish()
	await expect(leftResult).rejects.toBeInstanceOf(RenderAbandoned)
	expect(await after).toBe('after')
	expect(await firstResult).toBe('first')
	expect(log).toEqual(['first', 'after'])
	expect(queue.stats.abandoned).toBe(1)
})

test('the concurrency must be a whole number of at least one', () => {
	expect(() => createRenderQueue({ concurrency: 0 })).toThrow(RangeError)
	expect(() => createRenderQueue({ concurrency: 1.5 })).toThrow(RangeError)
})

test('renders at once: one on SQLite, four on PostgreSQL, or RENDER_CONCURRENCY (1 to 64)', () => {
	expect(renderConcurrency(readEnv({}))).toBe(1)
	expect(renderConcurrency(readEnv({ DATABASE_URL: 'postgres://site@db.example/site' }))).toBe(4)
	expect(renderConcurrency(readEnv({ RENDER_CONCURRENCY: '8' }))).toBe(8)
	expect(renderConcurrency(readEnv({ RENDER_CONCURRENCY: '2', DATABASE_URL: 'postgres://site@db.example/site' }))).toBe(2)
	for (const wrong of ['0', '65', '1.5', 'bir'])
		expect(() => readEnv({ RENDER_CONCURRENCY: wrong })).toThrow(/^RENDER_CONCURRENCY is invalid: must be a whole number from 1 to 64/)
})
