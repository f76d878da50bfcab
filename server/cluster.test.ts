import { expect, test } from 'vitest'
import { defaultWorkerCount, RESERVED_MEMORY_MB, WORKER_MEMORY_MB } from './cluster.ts'

test('the default worker count is one per core, as many as the memory holds, and at least one', () => {
	// A small VPS: 1 core, 1 GB.
	expect(defaultWorkerCount({ cores: 1, memoryMb: 1024 })).toBe(1)
	// 2 cores, 2 GB: both cores.
	expect(defaultWorkerCount({ cores: 2, memoryMb: 2048 })).toBe(2)
	// 8 cores, 2 GB: the memory holds four workers beside what is reserved.
	expect(defaultWorkerCount({ cores: 8, memoryMb: 2048 })).toBe(Math.floor((2048 - RESERVED_MEMORY_MB) / WORKER_MEMORY_MB))
	// 4 cores and 512 MB: still one.
	expect(defaultWorkerCount({ cores: 4, memoryMb: 512 })).toBe(1)
	expect(defaultWorkerCount({ cores: 256, memoryMb: 1_000_000 })).toBe(64)
	expect(defaultWorkerCount()).toBeGreaterThanOrEqual(1)
})
