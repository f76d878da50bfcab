/**
 * Site search latency over a seeded 10 000-item database, on SQLite and
 * (when TEST_POSTGRES_URL names a server) PostgreSQL: each search is
 * `searchSite()` exactly as `/arama` calls it, timed in process.
 *
 *   node scripts/bench-search.ts [--items 10000] [--rounds 40]
 *
 * Prints p50/p95/p99 per dialect (target: p95 under 20 ms) and writes the
 * figures under bench/results/. `measureSearchLatency` is exported for
 * `npm run bench`.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { rebuildSearchIndex, searchSite } from '#app/features/search/search.server.ts'
import type { Dialect } from '#app/lib/db.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'
import { seedSearchCorpus } from '#tests/factories/search-corpus.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'

/** A mix of what visitors type: common and rare words, several words, Turkish spellings, no match. */
export const BENCH_QUERIES = [
	'mezun',
	'İstanbul',
	'istanbul',
	'sisli',
	'Şişli şubesinde',
	'kermes burs',
	'genel kurul',
	'öğrenci',
	'ogretmen aile',
	'mart 1905',
	'bulunmayan kelime',
	'k',
]

export type SearchLatency = { dialect: Dialect; items: number; searches: number; p50: number; p95: number; p99: number; max: number }

function percentile(sorted: Array<number>, p: number) {
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

export async function measureSearchLatency({
	dialect,
	items = 10_000,
	rounds = 40,
}: {
	dialect: Dialect
	items?: number
	rounds?: number
}) {
	const tdb = await createTestDatabase(dialect)
	try {
		await migrateToLatest(tdb.handle.db)
		const now = new Date('2026-06-15T12:00:00.000Z')
		await seedSearchCorpus(items, now)
		await rebuildSearchIndex()
		for (const query of BENCH_QUERIES) await searchSite({ query, now })
		const times: Array<number> = []
		for (let round = 0; round < rounds; round++) {
			for (const query of BENCH_QUERIES) {
				const started = performance.now()
				await searchSite({ query, now, page: 1 + (round % 2) })
				times.push(performance.now() - started)
			}
		}
		times.sort((a, b) => a - b)
		const round2 = (n: number) => Math.round(n * 100) / 100
		return {
			dialect,
			items,
			searches: times.length,
			p50: round2(percentile(times, 50)),
			p95: round2(percentile(times, 95)),
			p99: round2(percentile(times, 99)),
			max: round2(times.at(-1) ?? 0),
		} satisfies SearchLatency
	} finally {
		await tdb.cleanup()
	}
}

if (import.meta.main) {
	const { values } = parseArgs({ options: { items: { type: 'string', default: '10000' }, rounds: { type: 'string', default: '40' } } })
	process.env.LOG_LEVEL ??= 'silent'
	const results: Array<SearchLatency> = []
	for (const dialect of dialectsUnderTest()) {
		const result = await measureSearchLatency({ dialect, items: Number(values.items), rounds: Number(values.rounds) })
		results.push(result)
		console.log(
			`search ${result.dialect.padEnd(8)} ${result.items} items, ${result.searches} searches: p50 ${result.p50} ms  p95 ${result.p95} ms  p99 ${result.p99} ms  max ${result.max} ms${result.p95 < 20 ? '' : '  (over the 20 ms target)'}`,
		)
	}
	const dir = path.join(import.meta.dirname, '..', 'bench', 'results')
	fs.mkdirSync(dir, { recursive: true })
	const file = path.join(dir, `search-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
	fs.writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), node: process.version, results }, null, 2)}\n`)
	console.log(`written: ${path.relative(process.cwd(), file)}`)
}
