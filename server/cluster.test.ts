import { expect, test } from 'vitest'
import { defaultWorkerCount, MAX_AUTO_WORKERS, RESERVED_MEMORY_MB, WORKER_MEMORY_MB } from './cluster.ts'
import { activeMemoryProfile, memoryProfile, SMALL_PROFILE_FLAG } from './memory-profile.ts'

test('the default worker count is one per core, as many as the memory holds, at least one and at most four', () => {
	const fast = { profile: 'fast' } as const
	// A small VPS: 1 core, 1 GB.
	expect(defaultWorkerCount({ cores: 1, memoryMb: 1024, ...fast })).toBe(1)
	// 2 cores, 2 GB: both cores.
	expect(defaultWorkerCount({ cores: 2, memoryMb: 2048, ...fast })).toBe(2)
	// 8 cores, 1.5 GB: the memory holds three workers beside what is reserved.
	expect(defaultWorkerCount({ cores: 8, memoryMb: 1536, ...fast })).toBe(Math.floor((1536 - RESERVED_MEMORY_MB) / WORKER_MEMORY_MB.fast))
	expect(defaultWorkerCount({ cores: 8, memoryMb: 1536, ...fast })).toBe(3)
	// 4 cores and 512 MB: still one.
	expect(defaultWorkerCount({ cores: 4, memoryMb: 512, ...fast })).toBe(1)
	// A developer's 8-core laptop with 16 GB: four.
	expect(defaultWorkerCount({ cores: 8, memoryMb: 16_384, ...fast })).toBe(MAX_AUTO_WORKERS)
	expect(defaultWorkerCount()).toBeGreaterThanOrEqual(1)
})

test('small workers fit more of them: a 2-core 1 GB machine runs two instead of one', () => {
	expect(defaultWorkerCount({ cores: 2, memoryMb: 1024, profile: 'fast' })).toBe(1)
	expect(defaultWorkerCount({ cores: 2, memoryMb: 1024, profile: 'small' })).toBe(2)
	expect(defaultWorkerCount({ cores: 4, memoryMb: 512, profile: 'small' })).toBe(1)
})

test('MEMORY_PROFILE=auto is small below 768 MB of memory and fast from there; a chosen profile is kept', () => {
	expect(memoryProfile('auto', 512)).toBe('small')
	expect(memoryProfile('auto', 767)).toBe('small')
	expect(memoryProfile('auto', 768)).toBe('fast')
	// A "1 GB" server: the system reports a little less.
	expect(memoryProfile('auto', 981)).toBe('fast')
	expect(memoryProfile('auto', 24_000)).toBe('fast')
	expect(memoryProfile('fast', 512)).toBe('fast')
	expect(memoryProfile('small', 24_000)).toBe('small')
	expect(activeMemoryProfile(['--max-old-space-size=256', SMALL_PROFILE_FLAG])).toBe('small')
	expect(activeMemoryProfile(['--max-old-space-size=256'])).toBe('fast')
})
