/**
 * Open-loop load: requests at random (Poisson) moments at a mean rate, the
 * way visitors arrive, each on a free keep-alive connection. Latency counts
 * from the moment a request was due, not from when it could be sent, so a
 * server that falls behind shows it (no coordinated omission). A closed loop
 * (autocannon, wrk: N connections each waiting for its answer) measures the
 * most a server can do; past that point its latency is only the queue of N.
 *
 *   node scripts/lib/arrivals.ts --url http://127.0.0.1:3290/ --rate 40 --duration 5 [-H name=value]
 *
 * Prints one line of JSON: { rate, sent, completed, errors, p50, p99, max } in ms.
 */
import http from 'node:http'
import { parseArgs } from 'node:util'

const { values } = parseArgs({
	options: {
		url: { type: 'string' },
		rate: { type: 'string' },
		duration: { type: 'string', default: '5' },
		header: { type: 'string', short: 'H', multiple: true, default: [] },
	},
})
if (!values.url || !values.rate) throw new Error('usage: arrivals.ts --url URL --rate N [--duration S] [-H name=value]')
const url = new URL(values.url)
const rate = Number(values.rate)
const durationMs = Number(values.duration) * 1000
const headers = Object.fromEntries(values.header.map((h) => [h.slice(0, h.indexOf('=')), h.slice(h.indexOf('=') + 1)]))
const REQUEST_TIMEOUT_MS = 10_000

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 })
const latencies: Array<number> = []
let sent = 0
let errors = 0
let open = 0

function send(due: number) {
	sent++
	open++
	const settle = (ok: boolean) => {
		open--
		if (ok) latencies.push(performance.now() - due)
		else errors++
	}
	const request = http.get(url, { agent, headers, timeout: REQUEST_TIMEOUT_MS }, (response) => {
		response.on('data', () => {})
		response.on('end', () => settle(response.statusCode !== undefined && response.statusCode < 400))
		response.on('error', () => settle(false))
	})
	request.on('timeout', () => request.destroy(new Error('timeout')))
	request.on('error', () => settle(false))
}

const start = performance.now()
let due = start
const nextGap = () => (-Math.log(1 - Math.random()) * 1000) / rate

/** Sends everything due by now, then sleeps until the next arrival. */
function tick() {
	const now = performance.now()
	while (due <= now && due < start + durationMs) {
		send(due)
		due += nextGap()
	}
	if (due < start + durationMs) setTimeout(tick, Math.max(0, due - performance.now()))
	else finish()
}

function finish() {
	if (open > 0) {
		setTimeout(finish, 5)
		return
	}
	agent.destroy()
	latencies.sort((a, b) => a - b)
	const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 10) / 10
	console.log(JSON.stringify({ rate, sent, completed: latencies.length, errors, p50: at(0.5), p99: at(0.99), max: at(1) }))
}

due += nextGap()
tick()
