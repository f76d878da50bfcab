import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { expect, test } from 'vitest'
import { serverEntry } from '../../scripts/lib/production-server.ts'
import { memoryProfile } from '../../server/memory-profile.ts'
import { makeTempDir } from '#tests/setup/db.ts'
import { startServer } from '#tests/setup/server.ts'

const ROOT = path.resolve(import.meta.dirname, '..', '..')

type Ready = { pid: number; memoryProfile: string; memoryMb: { heapLimit: number } }

test('MEMORY_PROFILE=small: the server starts again in place with V8 optimising for size, and /readyz says so', async () => {
	const server = await startServer({ MEMORY_PROFILE: 'small' })
	try {
		const ready = (await (await fetch(`${server.url}/readyz`)).json()) as Ready
		expect(ready.memoryProfile).toBe('small')
		// The same process (a supervisor keeps following it), with npm start's heap limit kept.
		expect(ready.pid).toBe(server.child.pid)
		expect(ready.memoryMb.heapLimit).toBeGreaterThanOrEqual(256)
		expect(ready.memoryMb.heapLimit).toBeLessThan(400)
		// It serves as before.
		const home = await fetch(`${server.url}/`)
		expect(home.status).toBe(200)
		expect(await home.text()).toContain('<html lang="tr"')
	} finally {
		await server.stop()
	}
})

test(`MEMORY_PROFILE=fast keeps V8 as it is; auto follows the machine's memory (small below 768 MB)`, async () => {
	const fast = await startServer({ MEMORY_PROFILE: 'fast' })
	try {
		expect(((await (await fetch(`${fast.url}/readyz`)).json()) as Ready).memoryProfile).toBe('fast')
	} finally {
		await fast.stop()
	}
	const auto = await startServer()
	try {
		expect(((await (await fetch(`${auto.url}/readyz`)).json()) as Ready).memoryProfile).toBe(memoryProfile('auto'))
	} finally {
		await auto.stop()
	}
})

test('refuses an unknown MEMORY_PROFILE with one line naming it', () => {
	const result = spawnSync(process.execPath, [serverEntry()], {
		cwd: ROOT,
		encoding: 'utf8',
		timeout: 20_000,
		env: {
			PATH: process.env.PATH ?? '',
			SITE_BUILD_DIR: process.env.SITE_BUILD_DIR ?? 'build',
			NODE_ENV: 'production',
			DATA_DIR: makeTempDir(),
			MEMORY_PROFILE: 'kucuk',
		},
	})
	expect(result.status).toBe(1)
	expect(result.stderr.trim()).toMatch(/^error: MEMORY_PROFILE is invalid: must be auto, fast or small$/)
})
