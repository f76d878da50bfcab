/**
 * A browser's User-Agent header in words a person recognises: the browser
 * and the system, e.g. "Chrome · Windows", "Safari · iPhone",
 * "Firefox · Linux". Only the common browsers and systems are named; the
 * rest is `null` (the screen says "Bilinmeyen tarayıcı"). Pure, safe for
 * the browser.
 */

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
	// Order matters: Edge, Opera, Samsung and the in-app browsers also say "Chrome" and "Safari".
	[/\bEdg(e|A|iOS)?\//, 'Edge'],
	[/\b(OPR|Opera|OPiOS)\//, 'Opera'],
	[/\bSamsungBrowser\//, 'Samsung Internet'],
	[/\bYaBrowser\//, 'Yandex'],
	[/\b(Firefox|FxiOS)\//, 'Firefox'],
	[/\b(Chrome|CriOS|Chromium|HeadlessChrome)\//, 'Chrome'],
	[/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
	[/\b(iPhone|iPad).*AppleWebKit\//, 'Safari'],
	[/\bMSIE |\bTrident\//, 'Internet Explorer'],
	[/\bcurl\//, 'curl'],
]

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
	[/\biPhone\b/, 'iPhone'],
	[/\biPad\b/, 'iPad'],
	[/\bAndroid\b/, 'Android'],
	[/\bCrOS\b/, 'ChromeOS'],
	[/\bWindows\b/, 'Windows'],
	[/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
	[/\bLinux\b|\bX11\b/, 'Linux'],
]

/** "Chrome · Windows", just the browser or the system when only one is known, or null. */
export function describeUserAgent(userAgent: string | null | undefined): string | null {
	if (!userAgent) return null
	const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null
	const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null
	if (browser && system) return `${browser} · ${system}`
	return browser ?? system
}
