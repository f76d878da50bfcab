/**
 * `npm run soak -- --minutes N [--volume 100] [--workers N|auto] [--no-build]`: N minutes
 * (default 10) of mixed traffic on the production server from this separate
 * process: public pages read by anonymous visitors, site searches that are
 * new each time (27 000 different ones before the first repeat; asked for
 * once, the render cache does not keep them), and an admin adding, editing and deleting calendar
 * entries (each save makes every page render anew). Every window it reports
 * requests, errors (expected 0), p50/p99 latency, the server's resident memory
 * (expected flat) and its JavaScript heap in use, and writes the series to
 * bench/results/. `--volume 100` runs on the demo content ×100; the server
 * runs with the memory profile MEMORY_PROFILE chooses (server/memory-profile.ts).
 * `--workers N` (default 1) or `--workers auto` runs the server as `npm start`
 * would with WEB_CONCURRENCY set so: the memory reported is then the sum over
 * the primary and its workers, and the heap is that of the worker that
 * answered `/readyz`.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import {
	buildProduction,
	createAdmin,
	makeDataDir,
	pssMb,
	ROOT,
	rssMb,
	startProductionServer,
	stopServer,
} from './lib/production-server.ts'

const { values } = parseArgs({
	allowNegative: true,
	options: {
		minutes: { type: 'string', default: '10' },
		window: { type: 'string', default: '30' },
		concurrency: { type: 'string', default: '12' },
		port: { type: 'string', default: '3296' },
		volume: { type: 'string', default: '1' },
		build: { type: 'boolean', default: true },
		workers: { type: 'string', default: '1' },
	},
})
const minutes = Number(values.minutes)
const windowSeconds = Number(values.window)
const concurrency = Number(values.concurrency)
const base = `http://127.0.0.1:${values.port}`
const ADMIN = { email: 'soak@example.org', password: 'Uzun-Sureli-Test-2026', name: 'Soak Testi' }

const percentile = (sorted: Array<number>, p: number) =>
	sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0

if (values.build) buildProduction()
const volume = Number(values.volume)
const dataDir = makeDataDir('soak', { factor: volume })
createAdmin(dataDir, ADMIN)
const server = await startProductionServer(dataDir, Number(values.port), { WEB_CONCURRENCY: values.workers })
const pid = server.pid as number

/** The server and every process under it (a cluster's primary and its workers); one that ends meanwhile is left out. */
function processTree(root: number): Array<number> {
	try {
		const children = fs
			.readdirSync(`/proc/${root}/task`)
			.flatMap((task) => fs.readFileSync(`/proc/${root}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number))
		return [root, ...children.flatMap(processTree)]
	} catch {
		return []
	}
}
/** The most processes one measurement summed over. */
let processes = 1
/** Memory summed over the server's processes, in MB; a process that ends meanwhile counts for nothing. */
function treeMb(measure: (pid: number) => number) {
	const tree = processTree(pid)
	processes = Math.max(processes, tree.length)
	let sum = 0
	for (const each of tree) {
		try {
			sum += measure(each)
		} catch {
			// gone between listing and reading
		}
	}
	return Math.round(sum * 10) / 10
}
const profile = ((await (await fetch(`${base}/readyz`)).json()) as { memoryProfile?: string }).memoryProfile
console.log(`Memory profile: ${profile} (MEMORY_PROFILE=small or fast to choose)`)

const login = await fetch(`${base}/giris`, {
	method: 'POST',
	redirect: 'manual',
	headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
	body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
})
const cookie = login.headers
	.getSetCookie()
	.map((c) => c.split(';')[0])
	.join('; ')
const home = await (await fetch(`${base}/`)).text()
const links = [...new Set([...home.matchAll(/href="(\/[^"#?]*)"/g)].map((m) => m[1] as string))].filter(
	(href) => !href.startsWith('/media') && !href.startsWith('/giris'),
)
const pages = [
	...links,
	'/arama?q=mezun',
	'/arama?q=istanbul',
	'/duyurular/takvim?ay=2027-01',
	'/uyelik/uyelere-avantajlar?kategori=saglik',
]

/** Words of the demo content: two of them, the second cut short, make a search nobody asked before. */
const WORDS = [
	'mezun',
	'istanbul',
	'burs',
	'konser',
	'bülten',
	'ödül',
	'toplantı',
	'genel',
	'kurul',
	'gezi',
	'söyleşi',
	'dernek',
	'üyelik',
	'aidat',
	'kitap',
	'sergi',
	'yemek',
	'sağlık',
	'indirim',
	'okul',
	'öğretmen',
	'yıl',
	'bahar',
	'şenlik',
	'kermes',
	'spor',
	'turnuva',
	'müzik',
	'tiyatro',
	'anma',
]
/** The n-th search: three of the words, none repeated before 30 × 30 × 30 = 27 000 searches (a ten-minute run makes about 13 000). */
const search = (n: number) => {
	const word = (k: number) => WORDS[Math.floor(n / WORDS.length ** k) % WORDS.length] as string
	return `/arama?q=${encodeURIComponent(`${word(0)} ${word(1)} ${word(2)}`)}`
}

type Sample = { ms: number; ok: boolean }
let samples: Array<Sample> = []
let created: Array<number> = []
/** Every entry id this run has taken into `created`, so a deleted one is never taken again. */
const seen = new Set<number>()
const series: Array<{
	minute: number
	requests: number
	errors: number
	p50: number
	p99: number
	rssMb: number
	pssMb: number
	heapMb: number
	heapTotalMb: number
	cacheMb: number
}> = []
const rssAtStart = treeMb(rssMb)

/** This run's entries in the calendar section's table (the rows with an edit link), taken into `created` once. */
async function collectCreated() {
	const list = await (await fetch(`${base}/admin/takvim`, { headers: { cookie } })).text()
	for (const row of list.split(/<tr\b/).filter((row) => row.includes('Uzun test'))) {
		const id = Number(/href="\/admin\/takvim\?edit=(\d+)"/.exec(row)?.[1])
		if (!id || seen.has(id)) continue
		seen.add(id)
		created.push(id)
	}
}

/**
 * One write through the calendar section's form, as a browser without
 * JavaScript posts it: a success is the redirect back to the section.
 */
async function adminWrite(n: number) {
	const section = `${base}/admin/takvim`
	const headers = { origin: base, 'content-type': 'application/x-www-form-urlencoded', cookie }
	const action = created.length > 20 ? (n % 2 ? 'delete' : 'edit') : 'create'
	const body =
		action === 'create'
			? new URLSearchParams({ intent: 'save', title: `Uzun test ${n}`, date: '2027-05-05' })
			: action === 'edit'
				? new URLSearchParams({
						intent: 'save',
						id: String(created[n % created.length]),
						title: `Uzun test ${n} (düzenlendi)`,
						date: '2027-05-06',
					})
				: new URLSearchParams({ intent: 'delete', id: String(created.shift()) })
	const response = await fetch(section, { method: 'POST', headers, body, redirect: 'manual' })
	await response.arrayBuffer()
	const ok = response.status === 303 && response.headers.get('location') === '/admin/takvim'
	if (ok && action === 'create') await collectCreated()
	return ok
}

const endAt = Date.now() + minutes * 60_000
let counter = 0
let searches = 0
const workers = Array.from({ length: concurrency }, async () => {
	while (Date.now() < endAt) {
		const n = counter++
		const started = performance.now()
		let ok = false
		try {
			if (n % 10 === 0) ok = await adminWrite(n)
			else {
				// Searches are numbered on their own, so each is new (numbered by request, 4 000 searches made 87 different ones).
				const page = n % 10 === 5 ? search(searches++) : pages[n % pages.length]
				const response = await fetch(`${base}${page}`, { headers: { 'accept-encoding': 'gzip, br' } })
				await response.arrayBuffer()
				ok = response.status === 200
			}
		} catch {
			ok = false
		}
		samples.push({ ms: performance.now() - started, ok })
	}
})
const reporter = setInterval(() => {
	const window = samples
	samples = []
	const times = window.map((s) => s.ms).toSorted((a, b) => a - b)
	const entry = {
		minute: Math.round(((series.length + 1) * windowSeconds) / 6) / 10,
		requests: window.length,
		errors: window.filter((s) => !s.ok).length,
		p50: Math.round(percentile(times, 50) * 10) / 10,
		p99: Math.round(percentile(times, 99) * 10) / 10,
		rssMb: treeMb(rssMb),
		pssMb: treeMb(pssMb),
		heapMb: 0,
		heapTotalMb: 0,
		cacheMb: 0,
	}
	series.push(entry)
	void (async () => {
		try {
			const ready = (await (await fetch(`${base}/readyz`)).json()) as {
				memoryMb?: { heapUsed?: number; heapTotal?: number }
				renderCache?: { bytes?: number }
			}
			entry.heapMb = ready.memoryMb?.heapUsed ?? 0
			entry.heapTotalMb = ready.memoryMb?.heapTotal ?? 0
			entry.cacheMb = Math.round((ready.renderCache?.bytes ?? 0) / 104857.6) / 10
		} catch {
			// the server is busy or gone: the heap is left at 0 for this window
		}
		console.log(
			`${String(entry.minute).padStart(5)} min  ${String(entry.requests).padStart(7)} requests  ${entry.errors} errors  p50 ${entry.p50} ms  p99 ${entry.p99} ms  RSS ${entry.rssMb} MB, PSS ${entry.pssMb} MB (JavaScript heap ${entry.heapMb} of ${entry.heapTotalMb} MB, render cache ${entry.cacheMb} MB)`,
		)
	})()
}, windowSeconds * 1000)
await Promise.all(workers)
clearInterval(reporter)
await stopServer(server)
fs.rmSync(dataDir, { recursive: true, force: true })

const total = series.reduce((sum, s) => sum + s.requests, 0)
const errors = series.reduce((sum, s) => sum + s.errors, 0)
const rss = series.map((s) => s.rssMb)
const pss = series.map((s) => s.pssMb)
console.log(
	`\n${minutes} min, ${concurrency} concurrent clients: ${total} requests, ${errors} errors` +
		(processes > 1 ? ` (memory summed over the server's ${processes} processes)` : ''),
)
console.log(
	`resident memory: ${rssAtStart} MB at start, ${Math.min(...rss)}–${Math.max(...rss)} MB during the run, ${rss.at(-1)} MB at the end`,
)
console.log(
	`proportional (pages shared with other processes counted as a share): ${Math.min(...pss)}–${Math.max(...pss)} MB during the run, ${pss.at(-1)} MB at the end`,
)
const dir = path.join(ROOT, 'bench', 'results')
fs.mkdirSync(dir, { recursive: true })
const file = path.join(dir, `soak-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
fs.writeFileSync(
	file,
	`${JSON.stringify({ minutes, concurrency, volume, workers: values.workers, processes, nodeOptions: process.env.NODE_OPTIONS ?? '', memoryProfile: profile, rssAtStart, total, errors, series }, null, 2)}\n`,
)
console.log(`written: ${path.relative(ROOT, file)}`)
if (errors > 0) process.exitCode = 1
