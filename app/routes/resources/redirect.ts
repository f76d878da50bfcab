import { redirect } from 'react-router'
import type { Route } from './+types/redirect.ts'

/**
 * Spec §2 "empty path redirects": real HTTP redirects from the server, so
 * links, bookmarks and crawlers all land on the child page.
 */
const TARGETS: Record<string, string> = {
	'/kurumsal': '/kurumsal/hakkimizda',
	'/mezunlarimiz': '/mezunlarimiz/mezunlardan-haberler',
	'/uyelik': '/uyelik/neden-uye-olmaliyiz',
	'/iletisim': '/iletisim/iletisim-adresleri',
	'/aidat/aidat-odeme': '/aidat',
}

export function loader({ url }: Route.LoaderArgs) {
	const path = url.pathname.replace(/\/+$/, '') || '/'
	throw redirect(TARGETS[path] ?? '/', 302)
}
