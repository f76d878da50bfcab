import os from 'node:os'

/**
 * How a server process trades speed for memory (MEMORY_PROFILE), measured
 * with `npm run soak -- --minutes 10` (one process, mixed load) and wrk:
 *
 * - `fast`: V8's defaults beside `npm start`'s heap flags: 263–283 MB
 *   resident through ten minutes of mixed load.
 * - `small`: V8 optimises for size (`--optimize-for-size`: a smaller young
 *   generation, a heap that grows less before it is collected, compiled code
 *   dropped sooner): 179–191 MB through the same load, for 27 % fewer cached
 *   and 40–75 % fewer uncached pages a second (measured on two days).
 * - `auto` (the default): `small` on a machine (or container) with less than
 *   768 MB of memory, where the memory runs out before the CPU; `fast` on
 *   anything larger (a "1 GB" server too).
 *
 * V8 takes the flag only when the process starts, so a process that should
 * be small and is not re-executes itself with it (`process.execve`: the same
 * process id, arguments and environment); workers inherit it.
 */
export type MemoryProfile = 'fast' | 'small'
export type MemoryProfileSetting = MemoryProfile | 'auto'

/** Below this much memory `auto` chooses `small`. */
export const SMALL_MACHINE_MB = 768
export const SMALL_PROFILE_FLAG = '--optimize-for-size'

/** The machine's memory, or the container's limit when it has a lower one. */
export function machineMemoryMb() {
	const total = os.totalmem()
	const limit = process.constrainedMemory()
	return Math.floor((limit > 0 && limit < total ? limit : total) / 1024 / 1024)
}

export function memoryProfile(setting: MemoryProfileSetting, memoryMb = machineMemoryMb()): MemoryProfile {
	if (setting !== 'auto') return setting
	return memoryMb < SMALL_MACHINE_MB ? 'small' : 'fast'
}

/** The profile this process runs with. */
export function activeMemoryProfile(execArgv: ReadonlyArray<string> = process.execArgv): MemoryProfile {
	return execArgv.includes(SMALL_PROFILE_FLAG) ? 'small' : 'fast'
}

/**
 * Starts this process again with the small profile's flag when it should be
 * small and is not (returns only when nothing needs to change).
 */
export function applyMemoryProfile(profile: MemoryProfile) {
	// The marker stops a loop should the flag ever not show in the new process's execArgv.
	if (profile !== 'small' || activeMemoryProfile() === 'small' || process.env.SITE_MEMORY_REEXEC) return
	if (!process.execve) {
		// Windows has no execve: the process goes on with V8's defaults.
		process.stderr.write(`MEMORY_PROFILE small needs process.execve, which this system lacks: starting with the fast profile\n`)
		return
	}
	process.env.SITE_MEMORY_REEXEC = '1'
	process.execve(process.execPath, [process.execPath, ...process.execArgv, SMALL_PROFILE_FLAG, ...process.argv.slice(1)], process.env)
}
