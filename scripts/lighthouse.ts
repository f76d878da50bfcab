/**
 * `npm run lighthouse`: Lighthouse (mobile preset, the default) in Debian's
 * Chromium against the production build on a seeded temporary data
 * directory. Prints the four category scores, LCP, CLS, TBT and the bytes
 * transferred per resource type for each page; writes the summary to
 * bench/results/.
 *
 *   CHROME_PATH=/usr/bin/chromium npm run lighthouse
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3295)
const base = `http://127.0.0.1:${PORT}`
const chrome = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

function run(command: string, args: Array<string>, env: Record<string, string> = {}) {
	const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } })
	if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`)
}

async function startServer(dataDir: string): Promise<ChildProcess> {
	const child = spawn(process.execPath, ['--max-semi-space-size=16', 'server.ts'], {
		cwd: ROOT,
		env: {
			...process.env,
			NODE_ENV: 'production',
			SEED_DEMO: '1',
			DATA_DIR: dataDir,
			PORT: String(PORT),
			HOST: '127.0.0.1',
			LOG_LEVEL: 'warn',
		},
		stdio: ['ignore', 'ignore', 'inherit'],
	})
	for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
		try {
			if ((await fetch(`${base}/readyz`)).ok) return child
		} catch {
			// not yet
		}
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
	child.kill('SIGKILL')
	throw new Error('the server did not become ready')
}

type Audit = { numericValue?: number; details?: { items?: Array<{ resourceType?: string; transferSize?: number }> } }
type Report = { categories: Record<string, { score: number | null }>; audits: Record<string, Audit> }

console.log('Building the production bundle…')
run('npm', ['run', '--silent', 'build'])
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-lighthouse-'))
const server = await startServer(dataDir)
const results: Array<Record<string, unknown>> = []
try {
	const announcement = /href="(\/duyurular\/\d+[^"]*)"/.exec(await (await fetch(`${base}/duyurular`)).text())?.[1] ?? '/duyurular'
	const pages = ['/', '/duyurular', announcement, '/duyurular/takvim', '/kurumsal/tarihce', '/aidat']
	for (const page of pages) {
		const out = path.join(dataDir, 'report.json')
		run(
			process.execPath,
			[
				path.join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js'),
				`${base}${page}`,
				'--quiet',
				'--output=json',
				`--output-path=${out}`,
				'--only-categories=performance,accessibility,best-practices,seo',
				`--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync`,
			],
			{ CHROME_PATH: chrome },
		)
		const report = JSON.parse(fs.readFileSync(out, 'utf8')) as Report
		const bytes: Record<string, number> = {}
		for (const item of report.audits['network-requests']?.details?.items ?? []) {
			const type = item.resourceType ?? 'Other'
			bytes[type] = (bytes[type] ?? 0) + (item.transferSize ?? 0)
		}
		const score = (name: string) => Math.round((report.categories[name]?.score ?? 0) * 100)
		const row = {
			page,
			performance: score('performance'),
			accessibility: score('accessibility'),
			bestPractices: score('best-practices'),
			seo: score('seo'),
			lcpMs: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? 0),
			cls: Number((report.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
			tbtMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? 0),
			kb: Object.fromEntries(Object.entries(bytes).map(([type, size]) => [type, Math.round(size / 102.4) / 10])),
		}
		results.push(row)
		console.log(
			`${page.padEnd(28)} perf ${row.performance}  a11y ${row.accessibility}  bp ${row.bestPractices}  seo ${row.seo}  LCP ${row.lcpMs} ms  CLS ${row.cls}  TBT ${row.tbtMs} ms  ` +
				Object.entries(row.kb)
					.map(([type, kb]) => `${type} ${kb} KB`)
					.join(', '),
		)
	}
} finally {
	server.kill('SIGTERM')
	await new Promise((resolve) => server.once('exit', resolve))
	fs.rmSync(dataDir, { recursive: true, force: true })
}
const dir = path.join(ROOT, 'bench', 'results')
fs.mkdirSync(dir, { recursive: true })
const file = path.join(dir, `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`)
console.log(`written: ${path.relative(ROOT, file)}`)
