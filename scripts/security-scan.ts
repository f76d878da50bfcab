/**
 * `npm run security:scan`: sqlmap (Debian package `sqlmap`) against every
 * public parameter of the production server, started here on a temporary
 * data directory with the demo content: path segments (announcement id,
 * event and alumni-news slugs) and query values (q, sayfa, ay, yil, kategori,
 * tutar). Prints one line per target and a summary; exits non-zero when
 * sqlmap reports anything injectable (expected: nothing).
 *
 *   npm run security:scan                    # level 2, risk 1
 *   npm run security:scan -- --level 3 --risk 2
 *   DATABASE_URL=postgres://…/empty_db npm run security:scan
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { buildProduction, makeDataDir, ROOT, startProductionServer, stopServer } from './lib/production-server.ts'

const { values } = parseArgs({
	options: {
		level: { type: 'string', default: '2' },
		risk: { type: 'string', default: '1' },
		port: { type: 'string', default: '3297' },
		only: { type: 'string' },
	},
})
const port = Number(values.port)
const base = `http://127.0.0.1:${port}`

const sqlmap = spawnSync('sqlmap', ['--version'], { encoding: 'utf8' })
if (sqlmap.status !== 0) {
	console.error('sqlmap is not installed. On Debian: sudo apt-get install sqlmap')
	process.exit(2)
}
console.log(`sqlmap ${sqlmap.stdout.trim()}`)

buildProduction()
const dataDir = makeDataDir('security-scan')
const server = await startProductionServer(dataDir, port, { LOG_LEVEL: 'error' })

type Verdict = 'clean' | 'injectable' | 'suspicious' | 'error'
const results: Array<{ target: string; verdict: Verdict; notes: Array<string>; seconds: number }> = []
try {
	const first = async (page: string, pattern: RegExp, fallback: string) =>
		pattern.exec(await (await fetch(`${base}${page}`)).text())?.[1] ?? fallback
	const announcementId = await first('/duyurular', /href="\/duyurular\/(\d+)/, '1')
	const eventSlug = await first('/duyurular/etkinlikler', /href="\/(?:duyurular\/)?etkinlikler\/([a-z0-9-]+)"/, 'etkinlik')
	const newsSlug = await first('/mezunlarimiz/mezunlardan-haberler', /href="\/mezunlarimiz\/mezunlardan-haberler\/([a-z0-9-]+)"/, 'haber')

	// `*` marks an injection point inside the path for sqlmap.
	const targets = [
		`${base}/duyurular/${announcementId}*`,
		`${base}/etkinlikler/${eventSlug}*`,
		`${base}/duyurular/etkinlikler/${eventSlug}*`,
		`${base}/mezunlarimiz/mezunlardan-haberler/${newsSlug}*`,
		`${base}/arama?q=mezun&sayfa=1`,
		`${base}/duyurular?sayfa=1`,
		`${base}/duyurular/etkinlikler?sayfa=1`,
		`${base}/mezunlarimiz/mezunlardan-haberler?sayfa=1`,
		`${base}/duyurular/takvim?ay=2026-11&yil=2026`,
		`${base}/duyurular/bulten-arsivi?yil=2025`,
		`${base}/uyelik/uyelere-avantajlar?kategori=saglik`,
		`${base}/mezunlarimiz/basari-onur-odulleri?yil=2020&q=odul`,
		`${base}/aidat?tutar=1200`,
	].filter((url) => !values.only || url.includes(values.only))

	for (const url of targets) {
		const output = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlmap-'))
		const started = performance.now()
		const scan = spawnSync(
			'sqlmap',
			[
				'-u',
				url,
				'--batch',
				'--flush-session',
				'--disable-coloring',
				`--level=${values.level}`,
				`--risk=${values.risk}`,
				'--threads=2',
				'--timeout=15',
				'--retries=1',
				`--output-dir=${output}`,
			],
			{ encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, HOME: output } },
		)
		fs.rmSync(output, { recursive: true, force: true })
		const text = `${scan.stdout}\n${scan.stderr}`
		const lines = text.split('\n')
		const found = lines.filter((line) =>
			/is vulnerable|sqlmap identified the following injection point|appears to be .*injectable/i.test(line),
		)
		const hints = lines.filter((line) => /might be injectable|might be vulnerable/i.test(line))
		const clean = /do not appear to be injectable|does not seem to be injectable/i.test(text)
		const verdict: Verdict = found.length
			? 'injectable'
			: scan.status !== 0 && !clean
				? 'error'
				: hints.length
					? 'suspicious'
					: clean
						? 'clean'
						: 'error'
		const notes =
			verdict === 'error' ? lines.filter((line) => /\[(CRITICAL|ERROR)\]/.test(line)).slice(0, 3) : [...found, ...hints].slice(0, 5)
		const seconds = Math.round((performance.now() - started) / 100) / 10
		results.push({ target: url.replace(base, ''), verdict, notes, seconds })
		console.log(`${verdict.padEnd(11)} ${String(seconds).padStart(6)} s  ${url.replace(base, '')}`)
		for (const note of notes) console.log(`            ${note.trim()}`)
	}
} finally {
	await stopServer(server)
	fs.rmSync(dataDir, { recursive: true, force: true })
}

const count = (verdict: Verdict) => results.filter((r) => r.verdict === verdict).length
console.log(
	`\nsqlmap level ${values.level} risk ${values.risk}: ${results.length} targets, ${count('clean')} clean, ${count('suspicious')} heuristic hints, ${count('injectable')} injectable, ${count('error')} errors`,
)
const dir = path.join(ROOT, 'bench', 'results')
fs.mkdirSync(dir, { recursive: true })
const file = path.join(dir, `security-scan-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
fs.writeFileSync(file, `${JSON.stringify({ level: values.level, risk: values.risk, results }, null, 2)}\n`)
console.log(`written: ${path.relative(ROOT, file)}`)
if (count('injectable') > 0 || count('error') > 0) process.exitCode = 1
