import { siteOrigin } from '#app/lib/origin.server.ts'
import type { Route } from './+types/robots.ts'

export function loader({ request }: Route.LoaderArgs) {
	const body = [
		'User-agent: *',
		'Allow: /',
		'Disallow: /admin',
		'Disallow: /giris',
		'Disallow: /api/',
		'',
		`Sitemap: ${siteOrigin(request)}/sitemap.xml`,
		'',
	].join('\n')
	return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
