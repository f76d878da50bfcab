import fs from 'node:fs'

/** Flags for Debian's Chromium on a headless machine with no network beyond loopback. */
export const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
]

/**
 * The browser the tests drive: `CHROMIUM_PATH` when set, otherwise Debian's
 * `chromium-headless-shell` (the same Chromium without the desktop shell: no
 * GPU process, fewer helper processes; it took about 40 % less CPU for the
 * end-to-end suite), otherwise Debian's full `chromium`.
 */
export function chromiumPath(): string {
	if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
	for (const candidate of ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium']) {
		if (fs.existsSync(candidate)) return candidate
	}
	return '/usr/bin/chromium'
}
