import { redirect } from 'react-router'
import { DEFAULT_SECTION, findSection, sectionForLegacyTab, sectionHref } from '#app/features/admin/sections.ts'
import type { Route } from './+types/index.ts'

/**
 * `/admin` opens the first section; an old `/admin?tab=<id>&edit=3` link
 * goes to its section with the rest of its parameters.
 */
export function loader({ url }: Route.LoaderArgs) {
	const params = new URLSearchParams(url.search)
	const tab = params.get('tab')
	params.delete('tab')
	params.delete('index')
	if (!tab) throw redirect(sectionHref(DEFAULT_SECTION, Object.fromEntries(params)), 302)
	const name = tab.trim()
	const section = sectionForLegacyTab(name) ?? findSection(name)
	// An unknown name still lands in the admin, on its "no such section" page.
	const slug = section?.slug ?? (/^[a-z][a-z-]{0,40}$/i.test(name) ? name.toLowerCase() : DEFAULT_SECTION)
	throw redirect(sectionHref(slug, Object.fromEntries(params)), 301)
}
