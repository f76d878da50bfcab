/**
 * `npm run bench`: starts the production server on a temporary, seeded data
 * directory and drives load at it from a separate process (autocannon) on
 * 127.0.0.1. Every page is compared with a fingerprinted static asset served
 * by the same process in the same run (the baseline), because absolute
 * figures on a shared machine drift.
 *
 *   npm run bench -- --duration 10 --connections 32
 *
 * Prints a table and writes the same figures as JSON under bench/results/.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import zlib from 'node:zlib'

const ROOT = path.resolve(import.meta.dirname, '..')
const { values } = parseArgs({
	options: {
		duration: { type: 'string', default: '8' },
		connections: { type: 'string', default: '32' },
		port: { type: 'string', default: '3290' },
	},
})
const duration = Number(values.duration)
const connections = Number(values.connections)
const port = Number(values.port)
const base = `http://127.0.0.1:${port}`

type LoadResult = { label: string; path: string; rps: number; p50: number; p99: number; errors: number; non2xx: number }

function ensureBuild() {
	console.log('Building the production bundle…')
	const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' })
	if (result.status !== 0) throw new Error('build failed')
}

async function startServer(dataDir: string): Promise<ChildProcess> {
	const child = spawn(process.execPath, ['server.ts'], {
		cwd: ROOT,
		env: {
			...process.env,
			NODE_OPTIONS: '--max-semi-space-size=16',
			NODE_ENV: 'production',
			SEED_DEMO: '1',
			DATA_DIR: dataDir,
			PORT: String(port),
			HOST: '127.0.0.1',
			LOG_LEVEL: 'warn',
		},
		stdio: ['ignore', 'ignore', 'inherit'],
	})
	const deadline = Date.now() + 120_000
	while (Date.now() < deadline) {
		try {
			const response = await fetch(`${base}/readyz`)
			if (response.ok) return child
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
	child.kill('SIGKILL')
	throw new Error('the server did not become ready')
}

function rssMb(pid: number) {
	const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
	const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
	return Math.round(kb / 102.4) / 10
}

function load(label: string, urlPath: string, headers: Record<string, string> = {}): LoadResult {
	const args = [path.join(ROOT, 'node_modules', 'autocannon', 'autocannon.js'), '-j', '-c', String(connections), '-d', String(duration)]
	for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`)
	args.push(`${base}${urlPath}`)
	const result = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
	if (result.status !== 0) throw new Error(`autocannon failed: ${result.stderr}`)
	const json = JSON.parse(result.stdout) as {
		requests: { average: number }
		latency: { p50: number; p99: number }
		errors: number
		non2xx: number
	}
	return {
		label,
		path: urlPath,
		rps: Math.round(json.requests.average),
		p50: json.latency.p50,
		p99: json.latency.p99,
		errors: json.errors,
		non2xx: json.non2xx,
	}
}

/** The scripts a first visit to `/` runs, gzipped as a browser would receive them. */
async function firstVisitJavaScript() {
	const html = await (await fetch(`${base}/`)).text()
	const queue = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1] as string)
	const seen = new Set<string>()
	let raw = 0
	let gzip = 0
	while (queue.length > 0) {
		const src = queue.shift() as string
		if (seen.has(src)) continue
		seen.add(src)
		const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer())
		raw += body.length
		gzip += zlib.gzipSync(body, { level: 9 }).length
		// Dynamic imports of widgets present on the page are part of the visit.
		for (const match of body.toString('utf8').matchAll(/import\([`"']\.\/([^`"']+\.js)[`"']\)/g)) {
			const chunk = new URL(match[1] as string, new URL(src, base)).pathname
			const widget = path.basename(chunk).split('-')[0]
			if (widget && html.includes(`data-${widget}`)) queue.push(chunk)
		}
	}
	return { files: [...seen], rawBytes: raw, gzipBytes: gzip }
}

function table(rows: Array<LoadResult>, baseline: LoadResult) {
	const header = ['target', 'path', 'req/s', 'p50 ms', 'p99 ms', 'vs baseline', 'errors']
	const lines = rows.map((r) => [
		r.label,
		r.path,
		String(r.rps),
		String(r.p50),
		String(r.p99),
		`${((r.rps / baseline.rps) * 100).toFixed(0)} %`,
		String(r.errors + r.non2xx),
	])
	const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)))
	const fmt = (cells: Array<string>) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')
	return [fmt(header), fmt(widths.map((w) => '-'.repeat(w))), ...lines.map(fmt)].join('\n')
}

ensureBuild()
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-'))
const server = await startServer(dataDir)
try {
	const pid = server.pid as number
	const rssAtStart = rssMb(pid)
	const home = await (await fetch(`${base}/`)).text()
	const asset = /href="(\/assets\/[^"]+\.css)"/.exec(home)?.[1]
	if (!asset) throw new Error('no fingerprinted stylesheet found on /')

	// Warm up caches and JIT before measuring.
	load('warm-up', '/')
	const baseline = load('static asset (baseline)', asset, { 'accept-encoding': 'gzip' })
	const results = [baseline, load('home page', '/', { 'accept-encoding': 'gzip' })]
	const rssAfter = rssMb(pid)
	const js = await firstVisitJavaScript()

	console.log(`\n${connections} connections, ${duration} s per target, ${os.cpus().length} CPUs, Node ${process.version}\n`)
	console.log(table(results, baseline))
	console.log(`\nhome page / static asset: ${(results[1]!.rps / baseline.rps).toFixed(2)}`)
	console.log(
		`first visit to /: ${js.files.length} script file(s), ${(js.gzipBytes / 1024).toFixed(1)} KB gzipped (${(js.rawBytes / 1024).toFixed(1)} KB raw)`,
	)
	console.log(`server resident memory: ${rssAtStart} MB after start, ${rssAfter} MB after the load`)

	const out = {
		date: new Date().toISOString(),
		node: process.version,
		cpus: os.cpus().length,
		connections,
		durationSeconds: duration,
		results: results.map((r) => ({ ...r, ratioToBaseline: Number((r.rps / baseline.rps).toFixed(3)) })),
		firstVisitJavaScript: js,
		rssMb: { afterStart: rssAtStart, afterLoad: rssAfter },
	}
	const dir = path.join(ROOT, 'bench', 'results')
	fs.mkdirSync(dir, { recursive: true })
	const file = path.join(dir, `bench-${out.date.replace(/[:.]/g, '-')}.json`)
	fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`)
	console.log(`\nwritten: ${path.relative(ROOT, file)}`)
} finally {
	server.kill('SIGTERM')
	await new Promise((resolve) => server.once('exit', resolve))
	fs.rmSync(dataDir, { recursive: true, force: true })
}
