import { expect, test } from 'vitest'
import { activeMemoryProfile, memoryProfile, SMALL_PROFILE_FLAG } from './memory-profile.ts'

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
