/**
 * `npm run bench`: the production server under load, measured in one run
 * against a baseline served by the same process (a fingerprinted static
 * asset), because absolute figures on a shared machine drift.
 *
 * For each content volume (the demo ×1, ×10, ×100) it seeds a temporary data
 * directory and starts a server on it, all volumes at once, with the render
 * cache on and then off, and drives load from a separate process on
 * 127.0.0.1 (wrk when it is installed, else autocannon) at every public page
 * type, each volume in turn for the same page so that they are measured
 * minutes apart at most, not a whole run apart: home, announcements (first and last page), an
 * announcement, events, an event, the calendar, bulletins, alumni news,
 * awards, member perks (all and a category), search, the announcements feed,
 * the events calendar (.ics), a media variant and the static asset; the 304
 * path; and the home page in the seconds after content saves. Each row has
 * requests/s, p50/p99, the server's CPU time per request and the ratio to
 * the static asset measured in the same server run; each uncached row also
 * the p50/p99 of visitors arriving at random at half that rate.
 * Then: site search latency over 10 000 items, the first visit's JavaScript
 * and CSS, resident memory. Prints tables and writes JSON to bench/results/.
 *
 * With `--rounds N` every page is measured N times on each volume, the
 * volumes taking turns, and each figure is the median of its N.
 *
 *   npm run bench -- --duration 5 --connections 32 --volumes 1,10,100 --warmup 1 --rounds 1
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import zlib from 'node:zlib'
import { buildProduction, makeDataDir, ROOT, rssMb, startProductionServer, stopServer } from './lib/production-server.ts'

const { values } = parseArgs({
	options: {
		duration: { type: 'string', default: '5' },
		connections: { type: 'string', default: '32' },
		port: { type: 'string', default: '3290' },
		volumes: { type: 'string', default: '1,10,100' },
		warmup: { type: 'string', default: '1' },
		rounds: { type: 'string', default: '1' },
		'no-search': { type: 'boolean', default: false },
	},
})
const duration = Number(values.duration)
const connections = Number(values.connections)
const port = Number(values.port)
const volumes = values.volumes.split(',').map(Number)
const warmup = Number(values.warmup)
const rounds = Math.max(1, Math.round(Number(values.rounds)) || 1)
/** The server being measured: each volume has its own, on port + its index, and load goes to one at a time. */
let base = `http://127.0.0.1:${port}`

type Load = { rps: number; p50: number; p99: number; errors: number; cpuMsPerRequest: number }

/**
 * The closed-loop load generator: wrk (C, two threads) when it is on the PATH, else autocannon (Node). wrk
 * takes little of the two cores from the server; autocannon's own process reached about 8 000 requests/s
 * here, so with it the static asset (and every cached row's share of it) measured the client, not the server.
 */
const WRK = spawnSync('wrk', ['--version'], { encoding: 'utf8' }).error ? null : 'wrk'
/** Latency with visitors arriving at random at half the rate the closed loop reached (scripts/lib/arrivals.ts). */
type HalfLoad = { rate: number; p50: number; p99: number; errors: number }
type Row = { volume: number; cache: 'on' | 'off' | 'after saves'; label: string; path: string; halfLoad?: HalfLoad } & Load

/** CPU time (user + system) of the server process and its workers so far, in ms, from /proc. */
function serverCpuMs(pid: number) {
	const ticksPerSecond = 100
	const pids = [
		pid,
		...(spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout ?? '').split('\n').filter(Boolean).map(Number),
	]
	let ticks = 0
	for (const one of pids) {
		try {
			const fields = fs.readFileSync(`/proc/${one}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
			ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0)
		} catch {
			// gone meanwhile
		}
	}
	return (ticks * 1000) / ticksPerSecond
}

type AutocannonResult = {
	requests: { average: number; total: number }
	latency: { p50: number; p99: number }
	errors: number
	non2xx: number
	'2xx': number
}

function autocannonArgs(urlPath: string, headers: Record<string, string>, seconds: number) {
	const args = [path.join(ROOT, 'node_modules', 'autocannon', 'autocannon.js'), '-j', '-c', String(connections), '-d', String(seconds)]
	for (const [k, v] of Object.entries({ 'accept-encoding': 'gzip, br', ...headers })) args.push('-H', `${k}=${v}`)
	args.push(`${base}${urlPath}`)
	return args
}

/** wrk's arguments: two threads, `connections` connections, latency percentiles. */
function wrkArgs(urlPath: string, headers: Record<string, string>, seconds: number) {
	const args = ['-t', String(Math.min(2, connections)), '-c', String(connections), '-d', `${seconds}s`, '--latency']
	for (const [k, v] of Object.entries({ 'accept-encoding': 'gzip, br', ...headers })) args.push('-H', `${k}: ${v}`)
	args.push(`${base}${urlPath}`)
	return args
}

/** wrk's duration as printed (`850.00us`, `1.23ms`, `2.01s`) in ms. */
function wrkMs(text: string | undefined) {
	const match = /^([\d.]+)(us|ms|s|m)$/.exec(text ?? '')
	if (!match) return 0
	const value = Number(match[1])
	return { us: value / 1000, ms: value, s: value * 1000, m: value * 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm']
}

/** wrk's output as a Load. wrk counts any status from 400 up as "Non-2xx or 3xx", not a 304, so the 304 path needs no exception. */
function wrkLoad(output: string, cpuMs: number): Load {
	const total = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0)
	const refused = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0)
	const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output)
	const failed = socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0
	const round = (ms: number) => Math.round(ms * 100) / 100
	return {
		rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0)),
		p50: round(wrkMs(/^\s+50%\s+(\S+)/m.exec(output)?.[1])),
		p99: round(wrkMs(/^\s+99%\s+(\S+)/m.exec(output)?.[1])),
		errors: refused + failed,
		cpuMsPerRequest: Math.round((cpuMs / Math.max(total, 1)) * 100) / 100,
	}
}

function toLoad(json: AutocannonResult, cpuMs: number, notModified: boolean): Load {
	const non2xxAllowed = notModified ? json['2xx'] : json.non2xx
	return {
		rps: Math.round(json.requests.average),
		p50: json.latency.p50,
		p99: json.latency.p99,
		errors: json.errors + non2xxAllowed,
		cpuMsPerRequest: Math.round((cpuMs / Math.max(json.requests.total, 1)) * 100) / 100,
	}
}

/** The load generator's command and arguments for `seconds` of closed-loop load on urlPath. */
function loadCommand(urlPath: string, headers: Record<string, string>, seconds: number): [string, Array<string>] {
	return WRK ? [WRK, wrkArgs(urlPath, headers, seconds)] : [process.execPath, autocannonArgs(urlPath, headers, seconds)]
}

/** What the load generator printed, as a Load; `notModified`: 304s are the expected answers. */
function parseLoad(output: string, cpuMs: number, notModified: boolean): Load {
	return WRK ? wrkLoad(output, cpuMs) : toLoad(JSON.parse(output) as AutocannonResult, cpuMs, notModified)
}

let serverPid = 0

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/**
 * Waits until the server has finished what the last load left it: a load
 * generator that stops drops its 32 requests in flight, and the server still
 * renders them (at ×100 the events calendar's 32 took 3.6 s), which the next
 * measurement would otherwise pay for.
 */
function waitUntilIdle() {
	for (let tries = 0; tries < 120; tries++) {
		const before = serverCpuMs(serverPid)
		sleepSync(250)
		// Under 10 % of one core for a quarter of a second: nothing left to do.
		if (serverCpuMs(serverPid) - before <= 25) return
	}
}

function load(urlPath: string, headers: Record<string, string> = {}): Load {
	// Unmeasured load first (`--warmup` seconds): the first burst after a start pays for compiling and loading
	// the page's code (p99 about 1 s instead of 0.3 s for an uncached list at ×100), which is not the steady state.
	waitUntilIdle()
	if (warmup > 0) spawnSync(...loadCommand(urlPath, headers, warmup), { stdio: 'ignore' })
	waitUntilIdle()
	const cpuBefore = serverCpuMs(serverPid)
	const result = spawnSync(...loadCommand(urlPath, headers, duration), { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
	if (result.status !== 0) throw new Error(`${WRK ?? 'autocannon'} failed: ${result.stderr}`)
	return parseLoad(result.stdout, serverCpuMs(serverPid) - cpuBefore, Boolean(headers['if-none-match']))
}

/** The median of each figure over the rounds (for an even count, the mean of the middle two); errors are summed. */
function medianLoad(loads: Array<Load>): Load {
	const median = (pick: (l: Load) => number) => {
		const sorted = loads.map(pick).toSorted((a, b) => a - b)
		const mid = sorted.length / 2
		const value = Number.isInteger(mid) ? ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2 : (sorted[Math.floor(mid)] ?? 0)
		return Math.round(value * 100) / 100
	}
	return {
		rps: Math.round(median((l) => l.rps)),
		p50: median((l) => l.p50),
		p99: median((l) => l.p99),
		cpuMsPerRequest: median((l) => l.cpuMsPerRequest),
		errors: loads.reduce((sum, l) => sum + l.errors, 0),
	}
}

/**
 * The closed loop above keeps every connection busy: its p50 is the queue of
 * 32 requests (32 × the time of one), whatever the page. This is the latency
 * a visitor sees when the server is half as busy as it can be.
 */
function halfLoad(urlPath: string, saturated: number): HalfLoad {
	const rate = Math.max(1, Math.round(saturated / 2))
	waitUntilIdle()
	const args = [path.join(ROOT, 'scripts', 'lib', 'arrivals.ts'), '--url', `${base}${urlPath}`, '--rate', String(rate)]
	args.push('--duration', String(duration), '-H', 'accept-encoding=gzip, br')
	const result = spawnSync(process.execPath, args, { encoding: 'utf8' })
	if (result.status !== 0) throw new Error(`arrivals failed: ${result.stderr}`)
	const json = JSON.parse(result.stdout) as HalfLoad & { sent: number; completed: number }
	return { rate, p50: json.p50, p99: json.p99, errors: json.errors }
}

/**
 * What visitors get after an edit. First the home page under load for 10 s
 * while an announcement is saved every 2 s (a content write as the admin
 * makes it: the version moves on, every cached page is stale); then, with no
 * other load, five saves each followed 1.5 s later by one visit to `/` (is
 * the first visitor after a save served from the cache, and how fast?).
 */
async function afterSaves(dataDir: string): Promise<{ load: Load; firstVisits: Array<{ outcome: string; ms: number }> }> {
	const { createDatabase } = await import('#app/lib/db.server.ts')
	const { readEnv } = await import('#app/lib/env.server.ts')
	const { withContentWrite } = await import('#app/lib/content-version.server.ts')
	const handle = createDatabase(readEnv({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' }).database)
	const save = () =>
		withContentWrite(handle.db, async (trx) => {
			const first = await trx.selectFrom('announcements').select(['id', 'title']).orderBy('id').executeTakeFirst()
			if (first)
				await trx
					.updateTable('announcements')
					.set({ title: first.title, updated_at: new Date().toISOString() })
					.where('id', '=', first.id)
					.execute()
		})
	const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
	try {
		const cpuBefore = serverCpuMs(serverPid)
		const child = spawn(...loadCommand('/', {}, 10), { stdio: ['ignore', 'pipe', 'ignore'] })
		let output = ''
		child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
		const done = new Promise<void>((resolve) => child.on('close', () => resolve()))
		for (let n = 1; n <= 5; n++) {
			await pause(n === 1 ? 1000 : 2000)
			await save()
		}
		await done
		const load = parseLoad(output, serverCpuMs(serverPid) - cpuBefore, false)
		const firstVisits: Array<{ outcome: string; ms: number }> = []
		for (let n = 1; n <= 5; n++) {
			await save()
			await pause(1500)
			const started = performance.now()
			const response = await fetch(`${base}/`, { headers: { 'accept-encoding': 'gzip, br' } })
			await response.arrayBuffer()
			firstVisits.push({ outcome: response.headers.get('x-render-cache') ?? '?', ms: Math.round((performance.now() - started) * 10) / 10 })
		}
		return { load, firstVisits }
	} finally {
		await handle.close()
	}
}

async function targets() {
	const page = async (urlPath: string) => (await fetch(`${base}${urlPath}`)).text()
	const home = await page('/')
	const css = /href="(\/assets\/[^"]+\.css)"/.exec(home)?.[1]
	const announcements = await page('/duyurular')
	const announcement = /href="(\/duyurular\/\d+[^"]*)"/.exec(announcements)?.[1]
	const lastPage = Math.max(1, ...[...announcements.matchAll(/href="\?sayfa=(\d+)"/g)].map((m) => Number(m[1])))
	const event = /href="((?:\/duyurular)?\/etkinlikler\/[a-z0-9-]+)"/.exec(await page('/duyurular/etkinlikler'))?.[1]
	const category = /href="\?kategori=([^"&]+)"/.exec(await page('/uyelik/uyelere-avantajlar'))?.[1]
	const media = /(\/media\/[^"\s,]+\.w\d+\.webp)/.exec(home)?.[1]
	if (!css || !announcement || !event || !category || !media) throw new Error('could not find the pages to measure')
	return [
		{ label: 'static asset (baseline)', path: css },
		{ label: 'home', path: '/' },
		{ label: 'announcements', path: '/duyurular' },
		{ label: 'announcements last page', path: `/duyurular?sayfa=${lastPage}` },
		{ label: 'announcement', path: announcement },
		{ label: 'events', path: '/duyurular/etkinlikler' },
		{ label: 'event', path: event },
		{ label: 'calendar', path: '/duyurular/takvim' },
		{ label: 'bulletins', path: '/duyurular/bulten-arsivi' },
		{ label: 'alumni news', path: '/mezunlarimiz/mezunlardan-haberler' },
		{ label: 'awards', path: '/mezunlarimiz/basari-onur-odulleri' },
		{ label: 'search', path: '/arama?q=mezun' },
		{ label: 'member perks', path: '/uyelik/uyelere-avantajlar' },
		{ label: 'perks category', path: `/uyelik/uyelere-avantajlar?kategori=${category}` },
		{ label: 'announcements feed', path: '/duyurular/rss.xml' },
		{ label: 'events calendar', path: '/etkinlikler.ics' },
		{ label: 'media variant', path: media },
	]
}

async function firstVisit() {
	const html = await (await fetch(`${base}/`)).text()
	const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1] as string)
	const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1] as string)
	const seen = new Set<string>()
	const size = async (src: string) => zlib.gzipSync(Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer()), { level: 9 }).length
	let js = 0
	while (scripts.length > 0) {
		const src = scripts.shift() as string
		if (seen.has(src)) continue
		seen.add(src)
		const body = await (await fetch(new URL(src, base))).text()
		js += zlib.gzipSync(Buffer.from(body), { level: 9 }).length
		for (const match of body.matchAll(/import\([`"']\.\/([^`"']+\.js)[`"']\)/g)) {
			const chunk = new URL(match[1] as string, new URL(src, base)).pathname
			const widget = path.basename(chunk).split('-')[0]
			if (widget && html.includes(`data-${widget}`)) scripts.push(chunk)
		}
	}
	let css = 0
	for (const href of styles) css += await size(href)
	return { scripts: [...seen], jsGzipKb: Math.round(js / 102.4) / 10, cssGzipKb: Math.round(css / 102.4) / 10 }
}

function table(rows: Array<Row>, baselines: Map<string, number>) {
	const header = ['volume', 'cache', 'target', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req', 'vs static', 'errors', '½ load: req/s p50/p99 ms']
	const baselineOf = (r: Row) => baselines.get(`${r.volume}-${r.cache === 'off' ? 'off' : 'on'}`) ?? r.rps
	const lines = rows.map((r) => [
		`×${r.volume}`,
		r.cache,
		r.label,
		String(r.rps),
		String(r.p50),
		String(r.p99),
		r.cpuMsPerRequest.toFixed(2),
		`${((r.rps / baselineOf(r)) * 1000) / 10} %`.replace(/(\.\d)\d+/, '$1'),
		String(r.errors),
		r.halfLoad ? `${r.halfLoad.rate} ${r.halfLoad.p50}/${r.halfLoad.p99}${r.halfLoad.errors ? ` (${r.halfLoad.errors} errors)` : ''}` : '',
	])
	const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)))
	const fmt = (cells: Array<string>) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')
	return [fmt(header), fmt(widths.map((w) => '-'.repeat(w))), ...lines.map(fmt)].join('\n')
}

buildProduction()
const rows: Array<Row> = []
const baselines = new Map<string, number>()
const memory: Array<{ volume: number; cache: string; afterStartMb: number; afterLoadMb: number }> = []
let visit: Awaited<ReturnType<typeof firstVisit>> | undefined
let notModified: (Load & { volume: number }) | undefined
const leak: Array<{ pass: number; rssMb: number }> = []
const firstAfterSave: Array<{ volume: number; visits: Array<{ outcome: string; ms: number }> }> = []

type VolumeServer = {
	volume: number
	dataDir: string
	port: number
	pid: number
	afterStart: number
	list: Awaited<ReturnType<typeof targets>>
}
/** Load goes to this server from now on. */
function measure(server: { port: number; pid: number }) {
	base = `http://127.0.0.1:${server.port}`
	serverPid = server.pid
}

const dataDirs = volumes.map((volume) => {
	console.log(`\nSeeding the demo ×${volume}…`)
	return { volume, dataDir: makeDataDir(`bench-${volume}`, { factor: volume }) }
})
try {
	for (const cache of ['on', 'off'] as const) {
		const children: Array<Awaited<ReturnType<typeof startProductionServer>>> = []
		try {
			const servers: Array<VolumeServer> = []
			for (const [i, { volume, dataDir }] of dataDirs.entries()) {
				const child = await startProductionServer(dataDir, port + i, cache === 'off' ? { RENDER_CACHE: 'off' } : {})
				children.push(child)
				const server = { volume, dataDir, port: port + i, pid: child.pid as number, afterStart: rssMb(child.pid as number) }
				measure(server)
				servers.push({ ...server, list: await targets() })
			}
			for (const server of servers) {
				measure(server)
				load('/', {})
			}
			// Page by page, each volume in turn: the machine's speed drifts over a run, and the ×100/×1 ratios are read side by side.
			const labels = servers[0]!.list.map((target) => target.label)
			for (const [index, label] of labels.entries()) {
				// Round after round, the volumes taking turns: a burst of another process's work on this machine then
				// falls on one round of each volume, and the median leaves it out.
				const runs = servers.map((): Array<Load> => [])
				for (let round = 0; round < rounds; round++)
					for (const [i, server] of servers.entries()) {
						measure(server)
						runs[i]!.push(load(server.list[index]!.path))
					}
				for (const [i, server] of servers.entries()) {
					measure(server)
					const target = server.list[index]!
					const result = medianLoad(runs[i]!)
					// Uncached pages only: a cached rate of thousands a second is more than one client process can spread evenly.
					const half = cache === 'off' && !label.startsWith('static') ? halfLoad(target.path, result.rps) : undefined
					rows.push({ volume: server.volume, cache, ...target, ...result, ...(half ? { halfLoad: half } : {}) })
					if (label.startsWith('static')) baselines.set(`${server.volume}-${cache}`, result.rps)
					console.log(
						`×${server.volume} cache ${cache}  ${label.padEnd(24)} ${String(result.rps).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  ${result.cpuMsPerRequest} ms CPU${half ? `  at ${half.rate}/s: p50 ${half.p50} ms p99 ${half.p99} ms` : ''}`,
					)
				}
			}
			for (const server of servers) {
				measure(server)
				const { volume } = server
				if (cache === 'on') {
					const steady = rows.find((r) => r.volume === volume && r.cache === 'on' && r.label === 'home')
					const edits = await afterSaves(server.dataDir)
					rows.push({ volume, cache: 'after saves', label: 'home, saved every 2 s', path: '/', ...edits.load })
					firstAfterSave.push({ volume, visits: edits.firstVisits })
					console.log(
						`×${volume} home while saving   ${edits.load.rps} req/s  p99 ${edits.load.p99} ms (steady: ${steady?.rps} req/s, p99 ${steady?.p99} ms)`,
					)
					const etag = (await fetch(`${base}/`)).headers.get('etag') ?? ''
					if (volume === volumes[0]) {
						notModified = { volume, ...load('/', { 'if-none-match': etag }) }
						visit = await firstVisit()
					}
				}
				memory.push({ volume, cache, afterStartMb: server.afterStart, afterLoadMb: rssMb(server.pid) })
				if (cache === 'on' && volume === volumes[0]) {
					// The same load twice more: resident memory after the second and third runs shows a leak if it keeps growing.
					for (let pass = 2; pass <= 3; pass++) {
						for (const target of server.list) load(target.path)
						leak.push({ pass, rssMb: rssMb(server.pid) })
					}
				}
			}
		} finally {
			for (const child of children) await stopServer(child)
		}
	}
} finally {
	for (const { dataDir } of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true })
}

let search: Array<unknown> = []
if (!values['no-search']) {
	console.log('\nSite search over 10 000 items…')
	const { measureSearchLatency } = await import('./bench-search.ts')
	const { dialectsUnderTest } = await import('#tests/setup/db.ts')
	for (const dialect of dialectsUnderTest()) search.push(await measureSearchLatency({ dialect }))
}

const memoryProfile = process.env.MEMORY_PROFILE ?? 'auto'
console.log(
	`\n${WRK ? 'wrk, 2 threads' : 'autocannon (install wrk for figures the client does not limit)'}, ${connections} connections, ${duration} s per target${rounds > 1 ? ` (median of ${rounds} rounds)` : ''}, ${os.cpus().length} CPUs, Node ${process.version}, MEMORY_PROFILE=${memoryProfile}\n`,
)
console.log(table(rows, baselines))
if (volumes.length > 1) {
	const [low, high] = [volumes[0] as number, volumes.at(-1) as number]
	console.log(`\n×${low} beside ×${high} (ratios: ×${high} / ×${low}; each page measured on both, one after the other):`)
	const header = [
		'cache',
		'target',
		`×${low} req/s`,
		`×${high} req/s`,
		`×${low} p50/p99`,
		`×${high} p50/p99`,
		'p50 ratio',
		'p99 ratio',
		'CPU ratio',
	]
	const lines = rows
		.filter((r) => r.volume === low)
		.flatMap((r) => {
			const other = rows.find((o) => o.volume === high && o.cache === r.cache && o.label === r.label)
			if (!other) return []
			const ratio = (a: number, b: number) => `${(a / Math.max(b, 0.01)).toFixed(2)}×`
			return [
				[
					r.cache,
					r.label,
					String(r.rps),
					String(other.rps),
					`${r.p50}/${r.p99}`,
					`${other.p50}/${other.p99}`,
					ratio(other.p50, r.p50),
					ratio(other.p99, r.p99),
					ratio(other.cpuMsPerRequest, r.cpuMsPerRequest),
				],
			]
		})
	const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)))
	const fmt = (cells: Array<string>) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')
	console.log([fmt(header), fmt(widths.map((w) => '-'.repeat(w))), ...lines.map(fmt)].join('\n'))
}
if (notModified)
	console.log(`\n304 path (If-None-Match on /): ${notModified.rps} req/s, p50 ${notModified.p50} ms, p99 ${notModified.p99} ms`)
for (const { volume, visits } of firstAfterSave)
	console.log(
		`first visit to / 1.5 s after each of 5 saves (×${volume}, RENDER_WARM_PAGES=${process.env.RENDER_WARM_PAGES ?? 24}): ${visits.map((v) => `${v.outcome} ${v.ms} ms`).join(', ')}`,
	)
if (visit)
	console.log(
		`first visit to /: ${visit.jsGzipKb} KB JavaScript and ${visit.cssGzipKb} KB CSS, gzipped (${visit.scripts.length} script files)`,
	)
for (const m of memory)
	console.log(`resident memory ×${m.volume} cache ${m.cache}: ${m.afterStartMb} MB after start, ${m.afterLoadMb} MB after the load`)
if (leak.length > 0) {
	const first = memory.find((m) => m.volume === volumes[0] && m.cache === 'on')
	console.log(
		`same load repeated (×${volumes[0]}, cache on): ${[first?.afterLoadMb, ...leak.map((l) => l.rssMb)].join(' → ')} MB after runs 1, 2, 3`,
	)
}
for (const s of search as Array<{ dialect: string; items: number; p50: number; p95: number }>)
	console.log(`search over ${s.items} items on ${s.dialect}: p50 ${s.p50} ms, p95 ${s.p95} ms`)

const out = {
	date: new Date().toISOString(),
	node: process.version,
	cpus: os.cpus().length,
	memoryProfile,
	loadGenerator: WRK ? 'wrk' : 'autocannon',
	connections,
	durationSeconds: duration,
	rounds,
	rows,
	baselines: Object.fromEntries(baselines),
	notModified,
	firstVisit: visit,
	memory,
	leak,
	firstAfterSave,
	search,
}
const dir = path.join(ROOT, 'bench', 'results')
fs.mkdirSync(dir, { recursive: true })
const file = path.join(dir, `bench-${out.date.replace(/[:.]/g, '-')}.json`)
fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`)
console.log(`\nwritten: ${path.relative(ROOT, file)}`)
