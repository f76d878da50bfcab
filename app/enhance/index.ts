/**
 * Progressive enhancement for the public pages, which are server-rendered
 * and not hydrated (docs/decisions/001). Each widget marks itself with a
 * data attribute; only the code for widgets on the page is loaded.
 */
import { enhanceHeader } from './header.ts'

const widgets: Array<[string, () => Promise<{ enhance: (root: HTMLElement) => void }>]> = [
	['[data-hero]', () => import('./hero.ts')],
	['[data-awards-filter]', () => import('./awards-filter.ts')],
	['[data-dues-calculator]', () => import('./dues-calculator.ts')],
	['[data-copy]', () => import('./copy.ts')],
	['[data-card-carousel]', () => import('./card-carousel.ts')],
	['[data-pub-grid]', () => import('./pub-grid.ts')],
	['[data-month-picker]', () => import('./month-picker.ts')],
	['img[data-fallback]', () => import('./fallback.ts')],
]

async function enhanceWidget(selector: string, load: () => Promise<{ enhance: (root: HTMLElement) => void }>) {
	const roots = document.querySelectorAll<HTMLElement>(selector)
	if (roots.length === 0) return
	const module = await load()
	for (const root of roots) module.enhance(root)
}

function enhanceAll() {
	enhanceHeader()
	for (const [selector, load] of widgets) void enhanceWidget(selector, load)
}

// The script is async: on a slow phone it can arrive before the rest of the page has been parsed, and
// the widgets below that point would be missed. It waits for the whole document.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', enhanceAll, { once: true })
else enhanceAll()
