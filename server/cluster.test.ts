import { expect, test } from 'vitest'
import { defaultWorkerCount, MAX_AUTO_WORKERS, RESERVED_MEMORY_MB, WORKER_MEMORY_MB } from './cluster.ts'

test('the default worker count is one per core but one, as many as the memory holds, at least one and at most four', () => {
	const fast = { profile: 'fast' } as const
	// A small VPS: 1 core, 1 GB.
	expect(defaultWorkerCount({ cores: 1, memoryMb: 1024, ...fast })).toBe(1)
	// 2 cores, 2 GB: one worker, the other core left to the proxy, the database and the helper threads.
	expect(defaultWorkerCount({ cores: 2, memoryMb: 2048, ...fast })).toBe(1)
	expect(defaultWorkerCount({ cores: 2, memoryMb: 24_576, ...fast })).toBe(1)
	// 4 cores, 8 GB: three.
	expect(defaultWorkerCount({ cores: 4, memoryMb: 8192, ...fast })).toBe(3)
	// 8 cores, 1.5 GB: the memory holds three workers beside what is reserved.
	expect(defaultWorkerCount({ cores: 8, memoryMb: 1536, ...fast })).toBe(Math.floor((1536 - RESERVED_MEMORY_MB) / WORKER_MEMORY_MB.fast))
	expect(defaultWorkerCount({ cores: 8, memoryMb: 1536, ...fast })).toBe(3)
	// 4 cores and 512 MB: still one.
	expect(defaultWorkerCount({ cores: 4, memoryMb: 512, ...fast })).toBe(1)
	// A developer's 8-core laptop with 16 GB: four.
	expect(defaultWorkerCount({ cores: 8, memoryMb: 16_384, ...fast })).toBe(MAX_AUTO_WORKERS)
	expect(defaultWorkerCount()).toBeGreaterThanOrEqual(1)
})

test('small workers fit more of them: a 4-core 1 GB machine runs two instead of one', () => {
	expect(defaultWorkerCount({ cores: 4, memoryMb: 1024, profile: 'fast' })).toBe(1)
	expect(defaultWorkerCount({ cores: 4, memoryMb: 1024, profile: 'small' })).toBe(2)
	expect(defaultWorkerCount({ cores: 4, memoryMb: 512, profile: 'small' })).toBe(1)
})
