import type { UIMatch } from 'react-router'

/** Spec §2 "Route metadata": header colour and which chrome a page hides. */
export type NavTheme = 'auto' | 'light' | 'black'

export type SiteHandle = {
	navTheme?: NavTheme
	hideNavbar?: boolean
	hideFooter?: boolean
	/**
	 * Load React in the browser for this page. Public pages are not hydrated
	 * (they get the small enhancement script instead); login and admin are.
	 */
	hydrate?: boolean
}

/** The deepest match's settings win, as the spec's route metadata does. */
export function resolveHandle(matches: Array<UIMatch<unknown, unknown>>): Required<SiteHandle> {
	const result: Required<SiteHandle> = { navTheme: 'auto', hideNavbar: false, hideFooter: false, hydrate: false }
	for (const match of matches) {
		const handle = match.handle as SiteHandle | undefined
		if (!handle) continue
		if (handle.navTheme) result.navTheme = handle.navTheme
		if (handle.hideNavbar !== undefined) result.hideNavbar = handle.hideNavbar
		if (handle.hideFooter !== undefined) result.hideFooter = handle.hideFooter
		if (handle.hydrate !== undefined) result.hydrate = handle.hydrate
	}
	return result
}
