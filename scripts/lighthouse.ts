/**
 * `npm run lighthouse`: Lighthouse (mobile preset, the default) in Debian's
 * Chromium against the production build on a seeded temporary data
 * directory, on every public page type. Prints the four category scores,
 * LCP, CLS, TBT and the bytes transferred per resource type for each page
 * and run; with `--runs N` each page is measured N times and a last table
 * gives each page's lowest, median and highest performance score and TBT
 * (one run's score moves by a few points). `--pages /,/kurumsal/tarihce`
 * measures only those pages. Writes the runs to bench/results/.
 *
 *   CHROME_PATH=/usr/bin/chromium npm run lighthouse -- --runs 3
 *   CHROME_PATH=/usr/bin/chromium npm run lighthouse -- --runs 5 --pages /
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { buildProduction, makeDataDir, ROOT, run, startProductionServer, stopServer } from './lib/production-server.ts'

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3295)
const base = `http://127.0.0.1:${PORT}`
const chrome = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

type Audit = { numericValue?: number; details?: { items?: Array<{ resourceType?: string; transferSize?: number }> } }
type Report = { categories: Record<string, { score: number | null }>; audits: Record<string, Audit> }

const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' }, pages: { type: 'string' } } })
const runs = Math.max(1, Math.min(10, Number(values.runs) || 1))

buildProduction()
const dataDir = makeDataDir('lighthouse')
const server = await startProductionServer(dataDir, PORT)
const results: Array<Record<string, unknown>> = []
try {
	const first = async (list: string, pattern: RegExp) => pattern.exec(await (await fetch(`${base}${list}`)).text())?.[1] ?? list
	const every = [
		'/',
		'/duyurular',
		await first('/duyurular', /href="(\/duyurular\/\d+[^"]*)"/),
		'/duyurular/etkinlikler',
		await first('/duyurular/etkinlikler', /href="((?:\/duyurular)?\/etkinlikler\/[a-z0-9-]+)"/),
		'/duyurular/takvim',
		'/duyurular/bulten-arsivi',
		'/mezunlarimiz/mezunlardan-haberler',
		'/mezunlarimiz/basari-onur-odulleri',
		'/uyelik/uyelere-avantajlar',
		'/kurumsal/hakkimizda',
		'/kurumsal/tarihce',
		'/kurumsal/yonetim-kurulu',
		'/aidat',
		'/iletisim/iletisim-adresleri',
		'/arama?q=mezun',
	]
	const only = values.pages?.split(',').map((page) => page.trim())
	const pages = only ? every.filter((page) => only.includes(page)) : every
	if (pages.length === 0) throw new Error(`--pages names none of the measured pages: ${every.join(', ')}`)
	/**
	 * One Lighthouse run of a page. Lighthouse sometimes fails to record its own trace ("NO_NAVSTART",
	 * "Something went wrong with recording the trace"): that page is measured again, up to twice more;
	 * a page that fails three times stops the run.
	 */
	const measure = (page: string): Report => {
		const out = path.join(dataDir, 'report.json')
		for (let attempt = 1; ; attempt++) {
			try {
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
				return JSON.parse(fs.readFileSync(out, 'utf8')) as Report
			} catch (error) {
				if (attempt === 3) throw error
				console.log(`${page}: Lighthouse failed (attempt ${attempt}), measuring again`)
			}
		}
	}
	for (let runNumber = 1; runNumber <= runs; runNumber++)
		for (const page of pages) {
			const report = measure(page)
			const bytes: Record<string, number> = {}
			let largestImage = 0
			for (const item of report.audits['network-requests']?.details?.items ?? []) {
				const type = item.resourceType ?? 'Other'
				bytes[type] = (bytes[type] ?? 0) + (item.transferSize ?? 0)
				if (type === 'Image') largestImage = Math.max(largestImage, item.transferSize ?? 0)
			}
			const score = (name: string) => Math.round((report.categories[name]?.score ?? 0) * 100)
			const row = {
				page,
				run: runNumber,
				performance: score('performance'),
				accessibility: score('accessibility'),
				bestPractices: score('best-practices'),
				seo: score('seo'),
				lcpMs: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? 0),
				cls: Number((report.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
				tbtMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? 0),
				largestImageKb: Math.round(largestImage / 102.4) / 10,
				kb: Object.fromEntries(Object.entries(bytes).map(([type, size]) => [type, Math.round(size / 102.4) / 10])),
			}
			results.push(row)
			console.log(
				`${runs > 1 ? `run ${runNumber}  ` : ''}${page.padEnd(36)} perf ${row.performance}  a11y ${row.accessibility}  bp ${row.bestPractices}  seo ${row.seo}  LCP ${row.lcpMs} ms  CLS ${row.cls}  TBT ${row.tbtMs} ms  largest image ${row.largestImageKb} KB  ` +
					Object.entries(row.kb)
						.map(([type, kb]) => `${type} ${kb} KB`)
						.join(', '),
			)
		}
} finally {
	await stopServer(server)
	fs.rmSync(dataDir, { recursive: true, force: true })
}
if (runs > 1) {
	console.log(`\nperformance and TBT over ${runs} runs per page (lowest / median / highest):`)
	const median = (values: Array<number>) => values.toSorted((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!
	for (const page of new Set(results.map((row) => row.page as string))) {
		const of = results.filter((row) => row.page === page)
		const perf = of.map((row) => row.performance as number)
		const tbt = of.map((row) => row.tbtMs as number)
		console.log(
			`${page.padEnd(36)} perf ${Math.min(...perf)} / ${median(perf)} / ${Math.max(...perf)}   TBT ${Math.min(...tbt)} / ${median(tbt)} / ${Math.max(...tbt)} ms`,
		)
	}
}
const dir = path.join(ROOT, 'bench', 'results')
fs.mkdirSync(dir, { recursive: true })
const file = path.join(dir, `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`)
console.log(`written: ${path.relative(ROOT, file)}`)
