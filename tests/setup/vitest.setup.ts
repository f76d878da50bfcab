import { afterEach, vi } from 'vitest'

/** Unexpected console noise fails the test that made it (tests silence it on purpose). */
const fail =
	(kind: string) =>
	(...args: Array<unknown>) => {
		throw new Error(`console.${kind} called: ${args.map(String).join(' ')}`)
	}
vi.spyOn(console, 'error').mockImplementation(fail('error'))
vi.spyOn(console, 'warn').mockImplementation(fail('warn'))

afterEach(() => {
	vi.clearAllTimers()
})
