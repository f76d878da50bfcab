import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from './fixtures.ts'

/**
 * A slow phone on a slow network: the page arrives in pieces, and the
 * enhancement script (async, in the head) can have loaded and run before
 * the rest of the page is there. A proxy in front of the test server sends
 * the home page up to the events carousel, lets the script run, and only
 * then sends the rest.
 */
test('the home carousels are enhanced when the script runs before the page has fully arrived', async ({ page, baseURL, consoleErrors }) => {
	const upstream = new URL(baseURL!)
	let sendRest = () => {}
	const restAllowed = new Promise<void>((resolve) => {
		sendRest = resolve
	})
	const proxy = http.createServer(async (req, res) => {
		const answer = await fetch(new URL(req.url!, upstream), { headers: { 'accept-encoding': 'identity' }, redirect: 'manual' })
		const headers = Object.fromEntries(
			[...answer.headers].filter(([name]) => !/^(content-length|content-encoding|transfer-encoding)$/.test(name)),
		)
		res.writeHead(answer.status, headers)
		if (new URL(req.url!, upstream).pathname !== '/') return res.end(Buffer.from(await answer.arrayBuffer()))
		const html = await answer.text()
		const cut = html.lastIndexOf('<section', html.indexOf('id="etkinlikler"'))
		expect(cut).toBeGreaterThan(0)
		res.write(html.slice(0, cut))
		await restAllowed
		res.end(html.slice(cut))
	})
	await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
	try {
		const origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
		const entry = /<script type="module" src="([^"]+)"/.exec(await (await page.request.get('/')).text())?.[1]
		expect(entry).toMatch(/^\/assets\/enhance-[\w-]+\.js$/)

		await page.goto(`${origin}/`, { waitUntil: 'commit' })
		await expect(page.getByRole('group', { name: 'Duyurular' })).toBeAttached()
		expect(await page.evaluate(() => document.readyState)).toBe('loading')
		// The page's own script module, run to its end (an import of the same address is the same module).
		await page.evaluate(async (src) => {
			await import(src)
		}, `${origin}${entry}`)
		expect(await page.evaluate(() => document.readyState)).toBe('loading')
		sendRest()

		for (const name of ['Duyurular', 'Etkinlikler']) {
			await expect(page.getByRole('group', { name })).toHaveAttribute('data-enhanced', 'true', { timeout: 15_000 })
		}
		await expect(page.getByRole('button', { name: 'Sonraki etkinlik' })).toBeVisible()
		expect(consoleErrors).toEqual([])
	} finally {
		sendRest()
		proxy.closeAllConnections()
		await new Promise((resolve) => proxy.close(resolve))
	}
})
