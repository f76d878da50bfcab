/**
 * `npm run bench`: the production server under load, measured in one run
 * against a baseline served by the same process (a fingerprinted static
 * asset), because absolute figures on a shared machine drift.
 *
 * For each content volume (the demo ×1, ×10, ×100) it seeds a temporary data
 * directory, starts the server with the render cache on and then off, and
 * drives load from a separate process (autocannon) on 127.0.0.1:
 *   /, /duyurular, an announcement, /duyurular/takvim, /arama?q=…,
 *   /uyelik/uyelere-avantajlar, a media variant, the static asset, the 304 path.
 * Then: site search latency over 10 000 items, the first visit's JavaScript
 * and CSS, resident memory. Prints tables and writes JSON to bench/results/.
 *
 *   npm run bench -- --duration 5 --connections 32 --volumes 1,10,100
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import zlib from 'node:zlib'
import { buildProduction, makeDataDir, ROOT, rssMb, run, startProductionServer, stopServer } from './lib/production-server.ts'

const { values } = parseArgs({
	options: {
		duration: { type: 'string', default: '5' },
		connections: { type: 'string', default: '32' },
		port: { type: 'string', default: '3290' },
		volumes: { type: 'string', default: '1,10,100' },
		'no-search': { type: 'boolean', default: false },
	},
})
const duration = Number(values.duration)
const connections = Number(values.connections)
const port = Number(values.port)
const volumes = values.volumes.split(',').map(Number)
const base = `http://127.0.0.1:${port}`

type Load = { rps: number; p50: number; p99: number; errors: number }
type Row = { volume: number; cache: 'on' | 'off'; label: string; path: string } & Load

function load(urlPath: string, headers: Record<string, string> = {}): Load {
	const args = [path.join(ROOT, 'node_modules', 'autocannon', 'autocannon.js'), '-j', '-c', String(connections), '-d', String(duration)]
	for (const [k, v] of Object.entries({ 'accept-encoding': 'gzip, br', ...headers })) args.push('-H', `${k}=${v}`)
	args.push(`${base}${urlPath}`)
	const result = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
	if (result.status !== 0) throw new Error(`autocannon failed: ${result.stderr}`)
	const json = JSON.parse(result.stdout) as {
		requests: { average: number }
		latency: { p50: number; p99: number }
		errors: number
		non2xx: number
		'2xx': number
	}
	const non2xxAllowed = headers['if-none-match'] ? json['2xx'] : json.non2xx
	return { rps: Math.round(json.requests.average), p50: json.latency.p50, p99: json.latency.p99, errors: json.errors + non2xxAllowed }
}

/** Seeds a data directory with the demo and multiplies the dynamic content. */
function seed(factor: number) {
	const dataDir = makeDataDir(`bench-${factor}`)
	if (factor > 1)
		run(process.execPath, ['scripts/bench-data.ts', '--factor', String(factor)], { DATA_DIR: dataDir, NODE_ENV: 'production' })
	return dataDir
}

async function targets() {
	const home = await (await fetch(`${base}/`)).text()
	const css = /href="(\/assets\/[^"]+\.css)"/.exec(home)?.[1]
	const announcement = /href="(\/duyurular\/\d+[^"]*)"/.exec(await (await fetch(`${base}/duyurular`)).text())?.[1]
	const media = /(\/media\/[^"\s,]+\.w\d+\.webp)/.exec(home)?.[1]
	if (!css || !announcement || !media) throw new Error('could not find the pages to measure')
	return [
		{ label: 'static asset (baseline)', path: css },
		{ label: 'home', path: '/' },
		{ label: 'announcements', path: '/duyurular' },
		{ label: 'announcement', path: announcement },
		{ label: 'calendar', path: '/duyurular/takvim' },
		{ label: 'search', path: '/arama?q=mezun' },
		{ label: 'member perks', path: '/uyelik/uyelere-avantajlar' },
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
	const header = ['volume', 'cache', 'target', 'req/s', 'p50 ms', 'p99 ms', 'vs baseline', 'errors']
	const lines = rows.map((r) => [
		`×${r.volume}`,
		r.cache,
		r.label,
		String(r.rps),
		String(r.p50),
		String(r.p99),
		`${((r.rps / (baselines.get(`${r.volume}-${r.cache}`) ?? r.rps)) * 100) | 0} %`,
		String(r.errors),
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

for (const volume of volumes) {
	console.log(`\nSeeding the demo ×${volume}…`)
	const dataDir = seed(volume)
	try {
		for (const cache of ['on', 'off'] as const) {
			const server = await startProductionServer(dataDir, port, cache === 'off' ? { RENDER_CACHE: 'off' } : {})
			try {
				const pid = server.pid as number
				const afterStart = rssMb(pid)
				const list = await targets()
				load('/', {})
				for (const target of list) {
					const result = load(target.path)
					rows.push({ volume, cache, ...target, ...result })
					if (target.label.startsWith('static')) baselines.set(`${volume}-${cache}`, result.rps)
					console.log(
						`×${volume} cache ${cache}  ${target.label.padEnd(24)} ${String(result.rps).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms`,
					)
				}
				if (cache === 'on') {
					const etag = (await fetch(`${base}/`)).headers.get('etag') ?? ''
					notModified = { volume, ...load('/', { 'if-none-match': etag }) }
					if (volume === volumes[0]) visit = await firstVisit()
				}
				memory.push({ volume, cache, afterStartMb: afterStart, afterLoadMb: rssMb(pid) })
				if (cache === 'on' && volume === volumes[0]) {
					// The same load twice more: resident memory after the second and third runs shows a leak if it keeps growing.
					for (let pass = 2; pass <= 3; pass++) {
						for (const target of list) load(target.path)
						leak.push({ pass, rssMb: rssMb(pid) })
					}
				}
			} finally {
				await stopServer(server)
			}
		}
	} finally {
		fs.rmSync(dataDir, { recursive: true, force: true })
	}
}

let search: Array<unknown> = []
if (!values['no-search']) {
	console.log('\nSite search over 10 000 items…')
	const { measureSearchLatency } = await import('./bench-search.ts')
	const { dialectsUnderTest } = await import('#tests/setup/db.ts')
	for (const dialect of dialectsUnderTest()) search.push(await measureSearchLatency({ dialect }))
}

console.log(`\n${connections} connections, ${duration} s per target, ${os.cpus().length} CPUs, Node ${process.version}\n`)
console.log(table(rows, baselines))
const cachedP50 = (volume: number) =>
	rows.filter((r) => r.volume === volume && r.cache === 'on' && !r.label.startsWith('static') && !r.label.startsWith('media'))
if (volumes.length > 1) {
	const first = cachedP50(volumes[0] as number)
	const last = cachedP50(volumes.at(-1) as number)
	console.log(`\ncached p50, ×${volumes[0]} → ×${volumes.at(-1)}:`)
	for (const row of first) {
		const other = last.find((r) => r.label === row.label)
		if (other) console.log(`  ${row.label.padEnd(16)} ${row.p50} ms → ${other.p50} ms (${(other.p50 / Math.max(row.p50, 1)).toFixed(2)}×)`)
	}
}
if (notModified)
	console.log(`\n304 path (If-None-Match on /): ${notModified.rps} req/s, p50 ${notModified.p50} ms, p99 ${notModified.p99} ms`)
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
	connections,
	durationSeconds: duration,
	rows,
	baselines: Object.fromEntries(baselines),
	notModified,
	firstVisit: visit,
	memory,
	leak,
	search,
}
const dir = path.join(ROOT, 'bench', 'results')
fs.mkdirSync(dir, { recursive: true })
const file = path.join(dir, `bench-${out.date.replace(/[:.]/g, '-')}.json`)
fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`)
console.log(`\nwritten: ${path.relative(ROOT, file)}`)
